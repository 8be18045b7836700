import type { LocalPaletteRecord } from '../../web/data/local-palettes';
import type { PaletteSummary } from '../../web/data/palette-repository';

const AT = '2026-01-01T10:00:00.000Z';

/** A saved palette as the lists hold it: three colours, made and changed at one moment, private, version 1. */
export const paletteSummary = (
  fields: Pick<PaletteSummary, 'id' | 'name'> & Partial<PaletteSummary>,
): PaletteSummary => ({
  colorIds: ['a', 'b', 'c'],
  createdAt: AT,
  updatedAt: AT,
  isPublic: false,
  shareId: null,
  version: 1,
  ...fields,
});

/** The same palette as this device stores it before an account knows of it: no events yet. */
export const localRecord = (fields: Pick<LocalPaletteRecord, 'id' | 'name'>): LocalPaletteRecord => ({
  colorIds: ['a', 'b', 'c'],
  timestamp: 0,
  createdAt: AT,
  updatedAt: AT,
  version: 1,
  events: [],
  ...fields,
});
