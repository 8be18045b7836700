import { startTransition, useEffect, useRef, useState } from 'react';
import { type Snapshot, snapshot, subscribe } from 'valtio';
import { roomState } from './room-store';

export type RoomSnapshot = Snapshot<typeof roomState>;

/** The same value, or two lists of the same values (a list made anew by each selection). */
const sameValue = (a: unknown, b: unknown): boolean =>
  Object.is(a, b) ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => Object.is(item, b[i])));

const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => sameValue(a[key], b[key]));

/**
 * What `select` picks from the room's state (an object of values, or of lists of values, compared
 * one by one), for the
 * controls under the picture. valtio's useSnapshot re-renders in the very task of the tap or chip
 * that changed the store (a synchronous render after its click): here the re-render is a
 * transition, which React runs after that task in slices that give way to input, so a tap's or a
 * chip's task stays short on a slow phone. The picture itself does not wait for it (room-stage.tsx
 * draws each frame as the store takes it).
 */
export function useRoomFields<T extends Record<string, unknown>>(select: (state: RoomSnapshot) => T): T {
  const selectRef = useRef(select);
  selectRef.current = select;
  const [fields, setFields] = useState(() => select(snapshot(roomState)));
  const last = useRef(fields);
  useEffect(() => {
    const update = () => {
      const next = selectRef.current(snapshot(roomState));
      if (same(last.current, next)) return;
      last.current = next;
      startTransition(() => setFields(next));
    };
    // A change between the first render and this effect.
    update();
    return subscribe(roomState, update);
  }, []);
  return fields;
}
