import { type DecideContext, decide, type PaletteCommand, PaletteError } from '../../../shared/palette/palette-decider';
import type { PaletteEvent } from '../../../shared/palette/palette-events';
import { fold, historyRows, type PaletteVersion, type SavedPalette } from '../../../shared/palette/palette-evolve';
import type { PaletteRepository, PaletteSummary, RepoResult } from '../../../web/data/palette-repository';

/**
 * An in-memory stand-in for the palette API behind a remote repository. The rules are the real ones
 * (shared/palette's `decide` and `evolve`, as the server runs them); what it adds is the server's
 * envelope (If-Match conflicts, a keyed create answering the palette the key made) and a network that
 * can drop: `online` false answers 'offline' before the server sees the call; `loseAnswers` lets the
 * server do the next calls and then loses their answers (the case a retry must not turn into a
 * duplicate or a false conflict).
 */

const OWNER = 'fake-owner';
type Failure = Exclude<RepoResult<never>, { ok: true }>;

export class FakePaletteServer {
  /** Each palette's events, oldest first. */
  readonly streams = new Map<string, PaletteEvent[]>();
  readonly keys = new Map<string, string>();
  /** Every call the server carried out, in order (`kind:id`). */
  readonly log: string[] = [];
  online = true;
  loseAnswers = 0;
  /** Milliseconds each call takes (lets two senders overlap in time). */
  delayMs = 0;
  /** Runs as each call reaches the server (a test looks at the client's storage at that moment). */
  onCall?: (label: string) => Promise<void>;
  /** Runs after the server has answered and before the answer reaches the client (a slow network). */
  onAnswer?: (label: string) => Promise<void>;
  /** The next calls answer this, untouched by the server (a 400, a 500, an ended session). */
  readonly answers: Failure[] = [];
  private next = 1;
  private clock = Date.UTC(2026, 0, 1);

  private state(id: string): SavedPalette | null {
    return fold(this.streams.get(id) ?? []);
  }

  private live(id: string): SavedPalette | null {
    const state = this.state(id);
    return state && !state.deleted ? state : null;
  }

  private summary(state: SavedPalette): PaletteSummary {
    const { ownerId: _o, deleted: _d, ...rest } = state;
    return { ...rest, colorIds: [...state.colorIds] };
  }

  /** Runs commands on one palette by the rules, as the server's command handler does. */
  private run(id: string, commands: PaletteCommand[]): SavedPalette | null {
    const events = this.streams.get(id) ?? [];
    this.clock += 1000;
    const ctx: DecideContext = {
      now: new Date(this.clock).toISOString(),
      ids: { shareId: () => `share${this.next++}` },
      colorExists: () => true,
      history: (upTo) => events.slice(0, upTo),
    };
    for (const command of commands) events.push(...decide(command, fold(events), ctx));
    this.streams.set(id, events);
    return fold(events);
  }

  /** A write on one palette based on `base` (If-Match): a conflict carrying theirs when it is stale. */
  private versioned(id: string, base: number, commands: PaletteCommand[]): RepoResult<PaletteSummary> {
    const current = this.live(id);
    if (!current) return { ok: false, reason: 'not-found' };
    if (current.version !== base) return { ok: false, reason: 'conflict', theirs: this.summary(current) };
    return { ok: true, value: this.summary(this.run(id, commands)!) };
  }

  /** What another device does: a change straight on the server. */
  changeElsewhere(id: string, change: { name?: string; colorIds?: string[] }): PaletteSummary {
    const commands: PaletteCommand[] = [];
    if (change.name !== undefined) commands.push({ type: 'RenamePalette', actorId: OWNER, name: change.name });
    if (change.colorIds !== undefined)
      commands.push({ type: 'ChangePaletteColors', actorId: OWNER, colorIds: change.colorIds });
    return this.summary(this.run(id, commands)!);
  }

  palettes(): PaletteSummary[] {
    return [...this.streams.keys()].flatMap((id) => {
      const state = this.live(id);
      return state ? [this.summary(state)] : [];
    });
  }

  historyOf(id: string): PaletteVersion[] {
    return historyRows(this.streams.get(id) ?? []);
  }

  private async call<T>(label: string, run: () => RepoResult<T>): Promise<RepoResult<T>> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (!this.online) return { ok: false, reason: 'offline' };
    await this.onCall?.(label);
    const canned = this.answers.shift();
    if (canned) return canned;
    let result: RepoResult<T>;
    try {
      result = run();
    } catch (error) {
      // A broken rule is the server's 4xx: refused, nothing stored.
      if (!(error instanceof PaletteError)) throw error;
      result = { ok: false, reason: 'failed', error };
    }
    this.log.push(label);
    await this.onAnswer?.(label);
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      return { ok: false, reason: 'offline' };
    }
    return result;
  }

  private create(name: string, colorIds: readonly string[], key?: string): RepoResult<PaletteSummary> {
    const known = key === undefined ? undefined : this.keys.get(key);
    if (known) {
      const state = this.live(known);
      return state ? { ok: true, value: this.summary(state) } : { ok: false, reason: 'not-found' };
    }
    const id = `p${String(this.next++).padStart(19, '0')}`;
    const made = this.run(id, [{ type: 'CreatePalette', actorId: OWNER, paletteId: id, name, colorIds }]);
    if (key !== undefined) this.keys.set(key, id);
    return { ok: true, value: this.summary(made!) };
  }

  repository(): PaletteRepository {
    const actorId = OWNER;
    return {
      kind: 'remote',
      list: () => this.call('list', () => ({ ok: true, value: this.palettes().reverse() })),
      create: (name, colorIds, options = {}) =>
        this.call(`create:${name}`, () => this.create(name, colorIds, options.key)),
      update: (id, base, change) =>
        this.call(`update:${id}`, () =>
          this.versioned(id, base, [
            ...(change.name === undefined ? [] : [{ type: 'RenamePalette' as const, actorId, name: change.name }]),
            ...(change.colorIds === undefined
              ? []
              : [{ type: 'ChangePaletteColors' as const, actorId, colorIds: change.colorIds }]),
          ]),
        ),
      remove: (ids) =>
        this.call(`remove:${ids.join(',')}`, () => {
          for (const id of ids) if (this.live(id)) this.run(id, [{ type: 'DeletePalette', actorId }]);
          return { ok: true, value: undefined };
        }),
      undelete: (ids) =>
        this.call(`undelete:${ids.join(',')}`, () => {
          const back = ids.flatMap((id) => {
            if (!this.streams.has(id)) return [];
            const state = this.run(id, [{ type: 'UndeletePalette', actorId }]);
            return state && !state.deleted ? [this.summary(state)] : [];
          });
          return { ok: true, value: back };
        }),
      setSharing: (id, isPublic, base) =>
        this.call(`sharing:${id}`, () =>
          this.versioned(id, base, [{ type: isPublic ? 'PublishPalette' : 'UnpublishPalette', actorId }]),
        ),
      history: (id) =>
        this.call(`history:${id}`, () =>
          this.live(id) ? { ok: true, value: this.historyOf(id) } : { ok: false, reason: 'not-found' },
        ),
      restore: (id, version, base) =>
        this.call(`restore:${id}`, () => this.versioned(id, base, [{ type: 'RestorePalette', actorId, version }])),
    };
  }
}
