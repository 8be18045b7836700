import { type PointerEvent, type RefObject, useEffect, useRef } from 'react';
import { proxy, useSnapshot } from 'valtio';

/** The closest a pinch goes: four times the fitted picture. */
const MAX_SCALE = 4;
/** A finger that moves less than this (CSS pixels) tapped; more, and it panned. */
const TAP_SLOP = 8;

/**
 * The picture's zoom: `scale` times the fitted size, its top-left corner shifted by `x`, `y` (as
 * fractions of the stage's width and height). The stage keeps its box and clips; only what is drawn
 * in it moves, so a tap still lands through `getBoundingClientRect` on the pixel under the finger,
 * and the brush, sized in screen pixels, stays a finger wide.
 */
export const zoomState = proxy({ scale: 1, x: 0, y: 0 });

/** Within bounds: never smaller than the stage, never showing past the picture's edges. */
function clampTo(scale: number, x: number, y: number) {
  const s = Math.min(MAX_SCALE, Math.max(1, scale));
  return { scale: s, x: Math.min(0, Math.max(1 - s, x)), y: Math.min(0, Math.max(1 - s, y)) };
}

function setZoom(next: { scale: number; x: number; y: number }): void {
  zoomState.scale = next.scale;
  zoomState.x = next.x;
  zoomState.y = next.y;
}

function resetZoom(): void {
  setZoom({ scale: 1, x: 0, y: 0 });
}

/** The Zoom button: twice the size about the middle, or back to the whole picture. */
export function toggleZoom(): void {
  if (zoomState.scale > 1) resetZoom();
  else setZoom(clampTo(2, -0.5, -0.5));
}

type Point = { x: number; y: number };

/** A point of the picture (fractions of it) as a point of the stage, through the zoom. */
export function onStage(point: Point, zoom: { scale: number; x: number; y: number }): Point {
  return { x: zoom.x + point.x * zoom.scale, y: zoom.y + point.y * zoom.scale };
}

/** The part of the picture in view (fractions of it), `margin` of the stage inside its edges. */
export function inView(point: Point, margin = 0): Point {
  const { scale, x, y } = zoomState;
  const within = (p: number, offset: number) =>
    Math.min((1 - margin - offset) / scale, Math.max((margin - offset) / scale, Math.min(1, Math.max(0, p))));
  return { x: within(point.x, x), y: within(point.y, y) };
}

/**
 * Pans a zoomed picture just enough that a point of it (fractions of the picture) is in view,
 * `margin` of the stage inside its edges (as far as the picture goes).
 */
export function panTo(point: Point, margin = 0): void {
  const { scale, x, y } = zoomState;
  if (scale <= 1) return;
  const within = (p: number, offset: number) => {
    const at = offset + p * scale;
    if (at < margin) return offset + margin - at;
    if (at > 1 - margin) return offset - (at - (1 - margin));
    return offset;
  };
  setZoom(clampTo(scale, within(point.x, x), within(point.y, y)));
}

interface Gesture {
  /** Two fingers: where the pinch started, and the picture's point under their midpoint then. */
  pinch: { distance: number; content: Point; scale: number } | null;
  /** One finger on a zoomed picture: where it went down and the shift then. */
  pan: { start: Point & { px: Point }; x: number; y: number; moving: boolean } | null;
}

/**
 * Two-finger pinch zoom and pan on the stage (pointer events, the stage has `touch-action: none`),
 * and one finger (or the mouse) to pan a zoomed picture when the tool is Tap. Each handler says whether it took
 * the event (the stage's own tap and brush then leave it alone); `takesClick` swallows the click
 * that a browser sends after a pan or a pinch.
 */
export function usePinchZoom(stageRef: RefObject<HTMLElement | null>, canPan: boolean, resetOn: unknown) {
  const zoom = useSnapshot(zoomState);
  const touches = useRef(new Map<number, Point & { px: Point }>());
  const gesture = useRef<Gesture>({ pinch: null, pan: null });
  const swallow = useRef(false);

  useEffect(() => {
    // A new picture starts whole (another light of the same room keeps the zoom and pan).
    void resetOn;
    resetZoom();
  }, [resetOn]);

  /** Where a finger is on the stage, as fractions of its width and height (CSS pixels for `px`). */
  const local = (event: { clientX: number; clientY: number }): Point & { px: Point } => {
    const rect = stageRef.current?.getBoundingClientRect();
    const px = { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
    return { x: px.x / (rect?.width || 1), y: px.y / (rect?.height || 1), px };
  };
  const pair = () => {
    const [a, b] = [...touches.current.values()] as [Point & { px: Point }, Point & { px: Point }];
    return {
      mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      distance: Math.max(1, Math.hypot(a.px.x - b.px.x, a.px.y - b.px.y)),
    };
  };

  const down = (event: PointerEvent<HTMLElement>): boolean => {
    // A mouse (or pen) pans a zoomed picture too; only fingers pinch.
    if (event.pointerType !== 'touch') {
      if (event.button !== 0) return false;
      touches.current.clear();
    }
    // The primary pointer starts a new gesture: no other finger is down, whatever this map still
    // holds (an up that never reached the stage must not turn the next tap into a pinch).
    if (event.isPrimary) touches.current.clear();
    // A new gesture: a click still owed to the last one never came (a pinch sends none).
    if (touches.current.size === 0) swallow.current = false;
    touches.current.set(event.pointerId, local(event));
    event.currentTarget.setPointerCapture?.(event.pointerId);
    if (touches.current.size === 2) {
      const { mid, distance } = pair();
      const { scale, x, y } = zoomState;
      gesture.current = {
        pinch: { distance, scale, content: { x: (mid.x - x) / scale, y: (mid.y - y) / scale } },
        pan: null,
      };
      swallow.current = true;
      return true;
    }
    if (touches.current.size === 1 && canPan && zoomState.scale > 1) {
      gesture.current.pan = { start: local(event), x: zoomState.x, y: zoomState.y, moving: false };
    }
    return touches.current.size > 2;
  };

  const move = (event: PointerEvent<HTMLElement>): boolean => {
    if (!touches.current.has(event.pointerId)) return false;
    touches.current.set(event.pointerId, local(event));
    const { pinch, pan } = gesture.current;
    if (pinch && touches.current.size >= 2) {
      const { mid, distance } = pair();
      const scale = pinch.scale * (distance / pinch.distance);
      setZoom(clampTo(scale, mid.x - scale * pinch.content.x, mid.y - scale * pinch.content.y));
      return true;
    }
    if (pan) {
      const at = local(event);
      if (!pan.moving && Math.hypot(at.px.x - pan.start.px.x, at.px.y - pan.start.px.y) < TAP_SLOP) return false;
      pan.moving = true;
      swallow.current = true;
      setZoom(clampTo(zoomState.scale, pan.x + at.x - pan.start.x, pan.y + at.y - pan.start.y));
      return true;
    }
    return false;
  };

  const up = (event: PointerEvent<HTMLElement>): boolean => {
    if (!touches.current.delete(event.pointerId)) return false;
    const { pinch, pan } = gesture.current;
    if (touches.current.size === 0) gesture.current = { pinch: null, pan: null };
    return Boolean(pinch || pan?.moving);
  };

  /** True (once) when the click that follows belongs to a pan or pinch, not a tap. */
  const takesClick = (): boolean => {
    const was = swallow.current;
    swallow.current = false;
    return was;
  };

  const transform =
    zoom.scale === 1 && zoom.x === 0 && zoom.y === 0
      ? undefined
      : // Percentages of the canvas's own box, which is the stage's.
        `translate(${zoom.x * 100}%, ${zoom.y * 100}%) scale(${zoom.scale})`;
  return {
    down,
    move,
    up,
    takesClick,
    transform,
    view: zoom,
    pinching: () => gesture.current.pinch !== null,
  };
}
