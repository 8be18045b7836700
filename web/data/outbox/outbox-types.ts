import type { PaletteRepository, PaletteSummary, RepoResult } from '../palette-repository';
import type { QueuedOp } from './outbox-queue';

/** The part of `navigator.locks` the outbox uses. */
export interface LockLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

/** A write waiting for the person: a conflict (theirs is newer or gone) or one the server refused. */
export interface OutboxConflict {
  seq: number;
  kind: QueuedOp['kind'];
  reason: 'conflict' | 'refused';
  paletteId: string;
  /** The palette as this write would leave it. */
  mine: PaletteSummary | null;
  /** The server's copy now; null when it was deleted. */
  theirs: PaletteSummary | null;
  /** The server's words for a refused write. */
  message?: string;
}

/**
 * The person's answer, as the save dialog offers it today: keep their version, overwrite it with mine
 * (a new version on top of theirs, so nothing of theirs is lost from the history), or save mine as a
 * new palette. A refused write can be tried again or discarded.
 */
export type ConflictChoice = 'theirs' | 'overwrite' | 'new' | 'retry' | 'discard';

export type OutboxEvent =
  /** The queue or the cached list changed (in this tab or another): read `list()` again. */
  | { type: 'changed' }
  | { type: 'sent'; kind: QueuedOp['kind']; value: PaletteSummary | PaletteSummary[] | null }
  /** A palette made offline reached the server under this id (the editor's link should follow). */
  | { type: 'id'; from: string; to: string }
  | { type: 'conflict'; conflict: OutboxConflict }
  /** Entries of the queue could not be read: they were set aside, not sent. */
  | { type: 'corrupt'; count: number }
  /** The server said the session ended: sending stops; the queue waits for this account's next sign-in. */
  | { type: 'signed-out' }
  /** Nothing left to send (held conflicts aside). */
  | { type: 'idle'; waiting: number };

export interface OutboxOptions {
  remote: PaletteRepository;
  /** The signed-in account: its writes wait in their own database and go out only under its session. */
  owner: string;
  isOnline?: () => boolean;
  /** Where `online` fires (window); null for none. */
  events?: EventTarget | null;
  /** `navigator.locks` by default; null uses a lease in IndexedDB instead. */
  locks?: LockLike | null;
  /** First retry delay and the most it grows to (ms), doubling with jitter. */
  retry?: { firstMs: number; maxMs: number };
  /** Rejects unknown colour ids offline, as the server would. */
  colorExists?: (id: string) => boolean;
  onConflict?: (conflict: OutboxConflict) => void;
  now?: () => Date;
  /** Sends on creation (start-up); tests turn it off to queue first. */
  autoStart?: boolean;
}

export interface OutboxRepository extends PaletteRepository {
  readonly kind: 'outbox';
  /** Sends what waits, if online; resolves when this attempt is over. */
  flush(): Promise<void>;
  /**
   * The list as this device knows it, without asking the server: the last list plus the waiting
   * writes (null before any list). For `changed` events, which come once per write while draining.
   */
  peek(): Promise<PaletteSummary[] | null>;
  /** How many writes wait (held ones included). */
  waiting(): Promise<number>;
  /** The writes waiting for the person's choice. */
  conflicts(): Promise<OutboxConflict[]>;
  /** Settles a held write with the person's choice, then sends on. */
  resolve(seq: number, choice: ConflictChoice): Promise<RepoResult<void>>;
  subscribe(listener: (event: OutboxEvent) => void): () => void;
  close(): void;
}

export function conflictOf(op: QueuedOp): OutboxConflict {
  return {
    seq: op.seq,
    kind: op.kind,
    reason: op.status === 'refused' ? 'refused' : 'conflict',
    paletteId: ('ids' in op ? op.ids : [op.id])[0] ?? '',
    mine: op.mine[0] ?? null,
    theirs: op.theirs ?? null,
    ...(op.error ? { message: op.error } : {}),
  };
}
