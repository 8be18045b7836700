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
 * How long the controls' re-render waits for a frame of the picture under way: a slow job (a photo
 * loading, a first tap waiting for the analysis) must not hold their change back for long.
 */
const PICTURE_FIRST_MS = 150;

/**
 * What `select` picks from the room's state (an object of values, or of lists of values, compared
 * one by one), for the
 * controls under the picture. valtio's useSnapshot re-renders in the very task of the tap or chip
 * that changed the store (a synchronous render after its click): here the re-render is a
 * transition, which React runs after that task in slices that give way to input, so a tap's or a
 * chip's task stays short on a slow phone. The picture itself does not wait for it (room-stage.tsx
 * draws each frame as the store takes it).
 *
 * While a job for the picture is under way (`working`), the re-render waits until its frame is on
 * screen (or `PICTURE_FIRST_MS`): otherwise React's slices and the frame that styles and lays out
 * the changed controls run first and the worker's answer, with the new picture, waits behind them.
 * `urgent` fields (what shows whether a picture is there, a tap's "Selecting…") never wait.
 */
export function useRoomFields<T extends Record<string, unknown>>(
  select: (state: RoomSnapshot) => T,
  { urgent = false }: { urgent?: boolean } = {},
): T {
  const selectRef = useRef(select);
  selectRef.current = select;
  const [fields, setFields] = useState(() => select(snapshot(roomState)));
  const last = useRef(fields);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let waiting = false;
    const apply = () => {
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
      timer = undefined;
      frame = undefined;
      waiting = false;
      const next = selectRef.current(snapshot(roomState));
      if (same(last.current, next)) return;
      last.current = next;
      startTransition(() => setFields(next));
    };
    const update = () => {
      if (urgent) return apply();
      if (roomState.working > 0) {
        // Picked up once the job ends, or after the wait at most.
        waiting = true;
        timer ??= setTimeout(apply, PICTURE_FIRST_MS);
        return;
      }
      if (!waiting) return apply();
      // The job's frame was just drawn: the controls follow in the task after the frame that shows it.
      if (frame !== undefined) return;
      clearTimeout(timer);
      timer = undefined;
      frame = requestAnimationFrame(() => {
        frame = undefined;
        // Another job began meanwhile: its end (or the wait) picks the change up.
        if (roomState.working > 0) return;
        clearTimeout(timer);
        timer = setTimeout(apply, 0);
      });
    };
    // A change between the first render and this effect.
    update();
    const stop = subscribe(roomState, update);
    return () => {
      stop();
      clearTimeout(timer);
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [urgent]);
  return fields;
}
