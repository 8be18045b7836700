import { extractPalette } from '../../workers/extract';
import { loadCatalogue } from '../../server/catalogue-file';
import { twelveMegapixelPhoto } from './extract-photos';
import { colorThiefColors, matchColors, vibrantColors } from './extract-rivals';
import { type BenchRow, type BenchSuite, measure } from './support';

/** A 12-megapixel photo to a palette of paints, from decoded pixels (decoding is the browser's job). */
const suite: BenchSuite = async () => {
  const photo = twelveMegapixelPhoto();
  if (!photo)
    return [{ name: 'extract speed: photo unavailable (apt-get download failed)', unit: '', median: Number.NaN }];
  const paints = loadCatalogue().colors;
  const runs = 15;
  const thief = await measure(() => matchColors(colorThiefColors(photo, 5), paints), runs, 2);
  const vibrant = await measure(async () => matchColors(await vibrantColors(photo, 5), paints), runs, 2);
  const perceptual = await measure(() => extractPalette(photo, paints, { algorithm: 'perceptual' }), runs, 2);
  const spec = await measure(() => extractPalette(photo, paints, { algorithm: 'spec' }), runs, 2);
  const baseline = { name: 'color-thief (quality 10) + matching', median: thief.median, p95: thief.p95 };
  const row = (name: string, m: typeof thief, withTarget: boolean): BenchRow => ({
    name,
    unit: 'ms',
    ...m,
    baseline,
    ...(withTarget ? { target: '≥ 3 × faster than color-thief', met: m.median * 3 <= thief.median } : {}),
  });
  return [
    row('extract 12 MP photo → palette: perceptual (ours)', perceptual, true),
    row('extract 12 MP photo → palette: spec (literal RGB)', spec, true),
    row('extract 12 MP photo → palette: color-thief + matching', thief, false),
    row('extract 12 MP photo → palette: node-vibrant + matching', vibrant, false),
  ];
};

export default suite;
