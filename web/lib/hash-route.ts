/** The information modals a hash opens, as the navigation drawer links them. */
export const INFO_ROUTES = ['about', 'how-to-use', 'keyboard-shortcuts', 'contact'] as const;
type InfoRoute = (typeof INFO_ROUTES)[number];

export type HashRoute =
  | { kind: 'info'; name: InfoRoute }
  /** `unreadable`: the link had something after `palette=`, but no colour code could be read from it. */
  | { kind: 'palette'; hexes: string[]; unreadable?: true }
  | { kind: 'none' };

const HEX = /^[0-9a-f]{6}$/i;
// A link longer than this is not one we made: parse no further than a full palette and some slack.
const MAX_PARTS = 50;

/** `#about` → info route; `#palette=aabbcc-DDEEFF` → hex list (valid 6-digit parts only). */
export function parseHash(hash: string): HashRoute {
  const text = hash.replace(/^#/, '');
  if ((INFO_ROUTES as readonly string[]).includes(text)) return { kind: 'info', name: text as InfoRoute };
  if (text.startsWith('palette=')) {
    let value = text.slice('palette='.length);
    try {
      value = decodeURIComponent(value);
    } catch {
      // A broken escape: still a palette link, and the person hears it could not be read.
      return { kind: 'palette', hexes: [], unreadable: true };
    }
    const hexes = value
      .split('-', MAX_PARTS)
      .map((part) => part.trim().replace(/^#/, ''))
      .filter((part) => HEX.test(part));
    return hexes.length === 0 && value.trim() !== ''
      ? { kind: 'palette', hexes, unreadable: true }
      : { kind: 'palette', hexes };
  }
  return { kind: 'none' };
}

/** What a `#palette=` link that put no colour on screen says: damaged, or none of its colours known. */
export function paletteLinkFailure(route: { unreadable?: true }): string {
  return route.unreadable
    ? 'That palette link is damaged: no colour codes could be read from it'
    : 'No catalogue colours in that link';
}

/** Removes the hash from the address without a new history entry or a scroll jump. */
export function clearHash(): void {
  if (!location.hash) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

// Marks a history entry this visit made for an information page (not the one the visit began on):
// closing the page steps back off it, so Back never lands on a dead copy of the palette.
export const INFO_ENTRY_KEY = 'swatchbookInfoEntry';

export function isInfoEntryMadeInApp(): boolean {
  return Boolean((history.state as Record<string, unknown> | null)?.[INFO_ENTRY_KEY]);
}
