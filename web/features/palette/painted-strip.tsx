import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { paintById } from '../../stores/catalogue-store';
import { paletteState, slotView, subscribePalette } from '../../stores/palette-store';
import type { StripItemProps } from './sortable-layer';
import { paintStrip } from './strip-paint';

/** A position's lock and whether Remove is allowed ('L'/'-' then 'R'/'-'); '' for no position. */
const readFlags = (index: number) => slotView(index).slice(0, 2);

const colorAt = (index: number) => paintById(paletteState.slots[index]?.colorId ?? '');

/**
 * The drag-and-drop layer's strip (palette-strips.tsx's `ConnectedStrip` until the layer arrives):
 * a new colour in its position (Generate keeps each position's key and lock) is painted straight
 * into its elements from the store's notification (`paintStrip`), with no render and no commit of
 * the list, the drag-and-drop context or the strip; its state holds the lock and Remove alone, so a
 * change to those (or a strip that moved) renders it, reading the colour of now. The subscription
 * is made again after each render, in a layout effect before the browser paints, and reads the store
 * then: nothing is missed in between, and where React wrote only what differs from the strip's last
 * render (older than a colour painted in place since) the colour of now is painted whole.
 */
export function PaintedStrip(props: StripItemProps) {
  const { index, drag, Strip } = props;
  const [view, setView] = useState(() => readFlags(index));
  const element = useRef<HTMLLIElement | null>(null);
  // The colour id the strip's elements show: its render's, or one painted in place since.
  const shown = useRef<string>(undefined);
  // What `Strip` is given as its colour: one object per strip, which takes each colour painted in
  // place, so the handlers of its last render (Copy's hex) act on the colour shown, not the rendered one.
  const [live] = useState(() => ({}) as CatalogueColor);
  const now = view ? colorAt(index) : undefined;
  const color = now && Object.assign(live, now);
  useLayoutEffect(() => {
    const update = () => {
      const next = colorAt(index);
      shown.current = paintStrip(element.current, next, shown.current);
      if (next) Object.assign(live, next);
      // No element to paint (none rendered yet): the colour goes into the state, so it renders.
      setView(readFlags(index) + (element.current ? '' : (paletteState.slots[index]?.colorId ?? '')));
    };
    update();
    return subscribePalette(update);
  });
  // The strip's element, for `paintStrip`, beside the drag-and-drop layer's own (a stable callback,
  // as the layer's, so a render does not detach and attach the element).
  const dragRef = drag?.setNodeRef;
  const setNodeRef = useCallback(
    (node: HTMLLIElement | null) => {
      element.current = node;
      dragRef?.(node);
    },
    [dragRef],
  );
  if (!color) return null;
  return (
    <Strip
      {...props}
      drag={drag && { ...drag, setNodeRef }}
      locked={view[0] === 'L'}
      color={color}
      canRemove={view[1] === 'R'}
    />
  );
}
