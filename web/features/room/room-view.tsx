import { memo, startTransition, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../lib/dialog';
import { catalogueState } from '../../stores/catalogue-store';
import { paletteState } from '../../stores/palette-store';
import type { OverlayProps } from '../../stores/ui-store';
import { type RoomSnapshot, useRoomFields } from './room-fields';
import { RoomKeep } from './room-keep';
import { RoomStage } from './room-stage';
import {
  choosePaint,
  compareWithPaint,
  loadSamples,
  openPhoto,
  openSample,
  openSaved,
  redoRoom,
  roomState,
  SURFACE_KEYS,
  SURFACE_LABELS,
  selectSurface,
  setErase,
  setHolding,
  setSplit,
  setTool,
  startRoom,
  undoRoom,
} from './room-store';
import { WallsNow } from './room-walls-now';
import { toggleZoom, zoomState } from './room-zoom';
import './room.css';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/*,.heic,.heif';

function PhotoButtons({ compact }: { compact?: boolean }) {
  const pickRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const onFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void openPhoto(file);
  };
  return (
    <div className="room-photo-buttons">
      <button type="button" className="room-button room-primary" onClick={() => pickRef.current?.click()}>
        {compact ? 'Another photo' : 'Choose a photo'}
      </button>
      <button type="button" className="room-button" onClick={() => cameraRef.current?.click()}>
        Take a photo
      </button>
      <input ref={pickRef} type="file" accept={ACCEPT} hidden onChange={onFile} data-testid="room-file" />
      <input ref={cameraRef} type="file" accept="image/*" capture="environment" hidden onChange={onFile} />
    </div>
  );
}

const SampleRooms = memo(function SampleRooms() {
  const { samples, roomId } = useRoomFields((s) => ({
    samples: s.samples,
    roomId: s.picture?.kind === 'sample' ? s.picture.roomId : null,
  }));
  if (!samples) return <p className="room-muted">Loading the sample rooms…</p>;
  return (
    <ul className="room-samples" aria-label="Sample rooms">
      {samples.map((room) => (
        <li key={room.id}>
          <button
            type="button"
            className="room-button"
            aria-pressed={roomId === room.id}
            onClick={() => void openSample(room.id)}
          >
            {room.name}
          </button>
        </li>
      ))}
    </ul>
  );
});

const Lights = memo(function Lights() {
  const { samples, picture } = useSnapshot(roomState);
  if (picture?.kind !== 'sample') return null;
  const room = samples?.find((r) => r.id === picture.roomId);
  if (!room) return null;
  return (
    <fieldset className="room-lights">
      <legend>Light</legend>
      {room.lights.map((light) => (
        <label key={light.id}>
          <input
            type="radio"
            name="room-light"
            checked={picture.light === light.id}
            onChange={() => void openSample(room.id, light.id)}
          />
          {light.label}
        </label>
      ))}
    </fieldset>
  );
});

const SurfaceChoice = memo(function SurfaceChoice() {
  // Only what it shows: a tap that adds to a surface (its ops) does not re-render it.
  // Its radios' own value is read at once (a controlled input React would otherwise set back).
  const { selected } = useSnapshot(roomState);
  const { paintIds, covered } = useRoomFields((s) => ({
    paintIds: SURFACE_KEYS.map((key) => s.surfaces[key].paintId),
    covered: SURFACE_KEYS.map((key) => s.surfaces[key].covered),
  }));
  const { catalogue } = useSnapshot(catalogueState);
  return (
    <fieldset className="room-surfaces">
      <legend>Surface</legend>
      {SURFACE_KEYS.map((key, i) => {
        const paintId = paintIds[i];
        const color = paintId ? catalogue?.byId.get(paintId) : undefined;
        return (
          <label key={key} className="room-surface">
            <input type="radio" name="room-surface" checked={selected === key} onChange={() => selectSurface(key)} />
            <span className="room-surface-swatch" style={{ background: color?.hexCode ?? 'transparent' }} />
            <span>
              {SURFACE_LABELS[key]} <small>{covered[i] ? (color?.colorName ?? 'no paint yet') : 'not selected'}</small>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
});

const Tools = memo(function Tools() {
  const { tool, erase, canUndo, canRedo } = useRoomFields((s) => ({
    tool: s.tool,
    erase: s.erase,
    canUndo: s.canUndo,
    canRedo: s.canRedo,
  }));
  const { scale } = useSnapshot(zoomState);
  return (
    <div className="room-tools" role="toolbar" aria-label="Selection tools">
      <button type="button" className="room-button" aria-pressed={tool === 'tap'} onClick={() => setTool('tap')}>
        Tap to select
      </button>
      <button type="button" className="room-button" aria-pressed={tool === 'brush'} onClick={() => setTool('brush')}>
        Brush
      </button>
      <button type="button" className="room-button" aria-pressed={erase} onClick={() => setErase(!roomState.erase)}>
        Erase
      </button>
      <button type="button" className="room-button" aria-pressed={scale > 1} onClick={toggleZoom}>
        Zoom
      </button>
      <button type="button" className="room-button" disabled={!canUndo} onClick={() => void undoRoom()}>
        Undo
      </button>
      <button type="button" className="room-button" disabled={!canRedo} onClick={() => void redoRoom()}>
        Redo
      </button>
    </div>
  );
});

/** The palette's paints, the surface they are for and the paint it has: what the chips and the comparison show. */
const selectedSurfacePaints = (s: RoomSnapshot) => ({
  paletteIds: s.paletteIds,
  selected: s.selected,
  current: s.surfaces[s.selected].paintId,
});

const Chips = memo(function Chips() {
  const { paletteIds, selected, current } = useRoomFields(selectedSurfacePaints);
  const { catalogue } = useSnapshot(catalogueState);
  return (
    <ul className="room-chips" aria-label={`Paints for the ${SURFACE_LABELS[selected].toLowerCase()}`}>
      {paletteIds.map((id) => {
        const color = catalogue?.byId.get(id);
        if (!color) return null;
        return (
          <li key={id}>
            <button
              type="button"
              className="room-chip"
              aria-pressed={current === id}
              onClick={() => void choosePaint(id)}
            >
              <span className="room-chip-swatch" style={{ background: color.hexCode }} aria-hidden="true" />
              {color.colorName}
            </button>
          </li>
        );
      })}
    </ul>
  );
});

const Compare = memo(function Compare() {
  // The slider's and the list's own values are read at once (controlled inputs).
  const { split, compareWith } = useSnapshot(roomState);
  const { paletteIds, selected, current } = useRoomFields(selectedSurfacePaints);
  const { catalogue } = useSnapshot(catalogueState);
  const release = () => setHolding(false);
  return (
    <div className="room-compare">
      <button
        type="button"
        className="room-button"
        onPointerDown={() => setHolding(true)}
        onPointerUp={release}
        onPointerLeave={release}
        onPointerCancel={release}
        onKeyDown={(event) => {
          if (event.key === ' ' || event.key === 'Enter') setHolding(true);
        }}
        onKeyUp={release}
        onBlur={release}
        onContextMenu={(event) => event.preventDefault()}
      >
        Hold to see the photo as it was
      </button>
      <label className="room-split-control">
        Compare
        <input
          type="range"
          min={0}
          max={100}
          value={split}
          onChange={(event) => setSplit(Number(event.target.value))}
          aria-valuetext={split >= 100 ? 'No comparison' : `${split}% repainted on the left`}
        />
      </label>
      <label className="room-compare-with">
        Right of the line
        <select value={compareWith} onChange={(event) => void compareWithPaint(event.target.value)}>
          <option value="photo">The photo as it was</option>
          {paletteIds
            .filter((id) => id !== current)
            .map((id) => (
              <option key={id} value={id}>
                {`${SURFACE_LABELS[selected]} in ${catalogue?.byId.get(id)?.colorName ?? id}`}
              </option>
            ))}
        </select>
      </label>
    </div>
  );
});

/** Paste a photo (a screenshot, a copied image) while the view is open. */
function usePastedPhotos() {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'));
      if (!file) return;
      event.preventDefault();
      void openPhoto(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, []);
}

/**
 * Try the palette on a room: a sample room in three lights or the person's own photo, surfaces
 * chosen by a tap, repainted in the room worker. Its address is #room (#room=<id> for a saved one).
 */
/** The live region: its own component, so a new announcement re-renders nothing else. */
function Announcement() {
  const { announcement } = useRoomFields((s) => ({ announcement: s.announcement }));
  return (
    <p className="visually-hidden room-announce" aria-live="polite">
      {announcement}
    </p>
  );
}

/** The groups of controls under the picture, in the order they mount (see `useControlsShown`). */
const CONTROL_GROUPS = 5;

/**
 * How many of the groups of controls under the picture show: a new picture is drawn on its own
 * first, then the groups mount one a frame (the chips first, the ones below the fold last), so the
 * browser styles and lays out a few controls in each frame, not all of them in one, each a
 * transition React renders in slices, so no task is long on a slow phone.
 */
function useControlsShown(showing: boolean): number {
  const [shown, setShown] = useState(showing ? CONTROL_GROUPS : 0);
  useEffect(() => {
    if (!showing) {
      setShown(0);
      return;
    }
    if (shown >= CONTROL_GROUPS) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((now) => Math.max(now, shown + 1))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [showing, shown]);
  return showing ? shown : 0;
}

export default function RoomView({ params, onClose }: OverlayProps) {
  // Only what decides which parts show: a new frame or announcement must not re-render the view,
  // and a new picture's stage and controls render in slices, not in the task that brought it.
  const state = useRoomFields((s) => ({ phase: s.phase, showing: s.showing, problem: s.problem }), { urgent: true });
  const [dragging, setDragging] = useState(false);
  const controls = useControlsShown(state.showing);
  usePastedPhotos();

  useEffect(() => {
    startRoom(
      paletteState.slots.map((s) => s.colorId),
      params.paint,
    );
    void loadSamples().catch(() => {});
    if (params.saved) void openSaved(params.saved);
  }, [params.paint, params.saved]);

  // The page's own drop zone would take the image to the extractor: here it is the room's photo.
  const dropHandlers = {
    onDragEnter: (event: React.DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.stopPropagation();
      setDragging(true);
    },
    onDragOver: (event: React.DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.stopPropagation();
    },
    onDragLeave: (event: React.DragEvent) => {
      event.stopPropagation();
      if (event.currentTarget === event.target) setDragging(false);
    },
    onDrop: (event: React.DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.stopPropagation();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) void openPhoto(file);
    },
  };

  return (
    <Dialog title="Try in a room" onClose={onClose} className="room-dialog" historyEntry={false}>
      <div className={`room-view${dragging ? ' room-dragging' : ''}`} {...dropHandlers}>
        <p className="room-privacy">Your photo stays on this device.</p>
        {state.phase === 'empty' || (state.phase === 'loading' && !state.showing) ? (
          <section className="room-start" aria-label="Choose a room">
            <p>Use a photo of your own room, or try a sample room.</p>
            <PhotoButtons />
            <p className="room-muted">JPEG, PNG or WebP. You can also drop or paste a photo here.</p>
            <h3>Sample rooms</h3>
            <SampleRooms />
          </section>
        ) : null}
        {state.phase === 'loading' ? (
          <p className="room-status" role="status">
            Getting the room ready…
          </p>
        ) : null}
        {state.problem ? <p className="room-problem">{state.problem}</p> : null}
        {state.showing ? (
          <>
            <RoomStage />
            {controls > 0 ? <Chips /> : null}
            {controls > 1 ? (
              <>
                <SurfaceChoice />
                <Tools />
              </>
            ) : null}
            {controls > 2 ? (
              <>
                <Lights />
                <WallsNow />
              </>
            ) : null}
            {controls > 3 ? <Compare /> : null}
            {controls > 4 ? (
              <>
                <RoomKeep />
                <details className="room-more">
                  <summary>Another room</summary>
                  <PhotoButtons compact />
                  <SampleRooms />
                </details>
              </>
            ) : null}
          </>
        ) : null}
        <Announcement />
      </div>
    </Dialog>
  );
}
