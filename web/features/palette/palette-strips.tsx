import {
  type ComponentType,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
} from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { PALETTE_MIN } from '../../../shared/palette/limits';
import { catalogueState, paintById } from '../../stores/catalogue-store';
import { paletteState } from '../../stores/palette-store';
import { REMOVE_REASON } from './palette-commands';
import type { SortableLayerProps } from './sortable-layer';
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

const subscribePalette = (onChange: () => void) => subscribe(paletteState, onChange);
const canRemoveNow = () => paletteState.slots.length > PALETTE_MIN;

/**
 * One strip reading its own slot: Generate keeps each position's key, so a new palette re-renders
 * the five strips and not the list or the drag-and-drop context around them. It reads plain values
 * straight from the store (no tracking proxy built on every render): a strip whose colour and lock
 * stayed, a locked one, does not render again.
 */
function ConnectedStrip(props: {
  slotKey: string;
  index: number;
  expanded: boolean;
  onToggleExpand: (key: string) => void;
  removeReasonId: string;
  drag?: StripDrag;
}) {
  const { index } = props;
  const colorNow = () => paletteState.slots[index]?.colorId;
  const lockedNow = () => paletteState.slots[index]?.locked === true;
  const colorId = useSyncExternalStore(subscribePalette, colorNow, colorNow);
  const locked = useSyncExternalStore(subscribePalette, lockedNow, lockedNow);
  const canRemove = useSyncExternalStore(subscribePalette, canRemoveNow, canRemoveNow);
  const color = colorId === undefined ? undefined : paintById(colorId);
  if (!color) return null;
  return <Strip {...props} locked={locked} color={color} canRemove={canRemove} />;
}

export function PaletteStrips() {
  const { slots } = useSnapshot(paletteState);
  // The paints on screen: the catalogue's, or before it arrives those the page carried.
  const { catalogue, firstScreen } = useSnapshot(catalogueState);
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

  if ((!catalogue && !firstScreen) || slots.length === 0) {
    return (
      <p className="palette-loading" aria-live="polite">
        Mixing your palette…
      </p>
    );
  }

  // Only keys are read here, so this list re-renders when positions come or go, not on new colours.
  const keys = slots.map((s) => s.key);
  const renderStrip = (key: string, index: number, drag?: StripDrag) => (
    <ConnectedStrip
      key={key}
      slotKey={key}
      index={index}
      expanded={expanded.has(key)}
      onToggleExpand={toggleExpand}
      removeReasonId={removeReasonId}
      drag={drag}
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
