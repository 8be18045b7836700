import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { catalogueState } from '../../stores/catalogue-store';
import { paletteState } from '../../stores/palette-store';
import { Strip, type StripDrag } from './strip';
import './palette-strips.css';

export interface SortableLayerProps {
  keys: readonly string[];
  names: readonly string[];
  renderStrip: (key: string, index: number, drag: StripDrag) => ReactNode;
}

type SortableLayer = ComponentType<SortableLayerProps>;
let loadedLayer: SortableLayer | null = null;

/**
 * Drag and drop (@dnd-kit) is about 20 KiB: it arrives once the browser is idle after the first
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
          if (!cancelled) setLayer(() => module.SortableStrips);
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

export function PaletteStrips() {
  const { slots } = useSnapshot(paletteState);
  const { catalogue } = useSnapshot(catalogueState);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const Layer = useSortableLayer();
  const toggleExpand = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  if (!catalogue || slots.length === 0) {
    return (
      <p className="palette-loading" aria-live="polite">
        Mixing your palette…
      </p>
    );
  }

  const renderStrip = (key: string, index: number, drag?: StripDrag) => {
    const slot = slots[index];
    const color = slot && catalogue.byId.get(slot.colorId);
    if (!slot || !color) return null;
    return (
      <Strip
        key={key}
        slotKey={key}
        index={index}
        locked={slot.locked}
        color={color}
        expanded={expanded.has(key)}
        onToggleExpand={toggleExpand}
        drag={drag}
      />
    );
  };

  const keys = slots.map((s) => s.key);
  return (
    <ol className="palette-strips" aria-label="Current palette">
      {Layer ? (
        <Layer
          keys={keys}
          names={slots.map((s) => catalogue.byId.get(s.colorId)?.colorName ?? '')}
          renderStrip={renderStrip}
        />
      ) : (
        keys.map((key, index) => renderStrip(key, index))
      )}
    </ol>
  );
}
