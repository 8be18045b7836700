import type { ComponentType, ReactElement } from 'react';
import type { StripDrag, StripProps } from './strip';

/** What a strip of the list is given: palette-strips.tsx's `ConnectedStrip`, the layer's `PaintedStrip`. */
export interface StripItemProps {
  slotKey: string;
  index: number;
  expanded: boolean;
  onToggleExpand: (key: string) => void;
  removeReasonId: string;
  drag?: StripDrag;
  /** strip.tsx's, handed over so the layer's chunk does not import the first screen's modules. */
  Strip: ComponentType<StripProps>;
}

/** What palette-strips.tsx hands the lazily loaded drag-and-drop layer (its own module, so neither imports the other). */
export interface SortableLayerProps {
  keys: readonly string[];
  /** One strip: a `ConnectedStrip`, whose props the layer gives its own `PaintedStrip`. */
  renderStrip: (key: string, index: number, drag: StripDrag) => ReactElement<StripItemProps>;
}
