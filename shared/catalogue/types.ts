export const BRANDS = ['Farrow & Ball', 'Lick', 'Little Greene'] as const;
export type Brand = (typeof BRANDS)[number];

export const CATEGORIES = [
  'Neutrals',
  'Reds',
  'Pinks',
  'Oranges',
  'Yellows',
  'Greens',
  'Teals',
  'Blues',
  'Navy',
  'Purples',
  'Browns',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const UNDERTONES = ['warm', 'cool', 'neutral'] as const;
export type Undertone = (typeof UNDERTONES)[number];

/** A row of `data/catalogue.json`: facts only, as the suppliers publish them. */
export interface SourceColor {
  brand: Brand;
  number: string | null;
  colorName: string;
  hexCode: string;
  lrv: number | null;
  finishes: string[];
  purchaseLink: string;
}

/** A catalogue colour as the app and the server use it. */
export interface CatalogueColor {
  id: string;
  brand: Brand;
  number: string | null;
  colorName: string;
  hexCode: string;
  description: string;
  finishes: readonly string[];
  purchaseLink: string;
  category: Category;
  /** CIELAB (D65), for CIEDE2000 matching. */
  lab: readonly [number, number, number];
  /** OKLab, for clustering and sorting. */
  oklab: readonly [number, number, number];
  /** The published LRV where the supplier gives one, else `lrvEstimate`. */
  lrv: number;
  /** True when `lrv` is our estimate rather than a published value. */
  lrvEstimated: boolean;
  /** The estimator's value from the screen colour (lrv-estimate.ts), for every colour, so its error can be checked. */
  lrvEstimate: number;
  undertone: Undertone;
  /** Black or white: whichever text reads better on the swatch. */
  textColor: '#000000' | '#FFFFFF';
}

/**
 * The built file (`data/generated/catalogue.json`): colours with their finishes stored once per
 * distinct list, so the file the phone downloads stays small.
 */
export interface CompactCatalogue {
  version: 1;
  finishSets: string[][];
  /** Retired id → current id (id-aliases.ts); absent in files built before renames were kept. */
  aliases?: Record<string, string>;
  colors: Array<Omit<CatalogueColor, 'finishes'> & { finishSet: number }>;
}
