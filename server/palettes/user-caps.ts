import type { Sql } from '../db/sql';

/** Per-account ceilings, so one signed-in user cannot fill the disk. */
export interface UserCaps {
  palettes: number;
  versionsPerPalette: number;
}

export const DEFAULT_CAPS: UserCaps = { palettes: 1000, versionsPerPalette: 1000 };

/** A write past a cap: the HTTP layer answers it 409 with this code and message. */
export class PaletteLimitError extends Error {
  constructor(
    readonly code: 'palette_limit' | 'version_limit',
    message: string,
  ) {
    super(message);
  }
}

const thousands = (n: number) => n.toLocaleString('en-GB').replace(/,/g, ' ');

/**
 * Refuses a write past a cap with a `PaletteLimitError` the person can act on. Old versions are never rewritten or
 * dropped to make room: the history stays whole, and new writes stop. Deleting is always allowed;
 * bringing a deleted palette back counts like a new one.
 */
export function userCapCheck(caps: UserCaps) {
  // One row the palette projection keeps (palette_counts): counting the owner's palettes on every
  // create cost a third of a create's time for an account with a few thousand.
  const countOwned = async (tx: Sql, userId: string) =>
    (await tx.get<{ palettes: number }>('SELECT palettes FROM palette_counts WHERE user_id = ?', [userId]))?.palettes ??
    0;
  /** Runs inside the write's transaction (`tx`). */
  return async (
    tx: Sql,
    input: { actorId: string; isNew: boolean; version: number; eventTypes: readonly string[] },
  ) => {
    if (input.eventTypes.length === 0) return;
    if (input.eventTypes.every((type) => type === 'PaletteDeleted')) return;
    // An Undo of a delete brings a palette back to the count as surely as a new one adds it: without
    // this, delete-all, import, undelete grew an account past its cap by the cap each round.
    const revives = input.eventTypes.includes('PaletteUndeleted');
    if ((input.isNew || revives) && (await countOwned(tx, input.actorId)) >= caps.palettes) {
      throw new PaletteLimitError(
        'palette_limit',
        `You have ${thousands(caps.palettes)} saved palettes, the most one account keeps. Delete some to ${revives ? 'bring these back' : 'save more'}.`,
      );
    }
    if (input.version + input.eventTypes.length > caps.versionsPerPalette) {
      throw new PaletteLimitError(
        'version_limit',
        `This palette has ${thousands(caps.versionsPerPalette)} saved versions, the most one palette keeps. Save it as a new palette to go on changing it.`,
      );
    }
  };
}
