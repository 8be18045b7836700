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
  category: Category;
  /** OKLab lightness, 0–1. */
  lightness: number;
  /** OKLCh chroma, 0–≈0.37. */
  chroma: number;
  undertone: Undertone;
  lrv: number;
  lrvEstimated: boolean;
}

function lightnessWord(l: number): string {
  if (l < 0.35) return 'very dark';
  if (l < 0.5) return 'dark';
  if (l < 0.65) return 'mid-tone';
  if (l < 0.85) return 'light';
  return 'very light';
}

function chromaWord(c: number): string {
  if (c < 0.03) return 'soft';
  if (c < 0.07) return 'muted';
  if (c < 0.12) return 'clear';
  return 'strong';
}

function reflectance(lrv: number): string {
  if (lrv >= 70) return 'it reflects most of the light that falls on it';
  if (lrv >= 40) return 'it reflects a moderate share of light';
  if (lrv >= 15) return 'it absorbs more light than it reflects';
  return 'it absorbs most of the light that falls on it';
}

/** One factual sentence from measured properties; never supplier prose. */
export function describeColor(input: DescribeInput): string {
  const family = FAMILY[input.category];
  const tone = input.undertone === 'neutral' ? 'no strong undertone' : `a ${input.undertone} undertone`;
  const adjectives = `${lightnessWord(input.lightness)}, ${chromaWord(input.chroma)}`;
  const article = /^[aeiou]/.test(adjectives) ? 'An' : 'A';
  const lrv = `LRV ${input.lrv}${input.lrvEstimated ? ' (estimated)' : ''}`;
  return `${article} ${adjectives} ${family} with ${tone}. ${lrv}: ${reflectance(input.lrv)}.`;
}
