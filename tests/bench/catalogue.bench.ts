import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { hydrateCatalogue } from '../../shared/catalogue/catalogue';
import { deriveCatalogue } from '../../shared/catalogue/derive';
import type { CompactCatalogue, SourceColor } from '../../shared/catalogue/types';
import { ROOT } from '../support/server-process';
import { type BenchSuite, measure } from './support';

const suite: BenchSuite = async () => {
  const sourceText = readFileSync(join(ROOT, 'data/catalogue.json'), 'utf8');
  const builtText = readFileSync(join(ROOT, 'data/generated/catalogue.json'), 'utf8');
  const sources = JSON.parse(sourceText) as SourceColor[];

  const parseSource = await measure(() => JSON.parse(sourceText), 100);
  const derive = await measure(() => deriveCatalogue(sources), 30);
  const load = await measure(() => hydrateCatalogue(JSON.parse(builtText) as CompactCatalogue), 100);
  const baseline = { name: 'JSON.parse of the source file', median: parseSource.median, p95: parseSource.p95 };
  return [
    { name: 'catalogue derive (447 colours, build step)', unit: 'ms', ...derive, baseline },
    { name: 'catalogue load (parse + hydrate, app start)', unit: 'ms', ...load, baseline },
    {
      name: 'catalogue file, gzip',
      unit: 'KiB',
      median: gzipSync(builtText, { level: 9 }).length / 1024,
      baseline: { name: 'source catalogue, gzip', median: gzipSync(sourceText, { level: 9 }).length / 1024 },
    },
  ];
};

export default suite;
