/** The information modals a hash opens, as the navigation drawer links them. */
export const INFO_ROUTES = ['about', 'how-to-use', 'keyboard-shortcuts', 'contact'] as const;
type InfoRoute = (typeof INFO_ROUTES)[number];

export type HashRoute =
  | { kind: 'info'; name: InfoRoute }
  | { kind: 'palette'; hexes: string[] }
  /** The room view; `saved` is a room kept on this device. */
  | { kind: 'room'; saved: string | null }
  | { kind: 'none' };

const ROOM_ID = /^[\w-]{1,64}$/;

const HEX = /^[0-9a-f]{6}$/i;
// A link longer than this is not one we made: parse no further than a full palette and some slack.
const MAX_PARTS = 50;

/** `#about` → info route; `#palette=aabbcc-DDEEFF` → hex list (valid 6-digit parts only). */
export function parseHash(hash: string): HashRoute {
  const text = hash.replace(/^#/, '');
  if ((INFO_ROUTES as readonly string[]).includes(text)) return { kind: 'info', name: text as InfoRoute };
  if (text === 'room') return { kind: 'room', saved: null };
  if (text.startsWith('room=')) {
    const id = text.slice('room='.length);
    return ROOM_ID.test(id) ? { kind: 'room', saved: id } : { kind: 'room', saved: null };
  }
  if (text.startsWith('palette=')) {
    let value = text.slice('palette='.length);
    try {
      value = decodeURIComponent(value);
    } catch {
      // A broken escape is still a palette link: it says it holds no colour, never nothing at all.
      return { kind: 'palette', hexes: [] };
    }
    const hexes = value
      .split('-', MAX_PARTS)
      .map((part) => part.trim().replace(/^#/, ''))
      .filter((part) => HEX.test(part));
    return { kind: 'palette', hexes };
  }
  return { kind: 'none' };
}

/** The room view's address (a saved room's, given its id), on this page. */
export function roomAddress(saved?: string): string {
  return `${location.pathname}${location.search}#room${saved ? `=${saved}` : ''}`;
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
