import type { ApiErrorCode } from '../../../shared/api/common';
import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import type { PaletteSummary, RepoResult } from '../palette-repository';
import type { QueuedOp } from './outbox-queue';

/**
 * What the sender does with the server's answer to one queued write (pure): settle it, look in the
 * history whether a write whose answer was lost landed, try again later (counted or not), hold it for
 * the person, or stop because the session ended.
 */

export type Verdict =
  /** Done: it leaves the queue and what the server said enters the cache. */
  | { action: 'settle' }
  /** A conflict after an answer was lost: it may be this write itself, already in the history. */
  | { action: 'check-landed'; theirs: PaletteSummary }
  /** Someone saved since (or deleted it): the person chooses. */
  | { action: 'hold'; status: 'held'; theirs: PaletteSummary | null }
  /** The server will refuse it again: the person may try again or discard it. */
  | { action: 'hold'; status: 'refused'; attempts: number; message: string }
  /** No answer, or the server's own failure: it may have landed; back off and send it again. */
  | { action: 'retry'; attempts: number }
  /** The write rate: refused before anything was done, only for now; back off without counting it. */
  | { action: 'wait' }
  /** The session ended: sending stops; the queue waits for this account's next sign-in. */
  | { action: 'sign-out' };

/** After this many answers of a failing server a write is held as refused rather than tried forever. */
export const MAX_FAILED_ATTEMPTS = 5;

/**
 * Codes worth asking again: no answer, the server's own failure, and the API client's codes for an
 * answer that was not the API's (a proxy's page, JSON without a code).
 */
const RETRYABLE: ReadonlySet<string> = new Set<ApiErrorCode | 'network' | 'not_configured' | 'error'>([
  'internal',
  'network',
  'not_configured',
  'error',
]);

/** The code of a failure the remote passed on (the API's, or the client's own), if it has one. */
const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null | undefined)?.code;

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'The server refused this change.';
}

type Sent = Pick<QueuedOp, 'kind' | 'attempts' | 'uncertain'>;

/** The verdict on one answer to a write. */
export function judge(op: Sent, answer: RepoResult<unknown>): Verdict {
  if (answer.ok) return { action: 'settle' };
  switch (answer.reason) {
    case 'signed-out':
      return { action: 'sign-out' };
    case 'offline':
      return { action: 'retry', attempts: op.attempts };
    case 'not-found':
      // A create made by an earlier attempt and deleted since, a delete of what is gone: what was asked.
      if (op.kind === 'create' || op.kind === 'remove') return { action: 'settle' };
      return op.kind === 'undelete' ? failure(op, answer) : { action: 'hold', status: 'held', theirs: null };
    case 'conflict':
      if (op.kind === 'create' || op.kind === 'remove' || op.kind === 'undelete') return failure(op, answer);
      if (op.uncertain && answer.theirs) return { action: 'check-landed', theirs: answer.theirs };
      return { action: 'hold', status: 'held', theirs: answer.theirs };
    default:
      return failure(op, answer);
  }
}

function failure(op: Sent, answer: Exclude<RepoResult<unknown>, { ok: true }>): Verdict {
  const error = answer.reason === 'failed' ? answer.error : undefined;
  const code = codeOf(error);
  if (code === 'rate_limited') return { action: 'wait' };
  const attempts = op.attempts + 1;
  const forGood = typeof code === 'string' && !RETRYABLE.has(code);
  if (forGood || attempts >= MAX_FAILED_ATTEMPTS) {
    return { action: 'hold', status: 'refused', attempts, message: errorMessage(error) };
  }
  // A server error may have come after the write was done: it counts as unanswered.
  return { action: 'retry', attempts };
}

/** How long to wait before the next attempt: doubling from `firstMs` up to `maxMs`, with jitter. */
export function backoff(failures: number, retry: { firstMs: number; maxMs: number }, random = Math.random): number {
  return Math.min(retry.maxMs, retry.firstMs * 2 ** failures) * (0.5 + random() / 2);
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether a write whose answer was lost is in the history already: the versions right after its base
 * are exactly what it makes. Its last version, or null when it is not there.
 */
export function landedAt(op: QueuedOp, base: number, history: readonly PaletteVersion[]): number | null {
  const after = history.filter((e) => e.version > base).sort((a, b) => a.version - b.version);
  const first = after[0];
  if (!first || first.version !== base + 1) return null;
  if (op.kind === 'sharing')
    return first.type === (op.isPublic ? 'PalettePublished' : 'PaletteUnpublished') ? first.version : null;
  if (op.kind === 'restore')
    return first.type === 'PaletteRestored' && first.restoredVersion === op.version ? first.version : null;
  if (op.kind !== 'update') return null;
  const kinds = ['PaletteRenamed', 'PaletteColorsChanged'];
  for (const n of [1, 2]) {
    const run = after.slice(0, n);
    const end = run.at(-1);
    if (run.length < n || !end || end.version !== base + n) break;
    if (!run.every((e) => kinds.includes(e.type)) || new Set(run.map((e) => e.type)).size !== n) break;
    const { name, colorIds } = op.change;
    if ((name === undefined || end.name === name) && (colorIds === undefined || same(end.colorIds, colorIds))) {
      return end.version;
    }
  }
  return null;
}
