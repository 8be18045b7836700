import type { LightnessBand } from '../catalogue/lightness-bands';
import type { CategoryCounts } from '../catalogue/catalogue';
import type { Brand, CatalogueColor, Category, Undertone } from '../catalogue/types';
import type { PaletteStyle } from '../palette/style-names';

/**
 * The first paint from the server: what the page is rendered from, sent to the browser as
 * JSON so hydration renders exactly the same. The browser's session (localStorage) stays the
 * source of truth; two small cookies mirror the parts the server needs to paint it first.
 * Constants and types only: the page's first-paint bundle imports this file; the cookie's
 * format is palette-cookie.ts (in the session's lazy chunk and on the server).
 */

/** Mirror of the session's palette, filters and style (not secret, readable by the page). */
export const PALETTE_COOKIE = 'swatchbook_palette';
/** Mirror of an explicit dark-mode choice: 'dark' or 'light'. */
export const THEME_COOKIE = 'swatchbook_theme';
/** A year: the session is remembered as long as localStorage keeps it. */
export const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** Id of the `<script type="application/json">` that carries the state. */
export const FIRST_PAINT_ELEMENT = 'first-paint';
/** Id of the `<template>` with the palette after a Generate tapped before the app is live (server/pages/page-shell.ts). */
export const EARLY_PALETTE_ELEMENT = 'early-palette';
export const SEARCH_MAX = 200;

export interface PaletteSession {
  colorIds: string[];
  locked: boolean[];
  searchTerm: string;
  brand: Brand | null;
  category: Category | null;
  /** Added after the first cookies and sessions: absent in those, they read as null. */
  lightness: LightnessBand | null;
  undertone: Undertone | null;
  style: PaletteStyle;
  /** Which palette this is: the saved one it came from (id, version) or null, its name, edited since. */
  identity?: PaletteIdentity | null;
}

/** The palette on screen's name and link; `id` null: not saved yet (the name is only a draft). */
export interface PaletteIdentity {
  id: string | null;
  version: number;
  name: string;
  changed: boolean;
}

export interface FirstPaint extends PaletteSession {
  /** Where the palette came from: the visitor's cookie, a fresh random draw, or a share link. */
  source: 'cookie' | 'random' | 'share';
  /** From the theme cookie; null when the visitor never chose (the page follows the system). */
  dark: boolean | null;
  /** On `/share/{id}`: the shared palette's name. */
  share: { id: string; name: string } | null;
  /** On `/share/{id}`: the visitor's own palette beneath the shared one, one Undo away. */
  own: { colorIds: string[]; locked: boolean[] } | null;
  /**
   * What the first screen shows of the catalogue, so the browser hydrates without waiting for it
   * (first-screen.ts). Set by the server as it renders; absent, hydration waits for the catalogue.
   */
  paints?: FirstScreenPaints;
}

/** The catalogue as far as the first screen needs it. */
export interface FirstScreenPaints {
  /** The paints on screen (and, on a share, the visitor's own beneath them) by the ids the palette uses. */
  colors: Record<string, CatalogueColor>;
  /** Paints per category for all suppliers (key '') and for each supplier: the category select's labels. */
  counts: CategoryCounts;
  /**
   * Paints the server drew at random (their colours are in `colors`), not on screen, for a Random
   * Generate tapped before the catalogue has arrived, with the supplier and category they were drawn
   * for. On `/` only: a shared page, which a cache may hold for everyone, carries none.
   */
  next?: { brand: Brand | null; category: Category | null; ids: string[] };
}

/**
 * JSON safe inside `<script type="application/json">`: no `</script>`, no `<!--`, no line
 * separators that old parsers choke on. `JSON.parse` reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
