import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../../web/lib/api-client';
import type { PaletteSummary, RepoResult } from '../../../../web/data/palette-repository';
import { backoff, judge, landedAt, MAX_FAILED_ATTEMPTS, type Verdict } from '../../../../web/data/outbox/outbox-policy';
import type { QueuedOp } from '../../../../web/data/outbox/outbox-queue';

const theirs: PaletteSummary = {
  id: 'p1',
  name: 'Hall',
  colorIds: ['a', 'b', 'c'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  isPublic: false,
  shareId: null,
  version: 4,
};

type Write = Pick<QueuedOp, 'kind' | 'attempts' | 'uncertain'>;
const write = (kind: QueuedOp['kind'], over: Partial<Write> = {}): Write => ({
  kind,
  attempts: 0,
  uncertain: false,
  ...over,
});
const refused = (status: number, code: string, message = 'No.') =>
  ({ ok: false, reason: 'failed', error: new ApiFailure(status, code as never, message) }) as const;

/** given(a queued write).when(the server's answer).thenDoes(what the sender does): the policy read as a story. */
function given(op: Write) {
  return {
    when: (answer: RepoResult<unknown>) => ({
      thenDoes: (verdict: Verdict) => expect(judge(op, answer)).toEqual(verdict),
    }),
  };
}

describe('outbox policy: what the sender does with an answer', () => {
  it('settles a write the server took', () => {
    given(write('update')).when({ ok: true, value: theirs }).thenDoes({ action: 'settle' });
    given(write('remove')).when({ ok: true, value: undefined }).thenDoes({ action: 'settle' });
  });

  it('sends again after no answer, without counting it against the write', () => {
    given(write('create', { attempts: 2 }))
      .when({ ok: false, reason: 'offline' })
      .thenDoes({ action: 'retry', attempts: 2 });
  });

  it('counts a server failure and sends again, until it has failed too often', () => {
    given(write('update')).when(refused(500, 'internal')).thenDoes({ action: 'retry', attempts: 1 });
    given(write('update', { attempts: MAX_FAILED_ATTEMPTS - 1 }))
      .when(refused(500, 'internal', 'Something went wrong.'))
      .thenDoes({ action: 'hold', status: 'refused', attempts: MAX_FAILED_ATTEMPTS, message: 'Something went wrong.' });
  });

  it('waits out the write rate without counting it or holding the write', () => {
    given(write('create', { attempts: 3 }))
      .when(refused(429, 'rate_limited'))
      .thenDoes({ action: 'wait' });
  });

  it('holds for the person a write the server will refuse again, with its words', () => {
    given(write('update'))
      .when(refused(409, 'version_limit', 'This palette has too many versions.'))
      .thenDoes({ action: 'hold', status: 'refused', attempts: 1, message: 'This palette has too many versions.' });
  });

  it('holds a stale save for the person, with their copy, or with none when it is gone', () => {
    given(write('update'))
      .when({ ok: false, reason: 'conflict', theirs })
      .thenDoes({ action: 'hold', status: 'held', theirs });
    given(write('sharing'))
      .when({ ok: false, reason: 'not-found' })
      .thenDoes({ action: 'hold', status: 'held', theirs: null });
  });

  it('looks in the history first when the conflict may be its own lost answer', () => {
    given(write('update', { uncertain: true }))
      .when({ ok: false, reason: 'conflict', theirs })
      .thenDoes({ action: 'check-landed', theirs });
  });

  it('takes "not found" as done for a create made earlier and deleted since, and for a delete', () => {
    given(write('create')).when({ ok: false, reason: 'not-found' }).thenDoes({ action: 'settle' });
    given(write('remove')).when({ ok: false, reason: 'not-found' }).thenDoes({ action: 'settle' });
  });

  it('stops sending when the session has ended', () => {
    given(write('update')).when({ ok: false, reason: 'signed-out' }).thenDoes({ action: 'sign-out' });
  });
});

describe('outbox policy: backoff', () => {
  it('doubles from the first delay up to the most, with up to half taken off at random', () => {
    const retry = { firstMs: 1000, maxMs: 60_000 };
    expect([0, 1, 2, 10].map((n) => backoff(n, retry, () => 1))).toEqual([1000, 2000, 4000, 60_000]);
    expect(backoff(1, retry, () => 0)).toBe(1000);
  });
});

describe('outbox policy: a lost answer found in the history', () => {
  const row = (version: number, type: string, name: string, colorIds = ['a', 'b', 'c']) =>
    ({ version, type, at: '2026-11-02T10:00:00.000Z', name, colorIds, isPublic: false }) as never;
  const update = {
    seq: 1,
    kind: 'update',
    id: 'p1',
    base: 2,
    change: { name: 'Front hall', colorIds: ['d', 'e', 'f'] },
    queuedAt: '',
    attempts: 0,
    uncertain: true,
    status: 'queued',
    mine: [],
  } as QueuedOp & { base: number };

  it('finds the versions a save makes right after its base', () => {
    const history = [
      row(1, 'PaletteCreated', 'Hall'),
      row(2, 'PaletteRenamed', 'Hall 2'),
      row(3, 'PaletteRenamed', 'Front hall'),
      row(4, 'PaletteColorsChanged', 'Front hall', ['d', 'e', 'f']),
    ];
    expect(landedAt(update, 2, history)).toBe(4);
  });

  it('does not take someone else’s change for it', () => {
    const history = [
      row(1, 'PaletteCreated', 'Hall'),
      row(2, 'PaletteRenamed', 'Hall 2'),
      row(3, 'PaletteRenamed', 'Study'),
    ];
    expect(landedAt(update, 2, history)).toBeNull();
  });
});
