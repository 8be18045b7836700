import { z } from 'zod';
import type { CatalogueColor } from '../catalogue/types';
import { PALETTE_MAX, PALETTE_MIN } from '../palette/limits';
import { PALETTE_NAME_MAX } from '../palette/palette-decider';
import { cleanText } from '../text/clean-text';
import { PALETTE_EVENT_SCHEMA_VERSION } from '../palette/palette-events';
import type { PaletteVersion, SavedPalette } from '../palette/palette-evolve';

/**
 * A saved palette as the API returns it: the palette without its owner and deleted flag
 * (only the owner's live palettes are sent), colours expanded to full catalogue colours. Its
 * `version` is sent back as `If-Match: W/"<version>"` on PATCH.
 */
export type ApiPalette = Omit<SavedPalette, 'ownerId' | 'deleted' | 'colorIds'> & { colors: CatalogueColor[] };

export const paletteIdSchema = z.string().regex(/^[a-z0-9]{1,64}$/, 'Not a palette id.');
/** Share ids are alphanumeric (the /share route accepts nothing else); new ones are 13 base-36 characters. */
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'Not a share id.');

/** A palette name: NFC, refused with a 400 naming the field when it is not plain visible text. */
const nameSchema = z
  .string()
  .max(PALETTE_NAME_MAX * 4, `A palette name has at most ${PALETTE_NAME_MAX} characters.`)
  .transform((value, ctx) => {
    if (value.trim().length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Give the palette a name.' });
      return z.NEVER;
    }
    const cleaned = cleanText(value);
    if (!cleaned.ok) {
      ctx.addIssue({ code: 'custom', message: `The palette name ${cleaned.reason}.` });
      return z.NEVER;
    }
    return cleaned.text;
  })
  .pipe(z.string().max(PALETTE_NAME_MAX, `A palette name has at most ${PALETTE_NAME_MAX} characters.`));
const colorIdsSchema = z
  .array(z.string().min(1).max(120))
  .min(PALETTE_MIN, `A palette has at least ${PALETTE_MIN} colours.`)
  .max(PALETTE_MAX, `A palette has at most ${PALETTE_MAX} colours.`);

/**
 * `POST /api/palettes` → 201 ApiPalette. With an `Idempotency-Key` header (per account, kept as long as
 * the palette's events), a retry answers the palette the first call made; the same key with another
 * name or colours → 422 `idempotency_key_reused`; made and deleted since → 404.
 */
export const createPaletteSchema = z.strictObject({ name: nameSchema, colorIds: colorIdsSchema });
export type CreatePaletteBody = z.input<typeof createPaletteSchema>;

/** `PATCH /api/palettes/:id` with `If-Match: W/"<version>"` → 200 ApiPalette; 409 when stale. */
export const updatePaletteSchema = z
  .strictObject({ name: nameSchema.optional(), colorIds: colorIdsSchema.optional() })
  .refine((body) => body.name !== undefined || body.colorIds !== undefined, 'Send a name, colorIds or both.');
export type UpdatePaletteBody = z.input<typeof updatePaletteSchema>;

const BULK_DELETE_MAX = 500;
/** `POST /api/palettes/delete` → 200 BulkDeleteResponse (ids not found are left out). */
export const bulkDeleteSchema = z.strictObject({
  ids: z.array(paletteIdSchema).min(1, 'Choose at least one palette.').max(BULK_DELETE_MAX),
});
export type BulkDeleteBody = z.input<typeof bulkDeleteSchema>;
export interface BulkDeleteResponse {
  deleted: string[];
}

/**
 * `POST /api/palettes/undelete` → 200 UndeleteResponse: the Undo of a delete (one or many). The
 * palettes come back private (their old share links stay revoked). Ids not the caller's are left out.
 */
export const undeleteSchema = z.strictObject({
  ids: z.array(paletteIdSchema).min(1, 'Choose at least one palette.').max(BULK_DELETE_MAX),
});
export type UndeleteBody = z.input<typeof undeleteSchema>;
export interface UndeleteResponse {
  /** The palettes now back in the list, in the order asked. */
  palettes: ApiPalette[];
}

/** `PUT /api/palettes/:id/sharing` → 200 SharingResponse; a new shareId each time it goes public. */
export const sharingSchema = z.strictObject({ public: z.boolean() });
export type SharingBody = z.input<typeof sharingSchema>;
export interface SharingResponse {
  isPublic: boolean;
  shareId: string | null;
  version: number;
}

/** `POST /api/palettes/:id/restore` → 200 ApiPalette. */
export const restoreSchema = z.strictObject({ version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export type RestoreBody = z.input<typeof restoreSchema>;

/** `GET /api/palettes/:id/history`: one entry per version, oldest first, colours expanded. */
type ApiPaletteVersion = Omit<PaletteVersion, 'colorIds'> & { colors: CatalogueColor[] };
export interface HistoryResponse {
  paletteId: string;
  versions: ApiPaletteVersion[];
  /** Where the page before this one ends (`?before=` for the next call); null when this page reaches version 1. */
  nextBefore: number | null;
}

const HISTORY_PAGE_MAX = 1000;
/** `GET /api/palettes/:id/history?before=VERSION&limit=N`: the N newest versions below VERSION (default: the newest). */
export const historyQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_MAX),
});

const isoTime = z.iso.datetime({ offset: true });
const eventBase = { schemaVersion: z.literal(PALETTE_EVENT_SCHEMA_VERSION), at: isoTime };
/** The local event kinds an import accepts (a local palette is never public). */
const localEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('PaletteCreated'),
    ...eventBase,
    data: z.object({
      paletteId: z.string().max(120),
      ownerId: z.string().max(120).nullable(),
      name: z.string().max(1000),
      colorIds: z.array(z.string().max(120)).max(PALETTE_MAX * 2),
    }),
  }),
  z.object({ type: z.literal('PaletteRenamed'), ...eventBase, data: z.object({ name: z.string().max(1000) }) }),
  z.object({
    type: z.literal('PaletteColorsChanged'),
    ...eventBase,
    data: z.object({ colorIds: z.array(z.string().max(120)).max(PALETTE_MAX * 2) }),
  }),
  z.object({
    type: z.literal('PaletteRestored'),
    ...eventBase,
    data: z.object({
      restoredVersion: z.number().int().min(1),
      name: z.string().max(1000),
      colorIds: z.array(z.string().max(120)).max(PALETTE_MAX * 2),
    }),
  }),
]);

const IMPORT_MAX_PALETTES = 200;
const IMPORT_MAX_HISTORY = 1000;
/**
 * `POST /api/palettes/import` → 200 ImportResponse: the upload of this device's palettes at sign-in.
 * Idempotent per (account, localId): importing the same local palette again returns the palette made
 * the first time.
 */
export const importSchema = z.strictObject({
  palettes: z
    .array(
      z.strictObject({
        localId: z.string().trim().min(1).max(120),
        name: nameSchema,
        colorIds: colorIdsSchema,
        createdAt: isoTime.optional(),
        history: z.array(localEventSchema).max(IMPORT_MAX_HISTORY).optional(),
      }),
    )
    .max(IMPORT_MAX_PALETTES),
});
export type ImportBody = z.input<typeof importSchema>;
export interface ImportResponse {
  /** The server palette of each imported local palette, in the order sent (deleted ones left out). */
  palettes: ApiPalette[];
  /** How many were new on the server. */
  created: number;
}

/** `GET /api/palettes` → 200 PaletteListResponse, newest first. */
export interface PaletteListResponse {
  palettes: ApiPalette[];
}
