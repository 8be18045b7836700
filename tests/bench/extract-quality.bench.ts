import { deltaE2000 } from '../../shared/color/difference';
import { rgbToLab } from '../../shared/color/spaces';
import type { Lab, Rgb } from '../../shared/color/types';
import { extractPalette, type Pixels, resample } from '../../workers/extract';
import { fitWithin } from '../../workers/image-header';
import { bandImage, distinctPaints, meanDeltaToTruth, rgbOf } from '../workers/extract-fixtures';
import { loadCatalogue } from '../../server/catalogue-file';
import { naturePhotos } from './extract-photos';
import { colorThiefColors, matchColors, vibrantColors } from './extract-rivals';
import type { BenchRow, BenchSuite } from './support';

const catalogue = loadCatalogue();
const paints = catalogue.colors;
const paintRgb = (ids: readonly string[]) => ids.map((id) => rgbOf(catalogue.byId.get(id) as (typeof paints)[number]));

type Extractor = { name: string; run: (image: Pixels) => Promise<string[]> };

const extractors: Extractor[] = [
  {
    name: 'perceptual (ours)',
    run: async (image) => {
      const r = extractPalette(image, paints, { algorithm: 'perceptual', count: 5 });
      return r.ok ? r.colorIds : [];
    },
  },
  {
    name: 'spec (literal RGB)',
    run: async (image) => {
      const r = extractPalette(image, paints, { algorithm: 'spec' });
      return r.ok ? r.colorIds : [];
    },
  },
  { name: 'color-thief + CIEDE2000', run: async (image) => matchColors(colorThiefColors(image, 5), paints) },
  { name: 'node-vibrant + CIEDE2000', run: async (image) => matchColors(await vibrantColors(image, 5), paints) },
];

/** Synthetic walls made of known paints: 3 paint sets × 6 conditions. */
function syntheticSet(): Array<{ name: string; image: Pixels; truth: Rgb[] }> {
  const set: Array<{ name: string; image: Pixels; truth: Rgb[] }> = [];
  for (const offset of [0, 101, 233]) {
    const truth = distinctPaints(catalogue, 5, offset).map(rgbOf);
    const conditions = {
      bands: {},
      unequal: { weights: [8, 4, 2, 1.5, 1] },
      noise: { noise: 30, seed: offset + 1 },
      'soft edges': { blend: 0.35 },
      lighting: { lighting: [0.8, 1.2] as const, noise: 8 },
      'lighting + noise + edges': { lighting: [0.75, 1.2] as const, noise: 20, blend: 0.25, seed: offset + 2 },
    };
    for (const [name, options] of Object.entries(conditions)) {
      set.push({ name: `${name} #${offset}`, image: bandImage(truth, { width: 480, height: 320, ...options }), truth });
    }
  }
  return set;
}

/** Photos have no paint list to recover: the palette should cover the picture, pixel by pixel. */
function coverage(image: Pixels, palette: readonly Rgb[]): number {
  if (palette.length === 0) return Number.NaN;
  const fit = fitWithin(image.width, image.height, 64);
  const small = resample(image, fit.width, fit.height);
  const labs = palette.map(rgbToLab);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < small.data.length; i += 4) {
    const lab: Lab = rgbToLab({
      r: small.data[i] as number,
      g: small.data[i + 1] as number,
      b: small.data[i + 2] as number,
    });
    sum += Math.min(...labs.map((x) => deltaE2000(lab, x)));
    n++;
  }
  return sum / n;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const suite: BenchSuite = async () => {
  const rows: BenchRow[] = [];
  const synthetic = syntheticSet();
  const photos = naturePhotos();
  const results = new Map<string, { synthetic: number[]; photos: number[]; failures: number }>();
  for (const extractor of extractors) {
    const entry = { synthetic: [] as number[], photos: [] as number[], failures: 0 };
    for (const { image, truth } of synthetic) {
      const ids = await extractor.run(image);
      if (ids.length < 3) entry.failures++;
      entry.synthetic.push(meanDeltaToTruth(truth, paintRgb(ids)));
    }
    for (const { pixels } of photos) {
      const ids = await extractor.run(pixels);
      if (ids.length < 3) entry.failures++;
      else entry.photos.push(coverage(pixels, paintRgb(ids)));
    }
    results.set(extractor.name, entry);
  }
  const baseline = results.get('color-thief + CIEDE2000');
  for (const [name, entry] of results) {
    const finite = entry.synthetic.filter(Number.isFinite);
    rows.push({
      name: `extract quality, synthetic walls (${synthetic.length}): ${name}`,
      unit: 'ΔE00',
      median: mean(finite),
      samples: entry.synthetic.length,
      baseline: baseline
        ? { name: 'color-thief + CIEDE2000', median: mean(baseline.synthetic.filter(Number.isFinite)) }
        : undefined,
      target: name === 'perceptual (ours)' ? 'mean ΔE00 source paint → palette ≤ 2 and below every rival' : undefined,
      met:
        name === 'perceptual (ours)'
          ? mean(finite) <= 2 &&
            [...results].every(
              ([other, o]) => other === name || mean(finite) <= mean(o.synthetic.filter(Number.isFinite)),
            )
          : undefined,
    });
    if (entry.synthetic.length !== finite.length || entry.failures > 0) {
      rows.push({ name: `  ${name}: images with fewer than 3 paints`, unit: 'images', median: entry.failures });
    }
  }
  if (photos.length > 0) {
    for (const [name, entry] of results) {
      rows.push({
        name: `extract quality, ${photos.length} nature photos: ${name}`,
        unit: 'ΔE00',
        median: mean(entry.photos),
        samples: entry.photos.length,
        baseline: baseline ? { name: 'color-thief + CIEDE2000', median: mean(baseline.photos) } : undefined,
        target: name === 'perceptual (ours)' ? 'mean ΔE00 pixel → nearest palette paint ≤ color-thief' : undefined,
        met: name === 'perceptual (ours)' && baseline ? mean(entry.photos) <= mean(baseline.photos) : undefined,
      });
    }
  }
  return rows;
};

export default suite;
