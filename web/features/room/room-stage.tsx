import {
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { useRoomFields } from './room-fields';
import { brushStroke, roomState, tapAt } from './room-store';
import { inView, onStage, panTo, usePinchZoom } from './room-zoom';

/** A finger's width on screen (CSS pixels): the brush's diameter whatever the zoom. */
const BRUSH_CSS = 28;

function draw(canvas: HTMLCanvasElement, bitmap: ImageBitmap): void {
  // A new size clears the canvas; the same size is only drawn over (the picture is opaque).
  if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
  }
  // Opaque (the engine flattens a photo on white): the browser neither blends the canvas with the
  // page nor keeps an alpha channel for it, each frame.
  canvas.getContext('2d', { alpha: false })?.drawImage(bitmap, 0, 0);
}

/**
 * Draws `bitmap` on the canvas, while `shown` (a canvas nobody can see waits until it can: each
 * draw of a full-size picture is main-thread time). Before the browser paints, so a canvas that
 * appears shows its picture at once.
 */
function useBitmap(bitmap: ImageBitmap | null, shown = true) {
  const ref = useRef<HTMLCanvasElement>(null);
  const drawn = useRef<ImageBitmap | null>(null);
  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas || !bitmap || !shown || drawn.current === bitmap) return;
    draw(canvas, bitmap);
    drawn.current = bitmap;
  }, [bitmap, shown]);
  return ref;
}

/**
 * Calls `callback` at once (no batching) whenever `roomState[key]` changes. (valtio's own
 * `subscribeKey` would land in the first paint's shared valtio chunk.)
 */
function onChange<K extends keyof typeof roomState>(key: K, callback: (value: (typeof roomState)[K]) => void) {
  let last = roomState[key];
  return subscribe(
    roomState,
    () => {
      const value = roomState[key];
      if (value === last) return;
      last = value;
      callback(value);
    },
    true,
  );
}

/**
 * The repainted frame, drawn the moment the store takes it (a tap's or a chip's answer from the
 * worker) with no render of React, and the picture's busy state kept on `stageRef` the same way:
 * what a chip changes on the picture costs the main thread one draw.
 */
function useLiveFrame(stageRef: RefObject<HTMLDivElement | null>) {
  const ref = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = ref.current;
    const stage = stageRef.current;
    if (roomState.frame && canvas) draw(canvas, roomState.frame);
    const busy = (working: number) => stage?.setAttribute('aria-busy', String(working > 0));
    busy(roomState.working);
    const stops = [
      onChange('frame', (frame) => {
        if (frame && ref.current) draw(ref.current, frame);
      }),
      onChange('working', busy),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [stageRef]);
  return ref;
}

/**
 * The picture: the repainted frame on top, what it is compared with under it (left of the split is
 * the frame), the photo as it was while held. A tap, a brush stroke or Enter on the crosshair
 * (moved by the arrow keys) acts on the selected surface.
 */
export function RoomStage() {
  const state = useSnapshot(roomState);
  // A tap's "Selecting…" shows in a render after the tap's own task.
  const { selecting } = useRoomFields((s) => ({ selecting: s.selecting > 0 }), { urgent: true });
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useLiveFrame(stageRef);
  const underRef = useBitmap(state.under as ImageBitmap | null, state.split < 100);
  const originalRef = useBitmap(state.original as ImageBitmap | null, state.holding);
  const strokeRef = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<Array<{ x: number; y: number }> | null>(null);
  const [cross, setCross] = useState({ x: 0.5, y: 0.5 });
  const [crossShown, setCrossShown] = useState(false);
  const { width, height } = state;
  const zoom = usePinchZoom(stageRef, state.tool === 'tap', state.generation);
  const { scale, x: zoomX, y: zoomY } = zoom.view;
  // The crosshair stays in the part of the picture in view when a pinch or Zoom changes it.
  useEffect(() => {
    void [scale, zoomX, zoomY];
    setCross((c) => {
      const seen = inView(c);
      return seen.x === c.x && seen.y === c.y ? c : seen;
    });
  }, [scale, zoomX, zoomY]);

  /** A second finger turns a brush stroke into a pinch: the stroke is dropped, not applied. */
  const dropStroke = () => {
    stroke.current = null;
    const canvas = strokeRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
  };

  const toImage = (event: { clientX: number; clientY: number }) => {
    const rect = (frameRef.current as HTMLCanvasElement).getBoundingClientRect();
    return {
      x: Math.min(width - 1, Math.max(0, ((event.clientX - rect.left) / rect.width) * width)),
      y: Math.min(height - 1, Math.max(0, ((event.clientY - rect.top) / rect.height) * height)),
      scale: width / rect.width,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (zoom.down(event)) {
      dropStroke();
      return;
    }
    if (state.tool !== 'brush' || event.button !== 0 || zoom.pinching()) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = toImage(event);
    stroke.current = [{ x: point.x, y: point.y }];
    const canvas = strokeRef.current;
    if (canvas) {
      canvas.width = width;
      canvas.height = height;
    }
    dab(point.x, point.y, point.scale);
  };

  const dab = (x: number, y: number, scale: number) => {
    const context = strokeRef.current?.getContext('2d');
    if (!context) return;
    context.fillStyle = roomState.erase ? 'rgb(0 0 0 / 0.45)' : 'rgb(255 255 255 / 0.55)';
    context.beginPath();
    context.arc(x, y, (BRUSH_CSS / 2) * scale, 0, Math.PI * 2);
    context.fill();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (zoom.move(event) || !stroke.current) return;
    const point = toImage(event);
    stroke.current.push({ x: point.x, y: point.y });
    dab(point.x, point.y, point.scale);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (zoom.up(event)) return;
    const points = stroke.current;
    if (!points) return;
    stroke.current = null;
    const { scale } = toImage(event);
    void brushStroke(points, (BRUSH_CSS / 2) * scale).finally(() => {
      const canvas = strokeRef.current;
      canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    });
  };

  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (zoom.takesClick() || state.tool !== 'tap') return;
    const point = toImage(event);
    // Where the keyboard's crosshair starts next: a render that need not be in the tap's own task.
    startTransition(() => setCross({ x: point.x / width, y: point.y / height }));
    void tapAt(point.x, point.y);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A step is the same on screen whatever the zoom.
    const step = (event.shiftKey ? 0.1 : 0.02) / scale;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCrossShown(true);
      const next = {
        x: Math.min(1, Math.max(0, cross.x + move[0])),
        y: Math.min(1, Math.max(0, cross.y + move[1])),
      };
      // Past the edge of a zoomed picture's view, the picture pans under it.
      panTo(next, 0.1);
      setCross(next);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setCrossShown(true);
      void tapAt(Math.min(width - 1, cross.x * width), Math.min(height - 1, cross.y * height));
    }
  };

  const split = state.split;
  const crossAt = onStage(cross, zoom.view);
  const aspect = width > 0 && height > 0 ? width / height : 4 / 3;
  return (
    <div className="room-stage-scroll">
      <div
        ref={stageRef}
        className={`room-stage room-tool-${state.tool}`}
        style={{
          aspectRatio: `${aspect}`,
          ['--room-aspect' as string]: `${aspect}`,
          ...(zoom.transform ? { ['--room-zoom' as string]: zoom.transform } : {}),
        }}
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the picture takes the arrow keys that move its crosshair.
        tabIndex={0}
        aria-label="Your room. Arrow keys move the crosshair; Enter selects the surface under it."
        aria-roledescription="picture"
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={(event) => setCrossShown(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setCrossShown(false)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <canvas ref={underRef} className="room-canvas room-under" />
        <canvas
          ref={frameRef}
          className="room-canvas room-frame"
          data-testid="room-picture"
          style={split < 100 ? { clipPath: `inset(0 ${100 - split}% 0 0)` } : undefined}
        />
        <canvas ref={originalRef} className="room-canvas room-original" hidden={!state.holding} />
        <canvas ref={strokeRef} className="room-canvas room-stroke" />
        {split < 100 ? <span className="room-split" style={{ left: `${split}%` }} aria-hidden="true" /> : null}
        {crossShown ? (
          <span
            className="room-cross"
            style={{ left: `${crossAt.x * 100}%`, top: `${crossAt.y * 100}%` }}
            aria-hidden="true"
          />
        ) : null}
        {selecting ? (
          <span className="room-selecting" aria-hidden="true">
            Selecting…
          </span>
        ) : null}
      </div>
    </div>
  );
}
