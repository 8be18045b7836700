import { PALETTE_DEFAULT, RANDOM_TRIES } from './limits';

/** A random number in [0, 1), injected so tests and benchmarks are repeatable. */
export type Random = () => number;

/**
 * A random colour id not in `taken`, retrying up to 100 times; after that the last pick
 * stands, so a nearly exhausted catalogue still yields a colour.
 */
export function pickRandomId(ids: readonly string[], taken: ReadonlySet<string>, random: Random): string {
  if (ids.length === 0) throw new Error('The catalogue is empty');
  let pick = ids[Math.floor(random() * ids.length)] as string;
  for (let tries = 1; tries < RANDOM_TRIES && taken.has(pick); tries++) {
    pick = ids[Math.floor(random() * ids.length)] as string;
  }
  return pick;
}

/**
 * Keeps locked positions and fills the others with random colours, avoiding duplicates;
 * an empty palette becomes 5 colours. `locked[i]` says whether position i is kept.
 */
export function generateColorIds(
  current: readonly string[],
  locked: readonly boolean[],
  ids: readonly string[],
  random: Random,
): string[] {
  if (current.length === 0) {
    const taken = new Set<string>();
    return Array.from({ length: PALETTE_DEFAULT }, () => {
      const id = pickRandomId(ids, taken, random);
      taken.add(id);
      return id;
    });
  }
  const taken = new Set(current.filter((_, i) => locked[i]));
  return current.map((id, i) => {
    if (locked[i]) return id;
    const next = pickRandomId(ids, taken, random);
    taken.add(next);
    return next;
  });
}

/**
 * Whether `ids` (e.g. only the paints a filter allows) hold enough distinct colours to refill every
 * unlocked position (5 for an empty palette) without repeating one.
 */
export function canGenerateFrom(
  current: readonly string[],
  locked: readonly boolean[],
  ids: readonly string[],
): boolean {
  const kept = new Set(current.filter((_, i) => locked[i]));
  const needed = current.length === 0 ? PALETTE_DEFAULT : current.length - kept.size;
  return new Set(ids.filter((id) => !kept.has(id))).size >= needed;
}
