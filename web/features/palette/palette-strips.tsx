import {
  type ComponentType,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { paintById, paintsKnown, subscribeCatalogue } from '../../stores/catalogue-store';
import { paletteKeys, slotView, subscribePalette } from '../../stores/palette-store';
import { REMOVE_REASON } from './palette-commands';
import type { SortableLayerProps, StripItemProps } from './sortable-layer';
import { Strip, type StripDrag } from './strip';
import './palette-strips.css';

type SortableLayer = ComponentType<SortableLayerProps>;
let loadedLayer: SortableLayer | null = null;

/**
 * Drag and drop (@dnd-kit) is about 15 KiB: it arrives once the browser is idle after the first
 * paint. Until then the strips work fully, only the drag handles wait.
 */
function useSortableLayer(): SortableLayer | null {
  const [layer, setLayer] = useState<SortableLayer | null>(() => loadedLayer);
  useEffect(() => {
    if (layer) return;
    let cancelled = false;
    const load = () =>
      import('./sortable-strips')
        .then((module) => {
          loadedLayer = module.SortableStrips;
          // A transition: rendering the strips anew is cut into slices a tap can come between,
          // not one long task on a slow phone while the page has just become live.
          if (!cancelled) startTransition(() => setLayer(() => module.SortableStrips));
        })
        .catch(() => {
          // Offline or a stale deploy: strips keep working without drag and drop.
        });
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(load, { timeout: 2000 })
      : window.setTimeout(load, 300);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [layer]);
  return layer;
}

/**
 * One strip's view of its position, kept in state and set when the palette changes: a strip whose
 * colour and lock stayed (a locked one) does not render again, and one that did renders alone with
 * no effect to run after it (useSyncExternalStore keeps one per changed value). The subscription is
 * made in a layout effect, before the browser paints, and reads once more then: nothing is missed
 * between the render and it, and a strip that moved (its key moves with its colour) reads its new place.
 */
function useSlotView(index: number): string {
  const [view, setView] = useState(() => slotView(index));
  useLayoutEffect(() => {
    const update = () => setView(slotView(index));
    update();
    return subscribePalette(update);
  }, [index]);
  return view;
}

/**
 * One strip reading its own slot: Generate keeps each position's key, so a new palette re-renders
 * the five strips and not the list or the drag-and-drop context around them.
 */
function ConnectedStrip(props: StripItemProps) {
  const view = useSlotView(props.index);
  // No position ('') has no paint either.
  const color = paintById(view.slice(2));
  if (!color) return null;
  return <Strip {...props} locked={view[0] === 'L'} color={color} canRemove={view[1] === 'R'} />;
}

export function PaletteStrips() {
  // Only the keys: this list re-renders when positions come or go, not on new colours.
  const keyList = useSyncExternalStore(subscribePalette, paletteKeys, paletteKeys);
  // The paints on screen: the catalogue's, or before it arrives those the page carried.
  const known = useSyncExternalStore(subscribeCatalogue, paintsKnown, paintsKnown);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const Layer = useSortableLayer();
  const removeReasonId = useId();
  const toggleExpand = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  if (!known || keyList === '') {
    return (
      <p className="palette-loading" aria-live="polite">
        Mixing your palette…
      </p>
    );
  }

  const keys = keyList.split(' ');
  const renderStrip = (key: string, index: number, drag?: StripDrag) => (
    <ConnectedStrip
      key={key}
      slotKey={key}
      index={index}
      expanded={expanded.has(key)}
      onToggleExpand={toggleExpand}
      removeReasonId={removeReasonId}
      drag={drag}
      Strip={Strip}
    />
  );
  return (
    <>
      <ol className="palette-strips" aria-label="Current palette">
        {Layer ? <Layer keys={keys} renderStrip={renderStrip} /> : keys.map((key, index) => renderStrip(key, index))}
      </ol>
      {/* Why Remove is disabled at the minimum: each Remove button's description and tooltip. */}
      <p id={removeReasonId} hidden>
        {REMOVE_REASON}
      </p>
    </>
  );
}
