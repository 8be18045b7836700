import type { Category, Undertone } from './types';

const FAMILY: Record<Category, string> = {
  Neutrals: 'neutral',
  Reds: 'red',
  Pinks: 'pink',
  Oranges: 'orange',
  Yellows: 'yellow',
  Greens: 'green',
  Teals: 'teal',
  Blues: 'blue',
  Navy: 'navy blue',
  Purples: 'purple',
  Browns: 'brown',
  Other: 'colour',
};

export interface DescribeInput {
  /** The colour's id: picks the wording, so a paint keeps its sentence from build to build. */
  id: string;
  category: Category;
  /** OKLCh chroma, 0–≈0.37. */
  chroma: number;
  /** OKLCh hue in degrees. */
  hue: number;
  undertone: Undertone;
  lrv: number;
  lrvEstimated: boolean;
}

type LightnessBand = 'very light' | 'light' | 'mid-tone' | 'dark' | 'very dark';

/** The words a decorator uses, on fixed LRV bands (70, 50, 25, 10): the number and the word never disagree. */
function lightnessBand(lrv: number): LightnessBand {
  if (lrv >= 70) return 'very light';
  if (lrv >= 50) return 'light';
  if (lrv >= 25) return 'mid-tone';
  if (lrv >= 10) return 'dark';
  return 'very dark';
}

type ChromaWord = 'soft' | 'muted' | 'clear' | 'strong';

function chromaWord(c: number): ChromaWord {
  if (c < 0.03) return 'soft';
  if (c < 0.07) return 'muted';
  if (c < 0.12) return 'clear';
  return 'strong';
}

/** What the LRV means for a room, per band; every phrasing of a band says the same thing. */
const REFLECTANCE: Record<LightnessBand, readonly string[]> = {
  'very light': [
    'it reflects most of the light that falls on it',
    'most of the light that reaches it is reflected back into the room',
    'it bounces back most of the light in a room',
  ],
  light: [
    'it reflects more light than it absorbs',
    'more of the light that reaches it is reflected than absorbed',
    'it gives back more light than it takes in',
  ],
  'mid-tone': [
    'it absorbs a little more light than it reflects',
    'it reflects a fair share of light, though less than half',
    'it takes in somewhat more light than it gives back',
  ],
  dark: [
    'it absorbs most of the light that falls on it',
    'most of the light that reaches it is absorbed',
    'it gives back only a small share of the light in a room',
  ],
  'very dark': [
    'it absorbs almost all the light that falls on it',
    'nearly all the light that reaches it is absorbed',
    'it gives back very little of the light in a room',
  ],
};

/** The hue a swatch leans to, named in plain words (OKLCh hue arcs). */
function hueName(h: number): string {
  if (h >= 345 || h < 20) return 'pink';
  if (h < 50) return 'red';
  if (h < 75) return 'orange';
  if (h < 105) return 'yellow';
  if (h < 135) return 'yellow-green';
  if (h < 175) return 'green';
  if (h < 220) return 'teal';
  if (h < 290) return 'blue';
  return 'violet';
}

/** FNV-1a: a stable small number from the id, so wording varies across paints but not between builds. */
function pick<T>(id: string, salt: string, options: readonly T[]): T {
  let hash = 0x811c9dc5;
  for (const ch of `${salt}:${id}`) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 0x01000193);
  return options[(hash >>> 0) % options.length] as T;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');

/**
 * One or two factual sentences from measured properties; never supplier prose. The lightness word
 * always comes straight before the chroma word ("very light, soft" or "very light and soft"),
 * which the tests rely on.
 */
export function describeColor(input: DescribeInput): string {
  const family = FAMILY[input.category];
  const band = lightnessBand(input.lrv);
  const chroma = chromaWord(input.chroma);
  const shade = `${band}, ${chroma}`;
  const lean = hueName(input.hue);
  const tinted = input.undertone !== 'neutral';
  // A neutral's faint hue, or a colour's lean towards a neighbouring family, tells paints of one family apart.
  const cast =
    !tinted || family.endsWith(lean)
      ? ''
      : input.category === 'Neutrals'
        ? `a hint of ${lean}`
        : `${article(lean)} ${lean} cast`;
  const tone = tinted ? `${article(input.undertone)} ${input.undertone} undertone` : 'no strong undertone';
  const traits = cast ? `${cast} and ${tone}` : tone;
  const first = pick(input.id, 'sentence', [
    () => `${capitalise(article(shade))} ${shade} ${family} with ${traits}.`,
    () => `${capitalise(shade)} ${family}, with ${traits}.`,
    () => `This ${family} is ${band} and ${chroma}, with ${traits}.`,
    () => `${capitalise(article(shade))} ${shade} shade of ${family}, with ${traits}.`,
    () => `${capitalise(article(shade))} ${shade} take on ${family}, with ${traits}.`,
  ])();
  const lrv = `LRV ${input.lrv}${input.lrvEstimated ? ' (estimated)' : ''}`;
  const second = pick(input.id, 'lrv', [
    () => `${lrv}: ${pick(input.id, 'reflectance', REFLECTANCE[band])}.`,
    () => `At ${lrv}, ${pick(input.id, 'reflectance', REFLECTANCE[band])}.`,
  ])();
  return `${first} ${second}`;
}
