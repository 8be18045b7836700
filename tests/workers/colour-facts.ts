import type { CatalogueColor } from '../../shared/catalogue/types';
import { COLOUR_WORDS, type ColourFacts, colourFit } from '../../workers/colour-words';

/** A catalogue colour's facts, worked out here from its stored OKLab, CIELAB, LRV and undertone. */
export function factsOf(c: CatalogueColor): ColourFacts {
  const [, a, b] = c.oklab;
  return {
    hue: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360,
    chroma: Math.hypot(a, b),
    lightness: c.lab[0],
    lrv: c.lrv,
    undertone: c.undertone,
  };
}

/** Whether the colour is in the colour word's measured range. */
export function inRange(word: string, c: CatalogueColor): boolean {
  const range = COLOUR_WORDS[word];
  if (!range) throw new Error(`not a colour word: ${word}`);
  return colourFit(range, factsOf(c)) !== null;
}

/** Whether a word of the printed name starts with the word, as the index matches names ('Whitening'). */
export function named(word: string, c: CatalogueColor): boolean {
  return c.colorName
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((w) => w.startsWith(word));
}
