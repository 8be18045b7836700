import { PALETTE_MAX, PALETTE_MIN } from './limits';
import { type PaletteEvent, paletteEvent } from './palette-events';
import { evolve, fold, type SavedPalette } from './palette-evolve';
import { cleanText } from '../text/clean-text';

export const PALETTE_NAME_MAX = 100;

/** Commands are imperative; `actorId` is who asks (null for the browser's local palettes). */
export type PaletteCommand =
  | { type: 'CreatePalette'; actorId: string | null; paletteId: string; name: string; colorIds: readonly string[] }
  | { type: 'RenamePalette'; actorId: string | null; name: string }
  | { type: 'ChangePaletteColors'; actorId: string | null; colorIds: readonly string[] }
  | { type: 'PublishPalette'; actorId: string | null }
  | { type: 'UnpublishPalette'; actorId: string | null }
  | { type: 'DeletePalette'; actorId: string | null }
  /** Undo of a delete; on a palette that is not deleted it changes nothing. */
  | { type: 'UndeletePalette'; actorId: string | null }
  /** Brings back the name and colours of `version`; the decider reads that version through `ctx.history`. */
  | { type: 'RestorePalette'; actorId: string | null; version: number }
  | {
      type: 'ImportPalette';
      actorId: string;
      paletteId: string;
      localId: string;
      name: string;
      colorIds: readonly string[];
      createdAt?: string;
      /** The palette's local event history, oldest first; its end should match name and colorIds. */
      history?: readonly PaletteEvent[];
    };

export interface DecideContext {
  /** The current time, ISO. */
  now: string;
  ids: { shareId(): string };
  /** Whether a catalogue colour id exists. */
  colorExists(id: string): boolean;
  /**
   * The stream's first `upToVersion` events, oldest first (a restore folds them into the version it
   * brings back). Asked only with a version the decider has checked exists, so callers read history
   * only when a command needs it.
   */
  history(upToVersion: number): readonly PaletteEvent[];
}

export type PaletteErrorCode =
  | 'palette_not_found'
  | 'palette_exists'
  | 'invalid_name'
  | 'invalid_colors'
  | 'unknown_color'
  | 'unknown_version'
  | 'invalid_history';

/** A broken rule: the caller maps the code to its answer (the API to a 4xx, the app to a toast). */
export class PaletteError extends Error {
  constructor(
    readonly code: PaletteErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaletteError';
  }
}

/** Names are NFC text with something visible in them: no controls, bidi overrides or broken surrogates. */
export function checkName(name: string): string {
  const raw = typeof name === 'string' ? name : '';
  if (raw.trim().length === 0) throw new PaletteError('invalid_name', 'Give the palette a name.');
  const cleaned = cleanText(raw);
  if (!cleaned.ok) throw new PaletteError('invalid_name', `The palette name ${cleaned.reason}.`);
  const trimmed = cleaned.text;
  if (trimmed.length > PALETTE_NAME_MAX) {
    throw new PaletteError('invalid_name', `A palette name has at most ${PALETTE_NAME_MAX} characters.`);
  }
  return trimmed;
}

function checkColors(colorIds: readonly string[], ctx: Pick<DecideContext, 'colorExists'>): string[] {
  if (!Array.isArray(colorIds) || colorIds.length < PALETTE_MIN || colorIds.length > PALETTE_MAX) {
    throw new PaletteError('invalid_colors', `A palette has ${PALETTE_MIN} to ${PALETTE_MAX} colours.`);
  }
  for (const id of colorIds) {
    if (typeof id !== 'string' || !ctx.colorExists(id)) {
      throw new PaletteError('unknown_color', `"${String(id).slice(0, 100)}" is not a colour of the catalogue.`);
    }
  }
  return [...colorIds];
}

const sameColors = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Only the owner may command; to anyone else the palette does not exist. */
function requireOwned(state: SavedPalette | null, actorId: string | null): SavedPalette {
  if (!state || state.deleted || state.ownerId !== actorId) {
    throw new PaletteError('palette_not_found', 'No such palette.');
  }
  return state;
}

/** The one range check of a version: a whole number from 1 to the state's current version. */
const isVersionOf = (version: number, state: SavedPalette | null) =>
  Number.isInteger(version) && version >= 1 && version <= (state?.version ?? 0);

function unreachable(command: never): never {
  throw new Error(`Unknown palette command ${JSON.stringify(command)}`);
}

/** Pure: the events a command produces on the current state, or a PaletteError. */
export function decide(command: PaletteCommand, state: SavedPalette | null, ctx: DecideContext): PaletteEvent[] {
  const { now } = ctx;
  switch (command.type) {
    case 'CreatePalette': {
      if (state) throw new PaletteError('palette_exists', 'A palette with this id exists already.');
      return [
        paletteEvent('PaletteCreated', now, {
          paletteId: command.paletteId,
          ownerId: command.actorId,
          name: checkName(command.name),
          colorIds: checkColors(command.colorIds, ctx),
        }),
      ];
    }
    case 'RenamePalette': {
      const current = requireOwned(state, command.actorId);
      const name = checkName(command.name);
      return name === current.name ? [] : [paletteEvent('PaletteRenamed', now, { name })];
    }
    case 'ChangePaletteColors': {
      const current = requireOwned(state, command.actorId);
      const colorIds = checkColors(command.colorIds, ctx);
      return sameColors(colorIds, current.colorIds) ? [] : [paletteEvent('PaletteColorsChanged', now, { colorIds })];
    }
    case 'PublishPalette': {
      const current = requireOwned(state, command.actorId);
      return current.isPublic ? [] : [paletteEvent('PalettePublished', now, { shareId: ctx.ids.shareId() })];
    }
    case 'UnpublishPalette': {
      const current = requireOwned(state, command.actorId);
      if (!current.isPublic || current.shareId === null) return [];
      return [paletteEvent('PaletteUnpublished', now, { shareId: current.shareId })];
    }
    case 'DeletePalette': {
      requireOwned(state, command.actorId);
      return [paletteEvent('PaletteDeleted', now, {})];
    }
    case 'UndeletePalette': {
      // Deleted or not, only the owner may see it: to anyone else it does not exist.
      if (!state || state.ownerId !== command.actorId) {
        throw new PaletteError('palette_not_found', 'No such palette.');
      }
      return state.deleted ? [paletteEvent('PaletteUndeleted', now, {})] : [];
    }
    case 'RestorePalette': {
      const current = requireOwned(state, command.actorId);
      const { version } = command;
      const target = isVersionOf(version, current) ? fold(ctx.history(version)) : null;
      if (!target || target.version !== version || target.deleted) {
        throw new PaletteError('unknown_version', `This palette has versions 1 to ${current.version}.`);
      }
      if (target.name === current.name && sameColors(target.colorIds, current.colorIds)) return [];
      return [
        paletteEvent('PaletteRestored', now, {
          restoredVersion: version,
          name: target.name,
          colorIds: [...target.colorIds],
        }),
      ];
    }
    case 'ImportPalette':
      // Importing the same local palette again changes nothing: its stream exists already.
      return state ? [] : decideImport(command, ctx);
    default:
      return unreachable(command);
  }
}

function decideImport(command: Extract<PaletteCommand, { type: 'ImportPalette' }>, ctx: DecideContext): PaletteEvent[] {
  const name = checkName(command.name);
  const colorIds = checkColors(command.colorIds, ctx);
  const clamp = (at: string | undefined) => {
    const time = at === undefined ? Number.NaN : Date.parse(at);
    if (Number.isNaN(time)) return ctx.now;
    return time > Date.parse(ctx.now) ? ctx.now : new Date(time).toISOString();
  };
  const history = command.history ?? [];
  const out: PaletteEvent[] = [];
  let state: SavedPalette | null = null;
  let last = '';
  for (const [i, event] of history.entries()) {
    const at = clamp(event.at);
    if (at < last) throw new PaletteError('invalid_history', `Event ${i + 1} of the history goes back in time.`);
    last = at;
    let accepted: PaletteEvent;
    if (i === 0) {
      if (event.type !== 'PaletteCreated') {
        throw new PaletteError('invalid_history', 'A palette history starts with PaletteCreated.');
      }
      accepted = paletteEvent('PaletteCreated', at, {
        paletteId: command.paletteId,
        ownerId: command.actorId,
        name: checkName(event.data.name),
        colorIds: checkColors(event.data.colorIds, ctx),
        importedFrom: command.localId,
      });
    } else if (event.type === 'PaletteRenamed') {
      accepted = paletteEvent('PaletteRenamed', at, { name: checkName(event.data.name) });
    } else if (event.type === 'PaletteColorsChanged') {
      accepted = paletteEvent('PaletteColorsChanged', at, { colorIds: checkColors(event.data.colorIds, ctx) });
    } else if (event.type === 'PaletteRestored') {
      const version = event.data.restoredVersion;
      if (!isVersionOf(version, state)) {
        throw new PaletteError('invalid_history', `Event ${i + 1} restores a version that did not exist yet.`);
      }
      accepted = paletteEvent('PaletteRestored', at, {
        restoredVersion: version,
        name: checkName(event.data.name),
        colorIds: checkColors(event.data.colorIds, ctx),
      });
    } else {
      // A local palette is never shared or deleted on the server, and is created once: the rest are not its events.
      throw new PaletteError('invalid_history', `A local history cannot hold ${event.type} (event ${i + 1}).`);
    }
    out.push(accepted);
    state = evolve(state, accepted);
  }
  if (!state) {
    return [
      paletteEvent('PaletteCreated', clamp(command.createdAt), {
        paletteId: command.paletteId,
        ownerId: command.actorId,
        name,
        colorIds,
        importedFrom: command.localId,
      }),
    ];
  }
  // The palette as the user last saw it wins over a history that ends elsewhere.
  if (state.name !== name) out.push(paletteEvent('PaletteRenamed', ctx.now, { name }));
  if (!sameColors(state.colorIds, colorIds)) out.push(paletteEvent('PaletteColorsChanged', ctx.now, { colorIds }));
  return out;
}
