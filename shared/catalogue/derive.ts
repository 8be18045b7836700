import { relativeLuminance, textColorOn } from '../color/contrast';
import { parseHex } from '../color/hex';
import { rgbToLab, rgbToOklab, rgbToOklch } from '../color/spaces';
import type { Rgb } from '../color/types';
import { categorize } from './categories';
import { describeColor } from './describe';
import { colorId } from './ids';
import { BRANDS, type CatalogueColor, type CompactCatalogue, type SourceColor, type Undertone } from './types';

const HEX = /^#[0-9A-F]{6}$/;

/** Light Reflectance Value estimated from relative luminance (LRV tracks Y × 100 closely). */
export function estimateLrv(rgb: Rgb): number {
  return Math.round(relativeLuminance(rgb) * 100);
}

/** Warm leans red/yellow, cool leans green/blue; barely coloured greys are neutral. */
export function undertoneOf(rgb: Rgb): Undertone {
  const { c, h } = rgbToOklch(rgb);
  if (c < 0.008) return 'neutral';
  return h < 115 || h >= 330 ? 'warm' : 'cool';
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** Derives one colour's full record from its facts. */
export function deriveColor(source: SourceColor): Omit<CatalogueColor, 'finishes'> {
  const rgb = parseHex(source.hexCode);
  if (!rgb || !HEX.test(source.hexCode)) throw new Error(`${source.colorName}: bad hex ${source.hexCode}`);
  const lab = rgbToLab(rgb);
  const oklab = rgbToOklab(rgb);
  const { c } = rgbToOklch(rgb);
  const category = categorize(source.colorName, rgb);
  const undertone = undertoneOf(rgb);
  const lrvEstimated = source.lrv == null;
  const lrv = source.lrv ?? estimateLrv(rgb);
  return {
    id: colorId(source.brand, source.colorName),
    brand: source.brand,
    number: source.number,
    colorName: source.colorName,
    hexCode: source.hexCode,
    description: describeColor({ category, lightness: oklab.l, chroma: c, undertone, lrv, lrvEstimated }),
    purchaseLink: source.purchaseLink,
    category,
    lab: [round(lab.l, 4), round(lab.a, 4), round(lab.b, 4)],
    oklab: [round(oklab.l, 5), round(oklab.a, 5), round(oklab.b, 5)],
    lrv,
    lrvEstimated,
    undertone,
    textColor: textColorOn(rgb),
  };
}

/** Validates the source rows and builds the compact catalogue both the app and the server load. */
export function deriveCatalogue(sources: readonly SourceColor[]): CompactCatalogue {
  const finishSets: string[][] = [];
  const finishIndex = new Map<string, number>();
  const ids = new Set<string>();
  const colors = sources.map((source) => {
    if (!BRANDS.includes(source.brand)) throw new Error(`${source.colorName}: unknown brand ${source.brand}`);
    if (!source.purchaseLink.startsWith('https://')) throw new Error(`${source.colorName}: bad link`);
    const color = deriveColor(source);
    if (ids.has(color.id)) throw new Error(`duplicate id ${color.id}`);
    ids.add(color.id);
    const key = JSON.stringify(source.finishes);
    let finishSet = finishIndex.get(key);
    if (finishSet === undefined) {
      finishSet = finishSets.push([...source.finishes]) - 1;
      finishIndex.set(key, finishSet);
    }
    return { ...color, finishSet };
  });
  return { version: 1, finishSets, colors };
}
