import type { PaletteVersion, SavedPalette } from '../../shared/palette/palette-evolve';

/**
 * One interface for where saved palettes live: this device (IndexedDB), the
 * server (the API), and the outbox between them (writes made without signal wait in IndexedDB and
 * go to the server in order). The saved-palette actions pick one and only turn its answers into
 * state and results (the feature that called shows the toast); no action branches on signed-in or not.
 */

/**
 * A saved palette as the list, the badge and the editor see it, wherever it lives: the palette
 * (`shared/palette`) without owner and deleted flag (the list holds only the person's live ones).
 * Its `version` is what saving back sends, so a stale copy never overwrites.
 */
export type PaletteSummary = Omit<SavedPalette, 'ownerId' | 'deleted' | 'colorIds'> & {
  colorIds: readonly string[];
  /** True while a change to it waits in the outbox for the connection (the sidebar marks it). */
  pending?: boolean;
};

/** Every repository answer. A failure says which kind, so the action can say why (and the feature pick its toast). */
export type RepoResult<T> =
  | { ok: true; value: T /** Queued in the outbox, not yet on the server. */; pending?: boolean }
  /** Someone saved since `baseVersion`; `theirs` is the current copy (null when it is gone). */
  | { ok: false; reason: 'conflict'; theirs: PaletteSummary | null }
  | { ok: false; reason: 'not-found' }
  /** The request never got an answer (no connection, server unreachable): the outbox queues the write. */
  | { ok: false; reason: 'offline' }
  /** The server says the session has ended (401). */
  | { ok: false; reason: 'signed-out' }
  /** Storage full or blocked, the server refused, or the network failed where no outbox waits. */
  | { ok: false; reason: 'failed'; error?: unknown };

export interface PaletteChange {
  name?: string;
  colorIds?: readonly string[];
}

export interface CreateOptions {
  /**
   * Makes a retried create safe: the same key always answers the palette the first call made, never
   * a second one (the remote sends it as the `Idempotency-Key` of `POST /api/palettes`, which the
   * server keys per account).
   */
  key?: string;
  /** When the person made it: the outbox shows it while the create waits (the server dates it on arrival). */
  createdAt?: string;
}

export interface PaletteRepository {
  readonly kind: 'local' | 'remote' | 'outbox';
  /** Newest first. */
  list(): Promise<RepoResult<PaletteSummary[]>>;
  create(name: string, colorIds: readonly string[], options?: CreateOptions): Promise<RepoResult<PaletteSummary>>;
  /** A new version on top of `baseVersion`; a conflict when that is no longer the latest. */
  update(id: string, baseVersion: number, change: PaletteChange): Promise<RepoResult<PaletteSummary>>;
  remove(ids: readonly string[]): Promise<RepoResult<void>>;
  /** The Undo of `remove`: the palettes that are back (with their history), others left out. */
  undelete(ids: readonly string[]): Promise<RepoResult<PaletteSummary[]>>;
  /** Local palettes are never public: the local repository answers `failed`. */
  setSharing(id: string, isPublic: boolean, baseVersion: number): Promise<RepoResult<PaletteSummary>>;
  /** Every version, oldest first. */
  history(id: string): Promise<RepoResult<PaletteVersion[]>>;
  /** Appends a version that brings `version` back. */
  restore(id: string, version: number, baseVersion: number): Promise<RepoResult<PaletteSummary>>;
}
