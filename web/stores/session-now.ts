import type { PaletteSession } from '../../shared/session/first-paint';
import { filterState } from './filter-store';
import { currentIdentity } from './identity-store';
import { paletteState } from './palette-store';

/**
 * What the screen shows now, in the session's terms: what the cookie mirrors, and what the page
 * hydrated with (the session code compares the stored session with that, not with later input).
 */
export function sessionOnScreen(): PaletteSession {
  return {
    colorIds: paletteState.slots.map((s) => s.colorId),
    locked: paletteState.slots.map((s) => s.locked),
    searchTerm: filterState.searchTerm,
    brand: filterState.brand,
    category: filterState.category,
    lightness: filterState.lightness,
    undertone: filterState.undertone,
    style: paletteState.style,
    identity: currentIdentity(),
  };
}
