import { openDatabase } from '../db/database';
import { rebuildPaletteProjections } from '../palettes/palette-projection';

// `npm run rebuild-projections`: drop the read models and replay the event log into them.
const path = process.env.DATABASE_PATH ?? 'var/swatchbook.sqlite';
const db = openDatabase(path);
const started = performance.now();
const { events, palettes } = rebuildPaletteProjections(db);
db.close();
console.log(
  `Rebuilt projections of ${path}: ${events} events → ${palettes} palettes in ${Math.round(performance.now() - started)} ms.`,
);
