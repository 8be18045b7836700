import { type DecideContext, decide, type PaletteCommand } from '../../../shared/palette/palette-decider';
import { type PaletteEvent, paletteEvent } from '../../../shared/palette/palette-events';
import {
  evolve,
  fold,
  type PaletteVersion,
  type SavedPalette,
  versionRow,
} from '../../../shared/palette/palette-evolve';
import type { PaletteSummary } from '../palette-repository';
import type { OpBody, QueuedOp } from './outbox-queue';

/**
 * What the person sees while writes wait (pure): the last list and histories the server gave, with
 * the queued writes run through the palette rules (`decide`/`evolve` of shared/palette), the same
 * rules the server will apply when they arrive. Nothing here guesses a version by hand.
 */

export interface ViewRules {
  now: string;
  colorExists(id: string): boolean;
}

/** Every version of a palette as last known (its history), for a restore; null when this device has none. */
type HistoryOf = (id: string) => readonly PaletteVersion[] | null;

/** Offline-made ids become server ids once their create has landed. */
export const resolveId = (ids: Record<string, string>, id: string) => ids[id] ?? id;
export const touches = (op: OpBody): string[] => ('ids' in op ? op.ids : [op.id]);

export const plain = (p: PaletteSummary): PaletteSummary => {
  const { pending: _, ...rest } = p;
  return { ...rest, colorIds: [...p.colorIds] };
};
export const pending = (p: PaletteSummary): PaletteSummary => ({ ...plain(p), pending: true });
const newestFirst = (list: PaletteSummary[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

// The outbox's commands act for the signed-in person, whose palettes these all are.
const ACTOR = null;

function stateOf(p: PaletteSummary, deleted = false): SavedPalette {
  // Published here and not sent yet: public, its link still to come from the server.
  const shareId = p.shareId ?? (p.isPublic ? '' : null);
  return { ...plain(p), colorIds: [...p.colorIds], shareId, ownerId: ACTOR, deleted };
}

function summaryOf(state: SavedPalette): PaletteSummary {
  const { ownerId: _o, deleted: _d, ...rest } = state;
  // The share link is made by the server: none until the change lands.
  return { ...rest, colorIds: [...state.colorIds], shareId: state.shareId || null };
}

/** A history row back as the event that made it (the share id is the server's to give: left empty). */
function eventOf(row: PaletteVersion, paletteId: string): PaletteEvent {
  const { at, name, colorIds } = row;
  switch (row.type) {
    case 'PaletteCreated':
      return paletteEvent('PaletteCreated', at, { paletteId, ownerId: ACTOR, name, colorIds: [...colorIds] });
    case 'PaletteRenamed':
      return paletteEvent('PaletteRenamed', at, { name });
    case 'PaletteColorsChanged':
      return paletteEvent('PaletteColorsChanged', at, { colorIds: [...colorIds] });
    case 'PalettePublished':
      return paletteEvent('PalettePublished', at, { shareId: '' });
    case 'PaletteUnpublished':
      return paletteEvent('PaletteUnpublished', at, { shareId: '' });
    case 'PaletteRestored':
      return paletteEvent('PaletteRestored', at, {
        restoredVersion: row.restoredVersion ?? 0,
        name,
        colorIds: [...colorIds],
      });
    case 'PaletteDeleted':
      return paletteEvent('PaletteDeleted', at, {});
    default:
      return paletteEvent('PaletteUndeleted', at, {});
  }
}

/** The commands one queued write gives for one of its palettes, as the server's routes turn it into them. */
function commandsOf(op: OpBody, id: string): PaletteCommand[] {
  const actorId = ACTOR;
  switch (op.kind) {
    case 'create':
      return [{ type: 'CreatePalette', actorId, paletteId: id, name: op.name, colorIds: op.colorIds }];
    case 'update':
      return [
        ...(op.change.name === undefined ? [] : [{ type: 'RenamePalette' as const, actorId, name: op.change.name }]),
        ...(op.change.colorIds === undefined
          ? []
          : [{ type: 'ChangePaletteColors' as const, actorId, colorIds: op.change.colorIds }]),
      ];
    case 'sharing':
      return [{ type: op.isPublic ? 'PublishPalette' : 'UnpublishPalette', actorId }];
    case 'restore':
      return [{ type: 'RestorePalette', actorId, version: op.version }];
    case 'remove':
      return [{ type: 'DeletePalette', actorId }];
    default:
      return [{ type: 'UndeletePalette', actorId }];
  }
}

/** One palette's stream as the view folds it: its state and the events the waiting writes add. */
interface Stream {
  state: SavedPalette | null;
  /** Every event known for it (for a restore's look back), null when its history is not on this device. */
  events: PaletteEvent[] | null;
  added: PaletteEvent[];
}

/**
 * Runs one write's commands on a stream. A write the rules refuse (the palette is gone, a version this
 * device never saw) changes nothing here: the server will answer it, and the sender hands it to the person.
 */
function run(stream: Stream, op: OpBody & { queuedAt?: string }, id: string, rules: ViewRules): Stream {
  let { state, events, added } = stream;
  // A waiting write's versions are dated when the person made it.
  const at = op.kind === 'create' ? op.createdAt : (op.queuedAt ?? rules.now);
  const ctx: DecideContext = {
    now: at,
    ids: { shareId: () => '' },
    colorExists: rules.colorExists,
    history: (upTo) => (events ?? []).slice(0, upTo),
  };
  for (const command of commandsOf(op, id)) {
    let made: PaletteEvent[];
    try {
      made = decide(command, state, ctx);
    } catch {
      return stream;
    }
    state = made.reduce<SavedPalette | null>(evolve, state);
    events = events ? [...events, ...made] : events;
    added = [...added, ...made];
  }
  return { state, events, added };
}

/** A palette to check a rename or recolour on: the rules check the name and colours whatever it holds. */
const ANY: SavedPalette = {
  id: '',
  ownerId: ACTOR,
  name: '',
  colorIds: [],
  createdAt: '',
  updatedAt: '',
  isPublic: false,
  shareId: null,
  version: 1,
  deleted: false,
};

/**
 * A create, rename or recolour the server would refuse, refused here at once (the rules' own words);
 * null when it passes.
 */
export function refusal(op: OpBody, rules: ViewRules): Error | null {
  const ctx: DecideContext = {
    now: rules.now,
    ids: { shareId: () => '' },
    colorExists: rules.colorExists,
    history: () => [],
  };
  try {
    for (const command of commandsOf(op, 'new')) {
      if (command.type === 'CreatePalette') decide(command, null, ctx);
      else if (command.type === 'RenamePalette' || command.type === 'ChangePaletteColors') decide(command, ANY, ctx);
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

export interface ListInput {
  /** The server's list as last known (null before any). */
  known: PaletteSummary[] | null;
  /** Copies of palettes deleted lately (an Undo brings them back). */
  removed: readonly PaletteSummary[];
  ops: readonly QueuedOp[];
  ids: Record<string, string>;
  histories?: HistoryOf;
}

/** The list the person sees: the server's last list with every waiting write run on it, newest first. */
export function listView(input: ListInput, rules: ViewRules): PaletteSummary[] | null {
  const { known, ops, ids } = input;
  if (!known && ops.length === 0) return null;
  const streams = new Map<string, Stream>();
  const historyOf = (id: string) => input.histories?.(id) ?? null;
  const start = (id: string): Stream => {
    const listed = (known ?? []).find((p) => p.id === id);
    const gone = listed ? undefined : input.removed.find((p) => resolveId(ids, p.id) === id);
    const copy = listed ?? (gone && { ...gone, id });
    const rows = historyOf(id);
    const events = rows ? rows.map((row) => eventOf(row, id)) : copy ? null : [];
    let state = copy ? stateOf(copy) : null;
    // A palette deleted lately is in the stream as deleted (so an Undo's rules apply to it).
    if (state && gone) state = evolve(state, paletteEvent('PaletteDeleted', rules.now, {}));
    return { state, events, added: [] };
  };
  for (const op of ops) {
    for (const raw of touches(op)) {
      const id = resolveId(ids, raw);
      const before = streams.get(id) ?? start(id);
      const after = run(before, op, id, rules);
      // Where the rules cannot run (no copy of it here), the write's own copy stands in, as stored.
      const mine = op.mine.find((p) => resolveId(ids, p.id) === id);
      const standIn = after === before && mine && op.kind !== 'remove';
      streams.set(id, standIn ? { ...before, state: stateOf({ ...mine, id }) } : after);
    }
  }
  const byId = new Map((known ?? []).map((p) => [p.id, plain(p)]));
  for (const [id, stream] of streams) {
    if (!stream.state || stream.state.deleted) byId.delete(id);
    else byId.set(id, { ...summaryOf(stream.state), id, pending: true });
  }
  return newestFirst([...byId.values()]);
}

/** The palette as one more write would leave it, or null when the rules say it changes nothing. */
export function afterWrite(
  palette: PaletteSummary,
  op: OpBody,
  rules: ViewRules,
  history: readonly PaletteVersion[] | null,
): PaletteSummary | null | 'unknown' {
  const events = history ? history.map((row) => eventOf(row, palette.id)) : null;
  const before: Stream = { state: stateOf(palette), events, added: [] };
  const after = run(before, op, palette.id, rules);
  // Refused by the rules (a version this device cannot bring back): the server must answer it.
  if (after === before) return 'unknown';
  if (!after.state || after.added.length === 0) return null;
  return { ...summaryOf(after.state), id: palette.id };
}

/**
 * The history the person sees: the server's last history of the palette (none for one made here),
 * with the versions the waiting writes will add after it.
 */
export function historyView(
  entries: readonly PaletteVersion[],
  ops: readonly QueuedOp[],
  ids: Record<string, string>,
  id: string,
  rules: ViewRules,
): PaletteVersion[] {
  const events = entries.map((row) => eventOf(row, id));
  const last = entries.at(-1);
  const folded = fold(events);
  // The server's own numbering carries on (its rows are the truth, whatever the fold makes of them).
  const start = folded && last ? { ...folded, version: last.version } : null;
  let stream: Stream = { state: start, events, added: [] };
  for (const op of ops) {
    if (touches(op).some((x) => resolveId(ids, x) === id)) stream = run(stream, op, id, rules);
  }
  const rows: PaletteVersion[] = [...entries];
  let state = start;
  for (const event of stream.added) {
    state = evolve(state, event);
    if (state) rows.push(versionRow(event, state));
  }
  return rows;
}

/** Keeps the cached list in step with an answer the server gave. */
export function withAnswer(kind: OpBody['kind'], value: PaletteSummary | PaletteSummary[] | null, ids: string[] = []) {
  return (list: PaletteSummary[]) => {
    if (kind === 'remove') return list.filter((p) => !ids.includes(p.id));
    const copies = (Array.isArray(value) ? value : value ? [value] : []).map(plain);
    const replaced = new Set(copies.map((p) => p.id));
    return newestFirst([...copies, ...list.filter((p) => !replaced.has(p.id))]);
  };
}
