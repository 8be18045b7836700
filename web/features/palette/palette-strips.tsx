import {
  type ComponentType,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useSnapshot } from 'valtio';
import { PALETTE_MIN } from '../../../shared/palette/limits';
import { catalogueState, paintById } from '../../stores/catalogue-store';
import { paletteKeys, paletteSize, paletteState, subscribePalette } from '../../stores/palette-store';
import { REMOVE_REASON } from './palette-commands';
import type { SortableLayerProps } from './sortable-layer';
import { paintStrip, Strip, type StripDrag } from './strip';
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
 * What makes a strip render: its lock and whether Remove is allowed, as one string ('L'/'-' then
 * 'R'/'-'), so equal strings are an unchanged strip and React drops the update. '' for no position.
 */
function readFlags(index: number): string {
  const slot = paletteState.slots[index];
  return slot ? `${slot.locked ? 'L' : '-'}${paletteSize() > PALETTE_MIN ? 'R' : '-'}` : '';
}

/**
 * One strip reading its own slot. A new colour in the same position (Generate, which keeps each
 * position's key and lock) is painted straight into the strip's elements (`paintStrip`) from the
 * store's notification: no render and no commit, neither of the list, the drag-and-drop context nor
 * the strip. A new lock or Remove state (or a strip that moved) renders the strip, which reads the
 * colour of now. The subscription is made in a layout effect, before the browser paints, and reads
 * once more then: nothing is missed between the render and it.
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
  const [flags, setFlags] = useState(() => readFlags(index));
  const stripRef = useRef<HTMLLIElement | null>(null);
  // The colour the strip's elements show (React's render, or a paint in place since).
  const painted = useRef<string | undefined>(undefined);
  const color = flags ? paintById(paletteState.slots[index]?.colorId ?? '') : undefined;
  // After each render: React wrote only what differs from its last render, which may be older than
  // a colour painted in place since; the strip shows the rendered colour whole.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (strip && color && painted.current !== undefined && painted.current !== color.id) paintStrip(strip, color);
    painted.current = color?.id;
  });
  useLayoutEffect(() => {
    const update = () => {
      setFlags(readFlags(index));
      const id = paletteState.slots[index]?.colorId;
      const strip = stripRef.current;
      if (!strip || id === undefined || id === painted.current) return;
      const next = paintById(id);
      if (!next) return;
      paintStrip(strip, next);
      painted.current = id;
    };
    update();
    return subscribePalette(update);
  }, [index]);
  if (!color) return null;
  return <Strip {...props} stripRef={stripRef} locked={flags[0] === 'L'} color={color} canRemove={flags[1] === 'R'} />;
}

export function PaletteStrips() {
  // Only the keys: this list re-renders when positions come or go, not on new colours.
  const keyList = useSyncExternalStore(subscribePalette, paletteKeys, paletteKeys);
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

  if ((!catalogue && !firstScreen) || keyList === '') {
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
