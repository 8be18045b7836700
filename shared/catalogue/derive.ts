import { textColorOn } from '../color/contrast';
import { parseHex } from '../color/hex';
import { rgbToLab, rgbToOklab, rgbToOklch } from '../color/spaces';
import type { Rgb } from '../color/types';
import { categorize } from './categories';
import { describeColor } from './describe';
import { ID_ALIASES } from './id-aliases';
import { colorId } from './ids';
import { estimateLrv } from './lrv-estimate';
import { BRANDS, type CatalogueColor, type CompactCatalogue, type SourceColor, type Undertone } from './types';

const HEX = /^#[0-9A-F]{6}$/;

/**
 * Warm leans red/yellow, cool leans green/blue; barely coloured greys are neutral. The line through
 * the greens is halfway between yellow (OKLCh ≈110°) and green (≈142°): a green nearer yellow (sage,
 * olive, sap) is a warm green to a decorator, one nearer green or blue is cool.
 */
function undertoneOf(rgb: Rgb): Undertone {
  const { c, h } = rgbToOklch(rgb);
  if (c < 0.008) return 'neutral';
  return h < 126 || h >= 330 ? 'warm' : 'cool';
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** Derives one colour's full record from its facts. */
function deriveColor(source: SourceColor): Omit<CatalogueColor, 'finishes'> {
  const rgb = parseHex(source.hexCode);
  if (!rgb || !HEX.test(source.hexCode)) throw new Error(`${source.colorName}: bad hex ${source.hexCode}`);
  const lab = rgbToLab(rgb);
  const oklab = rgbToOklab(rgb);
  const { c, h } = rgbToOklch(rgb);
  const category = categorize(source.colorName, rgb);
  const undertone = undertoneOf(rgb);
  const lrvEstimate = estimateLrv(rgb);
  const lrvEstimated = source.lrv == null;
  const lrv = source.lrv ?? lrvEstimate;
  const id = colorId(source.brand, source.colorName);
  return {
    id,
    brand: source.brand,
    number: source.number,
    colorName: source.colorName,
    hexCode: source.hexCode,
    description: describeColor({ id, category, chroma: c, hue: h, undertone, lrv, lrvEstimated }),
    purchaseLink: source.purchaseLink,
    category,
    lab: [round(lab.l, 4), round(lab.a, 4), round(lab.b, 4)],
    oklab: [round(oklab.l, 5), round(oklab.a, 5), round(oklab.b, 5)],
    lrv,
    lrvEstimated,
    lrvEstimate,
    undertone,
    textColor: textColorOn(rgb),
  };
}

/**
 * Checks the alias table against the ids built: an alias must point at a current id (following
 * chains of renames) and must not shadow one.
 */
function checkAliases(aliases: Readonly<Record<string, string>>, ids: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [old, target] of Object.entries(aliases)) {
    if (ids.has(old)) throw new Error(`alias ${old} is still a current id`);
    let current = target;
    const seen = new Set([old]);
    while (!ids.has(current)) {
      const next = aliases[current];
      if (next === undefined || seen.has(current)) throw new Error(`alias ${old} → ${target}: no such colour`);
      seen.add(current);
      current = next;
    }
    out[old] = current;
  }
  return out;
}

/** Validates the source rows and builds the compact catalogue both the app and the server load. */
export function deriveCatalogue(
  sources: readonly SourceColor[],
  aliases: Readonly<Record<string, string>> = ID_ALIASES,
): CompactCatalogue {
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
  return { version: 1, finishSets, aliases: checkAliases(aliases, ids), colors };
}
