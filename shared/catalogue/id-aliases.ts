/**
 * Ids a catalogue rename retired → the id that colour has now. An id is `colorId(brand, name)`, so
 * correcting a name in data/catalogue.json (a typo, a supplier's new spelling) changes it; add a row
 * here in the same commit. Never remove a row: saved palettes, their history, sessions and share
 * links may hold the old id for ever. The build refuses a row whose target is not a current id.
 */
export const ID_ALIASES: Readonly<Record<string, string>> = {};

/** An event whose data may carry colour ids (palette events, local or server). */
interface WithData {
  data: object;
}

/** The same event with its colour ids (if any) passed through `resolve`. */
export function resolveEventColorIds<E extends WithData>(event: E, resolve: (id: string) => string): E {
  const colorIds = (event.data as { colorIds?: unknown }).colorIds;
  if (!Array.isArray(colorIds)) return event;
  const data = { ...event.data, colorIds: colorIds.map((id) => (typeof id === 'string' ? resolve(id) : id)) };
  return { ...event, data };
}
