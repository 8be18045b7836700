import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import type { PaletteRepository, RepoResult, PaletteSummary } from '../../../web/data/palette-repository';

/**
 * An in-memory stand-in for the palette API behind a remote repository, with the server's rules
 * (a version per changed field, If-Match conflicts, import idempotent per key, delete/undelete,
 * a new share id each time it goes public) and a network that can drop: `online` false answers
 * 'offline' before the server sees the call; `loseAnswers` lets the server do the next calls and then
 * loses their answers (the case a retry must not turn into a duplicate or a false conflict).
 */
interface Stored {
  palette: PaletteSummary;
  deleted: boolean;
  history: PaletteVersion[];
}

export class FakePaletteServer {
  readonly stored = new Map<string, Stored>();
  readonly keys = new Map<string, string>();
  /** Every call the server carried out, in order (`kind:id`). */
  readonly log: string[] = [];
  online = true;
  loseAnswers = 0;
  /** Milliseconds each call takes (lets two senders overlap in time). */
  delayMs = 0;
  private next = 1;
  private clock = Date.UTC(2026, 0, 1);

  private at(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private record(stored: Stored, type: PaletteVersion['type'], extra: Partial<PaletteVersion> = {}) {
    const p = stored.palette;
    p.version++;
    p.updatedAt = this.at();
    stored.history.push({
      version: p.version,
      type,
      at: p.updatedAt,
      name: p.name,
      colorIds: [...p.colorIds],
      isPublic: p.isPublic,
      ...extra,
    });
  }

  private live(id: string): Stored | null {
    const stored = this.stored.get(id);
    return stored && !stored.deleted ? stored : null;
  }

  private copy(stored: Stored): PaletteSummary {
    return { ...stored.palette, colorIds: [...stored.palette.colorIds] };
  }

  /** What another device does: a change straight on the server. */
  changeElsewhere(id: string, change: { name?: string; colorIds?: string[] }): PaletteSummary {
    const stored = this.live(id)!;
    if (change.name !== undefined) {
      stored.palette.name = change.name;
      this.record(stored, 'PaletteRenamed');
    }
    if (change.colorIds !== undefined) {
      stored.palette.colorIds = [...change.colorIds];
      this.record(stored, 'PaletteColorsChanged');
    }
    return this.copy(stored);
  }

  palettes(): PaletteSummary[] {
    return [...this.stored.values()].filter((s) => !s.deleted).map((s) => this.copy(s));
  }

  historyOf(id: string): PaletteVersion[] {
    return this.stored.get(id)?.history ?? [];
  }

  /** Runs as each call reaches the server (a test looks at the client's storage at that moment). */
  onCall?: (label: string) => Promise<void>;
  /** Runs after the server has answered and before the answer reaches the client (a slow network). */
  onAnswer?: (label: string) => Promise<void>;
  /** The next calls answer this, untouched by the server (a 400, a 500, an ended session). */
  readonly answers: Array<Exclude<RepoResult<never>, { ok: true }>> = [];

  private async call<T>(label: string, run: () => RepoResult<T>): Promise<RepoResult<T>> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (!this.online) return { ok: false, reason: 'offline' };
    await this.onCall?.(label);
    const canned = this.answers.shift();
    if (canned) return canned;
    const result = run();
    this.log.push(label);
    await this.onAnswer?.(label);
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      return { ok: false, reason: 'offline' };
    }
    return result;
  }

  private versioned(id: string, base: number, apply: (stored: Stored) => void): RepoResult<PaletteSummary> {
    const stored = this.live(id);
    if (!stored) return { ok: false, reason: 'not-found' };
    if (stored.palette.version !== base) return { ok: false, reason: 'conflict', theirs: this.copy(stored) };
    apply(stored);
    return { ok: true, value: this.copy(stored) };
  }

  repository(): PaletteRepository {
    return {
      kind: 'remote',
      list: () => this.call('list', () => ({ ok: true, value: this.palettes().reverse() })),
      create: (name, colorIds, options = {}) =>
        this.call(`create:${name}`, () => {
          const known = options.key ? this.keys.get(options.key) : undefined;
          if (known) {
            const stored = this.stored.get(known)!;
            return { ok: true, value: this.copy(stored) };
          }
          const id = `p${String(this.next++).padStart(19, '0')}`;
          const at = options.createdAt ?? this.at();
          const palette: PaletteSummary = {
            id,
            name,
            colorIds: [...colorIds],
            createdAt: at,
            updatedAt: at,
            isPublic: false,
            shareId: null,
            version: 1,
          };
          const entry: PaletteVersion = {
            version: 1,
            type: 'PaletteCreated',
            at,
            name,
            colorIds: [...colorIds],
            isPublic: false,
          };
          this.stored.set(id, { palette, deleted: false, history: [entry] });
          if (options.key) this.keys.set(options.key, id);
          return { ok: true, value: { ...palette, colorIds: [...colorIds] } };
        }),
      update: (id, base, change) =>
        this.call(`update:${id}`, () =>
          this.versioned(id, base, (stored) => {
            if (change.name !== undefined && change.name !== stored.palette.name) {
              stored.palette.name = change.name;
              this.record(stored, 'PaletteRenamed');
            }
            const colors = change.colorIds;
            if (colors !== undefined && colors.join() !== stored.palette.colorIds.join()) {
              stored.palette.colorIds = [...colors];
              this.record(stored, 'PaletteColorsChanged');
            }
          }),
        ),
      remove: (ids) =>
        this.call(`remove:${ids.join(',')}`, () => {
          for (const id of ids) {
            const stored = this.live(id);
            if (stored) {
              this.record(stored, 'PaletteDeleted');
              stored.deleted = true;
            }
          }
          return { ok: true, value: undefined };
        }),
      undelete: (ids) =>
        this.call(`undelete:${ids.join(',')}`, () => {
          const back: PaletteSummary[] = [];
          for (const id of ids) {
            const stored = this.stored.get(id);
            if (!stored) continue;
            if (stored.deleted) {
              stored.deleted = false;
              stored.palette.isPublic = false;
              stored.palette.shareId = null;
              this.record(stored, 'PaletteUndeleted');
            }
            back.push(this.copy(stored));
          }
          return { ok: true, value: back };
        }),
      setSharing: (id, isPublic, base) =>
        this.call(`sharing:${id}`, () =>
          this.versioned(id, base, (stored) => {
            if (stored.palette.isPublic === isPublic) return;
            stored.palette.isPublic = isPublic;
            stored.palette.shareId = isPublic ? `share${this.next++}` : null;
            this.record(stored, isPublic ? 'PalettePublished' : 'PaletteUnpublished');
          }),
        ),
      history: (id) =>
        this.call(`history:${id}`, () => {
          const stored = this.live(id);
          return stored
            ? { ok: true, value: stored.history.map((e) => ({ ...e })) }
            : { ok: false, reason: 'not-found' };
        }),
      restore: (id, version, base) =>
        this.call(`restore:${id}`, () =>
          this.versioned(id, base, (stored) => {
            const target = stored.history.find((e) => e.version === version)!;
            stored.palette.name = target.name;
            stored.palette.colorIds = [...target.colorIds];
            this.record(stored, 'PaletteRestored', { restoredVersion: version });
          }),
        ),
    };
  }
}
