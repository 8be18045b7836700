import { loadCatalogue } from '../catalogue-file';
import { openStore, storeFromEnv } from '../db/open-store';
import { rebuildPaletteProjections } from '../palettes/palette-projection';

// `npm run rebuild-projections`: drop the read models and replay the event log into them (either engine).
const target = storeFromEnv(process.env);
const sql = await openStore(target);
const started = performance.now();
const { events, palettes } = await rebuildPaletteProjections(sql, loadCatalogue());
await sql.close();
console.log(
  `Rebuilt projections of ${target.label}: ${events} events → ${palettes} palettes in ${Math.round(performance.now() - started)} ms.`,
);
