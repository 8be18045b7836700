import type { ReactNode } from 'react';
import type { StripDrag } from './strip';

/** What palette-strips.tsx hands the lazily loaded drag-and-drop layer (its own module, so neither imports the other). */
export interface SortableLayerProps {
  keys: readonly string[];
  renderStrip: (key: string, index: number, drag: StripDrag) => ReactNode;
}
