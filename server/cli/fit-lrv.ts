import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LRV_LINE, lrvFromLuminance } from '../../shared/catalogue/lrv-estimate';
import { crossValidate, fitLrvLine, lrvErrors, lrvPairs } from '../../shared/catalogue/lrv-fit';
import type { SourceColor } from '../../shared/catalogue/types';

// `npx tsx server/cli/fit-lrv.ts`: re-fits the LRV estimator and prints its in-sample and 10-fold errors.
const sourcePath = fileURLToPath(new URL('../../data/catalogue.json', import.meta.url));
const pairs = lrvPairs(JSON.parse(readFileSync(sourcePath, 'utf8')) as SourceColor[]);
const line = fitLrvLine(pairs);
const round = (v: number) => Math.round(v);
const inSample = lrvErrors(pairs, (p) => round(lrvFromLuminance(p.y, line)));
const cv = crossValidate(pairs, 10, (fold, y) => round(lrvFromLuminance(y, fold)));
const fixed = (v: number) => v.toFixed(4);
console.log(`pairs: ${pairs.length}`);
console.log(`fitted: intercept ${fixed(line.intercept)}, slope ${fixed(line.slope)}`);
console.log(`in code (shared/catalogue/lrv-estimate.ts): intercept ${LRV_LINE.intercept}, slope ${LRV_LINE.slope}`);
console.log(`in-sample: mean ${inSample.mean.toFixed(2)}, max ${inSample.max.toFixed(1)}`);
console.log(`10-fold CV: mean ${cv.mean.toFixed(2)}, max ${cv.max.toFixed(1)}`);
console.log('worst (CV):', cv.worst.map((w) => `${w.name} ${w.lrv} vs ${w.estimate}`).join('; '));
