import * as z from 'zod/mini';
import type { Catalogue } from '../catalogue/catalogue';
import { lightnessBand } from '../catalogue/lightness-bands';
import { BRANDS, CATEGORIES, type Undertone, UNDERTONES } from '../catalogue/types';
import { PALETTE_MAX, PALETTE_MIN } from '../palette/limits';
import { isPaletteStyle } from '../palette/style-names';
import { type PaletteSession, SEARCH_MAX } from './first-paint';

/** A palette name's longest (as the API's). */
const NAME_MAX = 100;

/** The cookie value: URL-encoded fields, ids joined by '.', locked positions by '.'. Small: ~250 bytes. */
export function encodePaletteCookie(session: PaletteSession): string {
  const fields: Record<string, string> = {
    p: session.colorIds.join('.'),
    l: session.locked.flatMap((locked, i) => (locked ? [String(i)] : [])).join('.'),
    y: session.style,
  };
  const search = session.searchTerm.slice(0, SEARCH_MAX);
  if (search) fields.q = search;
  if (session.brand) fields.b = session.brand;
  if (session.category) fields.c = session.category;
  if (session.lightness) fields.v = session.lightness;
  if (session.undertone) fields.u = session.undertone;
  const identity = session.identity;
  if (identity) {
    if (identity.id) fields.i = identity.id;
    fields.r = String(identity.version);
    fields.n = identity.name.slice(0, NAME_MAX);
    if (identity.changed) fields.x = '1';
  }
  // encodeURIComponent escapes ';', ',', spaces, quotes and '\\': the value is valid cookie octets.
  return Object.entries(fields)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

const cookieSchema = z.object({
  p: z.string().check(z.maxLength(PALETTE_MAX * 80), z.regex(/^[a-z0-9.-]+$/)),
  l: z.optional(z.string().check(z.maxLength(40), z.regex(/^[0-9.]*$/))),
  y: z.optional(z.string().check(z.maxLength(40))),
  q: z.optional(z.string().check(z.maxLength(SEARCH_MAX))),
  b: z.optional(z.string().check(z.maxLength(40))),
  c: z.optional(z.string().check(z.maxLength(40))),
  v: z.optional(z.string().check(z.maxLength(40))),
  u: z.optional(z.string().check(z.maxLength(40))),
  // Added with the palette's name: cookies written before have none (an unsaved palette).
  i: z.optional(z.string().check(z.maxLength(80))),
  r: z.optional(z.string().check(z.regex(/^[0-9]{1,9}$/))),
  n: z.optional(z.string().check(z.maxLength(NAME_MAX))),
  x: z.optional(z.literal('1')),
});

/** An undertone as stored (cookie or session), or null for anything else. */
export function parseUndertone(value: unknown): Undertone | null {
  return UNDERTONES.find((u) => u === value) ?? null;
}

/**
 * The session in a palette cookie, or null. Unknown colour ids are dropped (renamed ones map to
 * their current id); fewer than 3 known colours is no palette. Never throws on any input.
 */
export function parsePaletteCookie(raw: string | undefined, catalogue: Catalogue): PaletteSession | null {
  if (!raw || raw.length > 3072) return null;
  const fields: Record<string, string> = {};
  for (const pair of raw.split('&')) {
    const at = pair.indexOf('=');
    if (at < 1) return null;
    try {
      fields[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1));
    } catch {
      return null;
    }
  }
  const parsed = cookieSchema.safeParse(fields);
  if (!parsed.success) return null;
  const data = parsed.data;
  const lockedAt = new Set((data.l ?? '').split('.').filter(Boolean).map(Number));
  const colorIds: string[] = [];
  const locked: boolean[] = [];
  data.p.split('.').forEach((id, i) => {
    const current = catalogue.currentId(id);
    if (!current || colorIds.includes(current) || colorIds.length >= PALETTE_MAX) return;
    colorIds.push(current);
    locked.push(lockedAt.has(i));
  });
  if (colorIds.length < PALETTE_MIN) return null;
  return {
    colorIds,
    locked,
    searchTerm: data.q ?? '',
    brand: BRANDS.find((b) => b === data.b) ?? null,
    category: CATEGORIES.find((c) => c === data.c) ?? null,
    lightness: lightnessBand(data.v)?.id ?? null,
    undertone: parseUndertone(data.u),
    style: isPaletteStyle(data.y) ? data.y : 'Random',
    // Only a cookie written with a name has one: older cookies restore as an unsaved palette.
    ...(data.n === undefined
      ? {}
      : { identity: { id: data.i ?? null, version: Number(data.r ?? 0), name: data.n, changed: data.x === '1' } }),
  };
}

/** The theme cookie: true for dark, false for light, null when absent or anything else. */
export function parseThemeCookie(raw: string | undefined): boolean | null {
  return raw === 'dark' ? true : raw === 'light' ? false : null;
}
