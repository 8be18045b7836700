import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hydrateCatalogue } from '../../shared/catalogue/catalogue';
import type { CompactCatalogue } from '../../shared/catalogue/types';
import { describeChange } from '../../web/features/saved/describe-change';
import {
  createLocal,
  type LocalPaletteRecord,
  localHistory,
  parseLocalRecords,
  saveLocalVersion,
} from '../../web/data/local-palettes';
import { ROOT } from '../support/server-process';
import { type BenchSuite, measure, timedRow } from './support';

/**
 * What a phone does with a heavy local list: read `savedPalettes` at start (every palette's whole
 * event history lives under that key) and build one palette's history view.
 */
const suite: BenchSuite = async () => {
  const catalogue = hydrateCatalogue(
    JSON.parse(readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8')) as CompactCatalogue,
  );
  const ids = catalogue.colors.map((c) => c.id);
  const exists = (id: string) => catalogue.byId.has(id);
  const pick = (seed: number) => Array.from({ length: 5 }, (_, i) => ids[(seed * 7 + i * 31) % ids.length] as string);
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

  const grow = (id: string, versions: number) => {
    let record: LocalPaletteRecord = createLocal(id, `Palette ${id}`, pick(0), at(0), exists);
    for (let v = 1; v < versions; v++) {
      record = saveLocalVersion(record, v % 3 === 0 ? { name: `Name ${v}` } : { colorIds: pick(v) }, at(v), exists);
    }
    return record;
  };

  // 200 palettes of 20 versions each: a designer who saves a lot and never signs in.
  const list = Array.from({ length: 200 }, (_, i) => grow(`p${i}`, 20));
  const text = JSON.stringify(list);
  const parseOnly = await measure(() => JSON.parse(text), 50);
  const readList = await measure(() => parseLocalRecords(JSON.parse(text)), 50);

  const long = grow('long', 500);
  const name = (id: string) => catalogue.byId.get(id)?.colorName ?? id;
  const fold = await measure(() => localHistory(long), 50);
  const view = await measure(() => {
    const entries = localHistory(long).reverse();
    return entries.map((entry, i) => describeChange(entries[i + 1] ?? null, entry, name));
  }, 50);

  const baseline = { name: 'JSON.parse of the same storage value', median: parseOnly.median, p95: parseOnly.p95 };
  return [
    {
      name: `read savedPalettes, per save or rename (200 palettes × 20 versions, ${Math.round(text.length / 1024)} KiB)`,
      unit: 'ms',
      ...readList,
      baseline,
      target: 'p95 ≤ 16 ms (one frame) on this machine; ≤ 3 × JSON.parse',
      met: readList.p95 <= 16 && readList.median <= 3 * parseOnly.median,
    },
    timedRow({
      name: 'history view entries + change words (500 versions)',
      measured: view,
      baseline: { name: 'fold of the 500 events alone', ...fold },
      target: 'p95 ≤ 16 ms (one frame)',
      met: view.p95 <= 16,
    }),
  ];
};

export default suite;
