import type { ApiErrorCode } from '../../shared/api/common';
import {
  ApiFailure,
  type ApiPalette,
  createPalette,
  deletePalette,
  deletePalettes,
  getHistory,
  listPalettes,
  restoreVersion,
  setSharing,
  undeletePalettes,
  updatePalette,
} from '../lib/api-client';
import type { PaletteRepository, RepoResult, PaletteSummary } from './palette-repository';

/**
 * A signed-in person's palettes on the server: the API (api-client.ts) with every answer turned
 * into a RepoResult, chosen by the error's code: `version_conflict` is a conflict carrying the server's
 * current copy, `palette_not_found` is not-found (a conflict with nothing for a save onto a palette
 * that is gone), `unauthenticated` is signed-out, and a request that got no answer at all (`network`)
 * is offline, so the outbox in front of it queues the write.
 * Versioned writes (save, sharing, restore) send the version they were based on as If-Match.
 */

/** The part of the API client this uses; tests pass a fake. */
const serverApi = {
  listPalettes,
  createPalette,
  updatePalette,
  deletePalette,
  deletePalettes,
  undeletePalettes,
  setSharing,
  getHistory,
  restoreVersion,
};
export type PaletteApi = typeof serverApi;

function fromApi(p: ApiPalette): PaletteSummary {
  return {
    id: p.id,
    name: p.name,
    colorIds: p.colors.map((c) => c.id),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    isPublic: p.isPublic,
    shareId: p.shareId,
    version: p.version,
  };
}

const codeOf = (error: unknown) => (error instanceof ApiFailure ? error.code : 'network');
/**
 * A stale version (If-Match) or a palette that exists: someone else's copy to choose against. The caps'
 * 409s (`palette_limit`, `version_limit`) are not: nobody else saved, and the server's message says
 * what to do, so they stay failures carrying it.
 */
const CONFLICT: ReadonlySet<string> = new Set<ApiErrorCode>(['version_conflict', 'palette_exists']);
const GONE: ReadonlySet<string> = new Set<ApiErrorCode>(['palette_not_found', 'not_found']);
const SIGNED_OUT: ApiErrorCode = 'unauthenticated';

export function createRemoteRepository(client: PaletteApi = serverApi): PaletteRepository {
  /** The server's copy of each palette last seen, for answers that carry only a part (sharing). */
  const known = new Map<string, PaletteSummary>();
  const seen = (palette: PaletteSummary) => {
    known.set(palette.id, palette);
    return palette;
  };

  async function current(id: string): Promise<PaletteSummary | null> {
    try {
      const { palettes } = await client.listPalettes();
      return palettes.map((p) => seen(fromApi(p))).find((p) => p.id === id) ?? null;
    } catch {
      return null;
    }
  }

  /** Every failure as a RepoResult; `gone` is what a 404 means for this call. */
  async function attempt<T>(
    call: () => Promise<T>,
    id: string | null,
    gone: 'not-found' | 'conflict' = 'not-found',
  ): Promise<RepoResult<T>> {
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      const code = codeOf(error);
      if (code === 'network') return { ok: false, reason: 'offline' };
      if (code === SIGNED_OUT) return { ok: false, reason: 'signed-out' };
      if (CONFLICT.has(code) && id !== null) {
        return { ok: false, reason: 'conflict', theirs: await current(id) };
      }
      if (GONE.has(code))
        return gone === 'conflict'
          ? { ok: false, reason: 'conflict', theirs: null }
          : { ok: false, reason: 'not-found' };
      return { ok: false, reason: 'failed', error };
    }
  }

  return {
    kind: 'remote',

    list: () =>
      attempt(async () => {
        const { palettes } = await client.listPalettes();
        known.clear();
        return palettes.map((p) => seen(fromApi(p)));
      }, null),

    // A keyed create (from the outbox) is idempotent per account and key: a retry whose first answer
    // was lost gets the same palette back, never a second one.
    create: (name, colorIds, options = {}) =>
      attempt(async () => seen(fromApi(await client.createPalette(name, colorIds, options.key))), null),

    update: (id, baseVersion, change) =>
      attempt(async () => seen(fromApi(await client.updatePalette(id, baseVersion, change))), id, 'conflict'),

    remove: (ids) =>
      attempt(async () => {
        if (ids.length === 1) await client.deletePalette(ids[0] as string);
        else await client.deletePalettes(ids);
        for (const id of ids) known.delete(id);
      }, null),

    undelete: (ids) =>
      attempt(async () => (await client.undeletePalettes(ids)).palettes.map((p) => seen(fromApi(p))), null),

    // If-Match: a sharing change made on an older copy (queued offline, or a stale tab) is a conflict.
    setSharing: (id, isPublic, baseVersion) =>
      attempt(async () => {
        const result = await client.setSharing(id, isPublic, baseVersion);
        const base = known.get(id) ?? (await current(id));
        if (!base) throw new ApiFailure(404, 'not_found', 'No such palette.');
        return seen({ ...base, isPublic: result.isPublic, shareId: result.shareId, version: result.version });
      }, id),

    history: (id) =>
      attempt(
        async () =>
          (await client.getHistory(id)).versions.map(({ colors, ...entry }) => ({
            ...entry,
            colorIds: colors.map((c) => c.id),
          })),
        id,
      ),

    restore: (id, version, baseVersion) =>
      attempt(async () => seen(fromApi(await client.restoreVersion(id, version, baseVersion))), id),
  };
}
