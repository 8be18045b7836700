import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { catalogueState } from '../../stores/catalogue-store';
import { moveColor, paletteState } from '../../stores/palette-store';
import type { SortableLayerProps } from './sortable-layer';
import { PaintedStrip } from './painted-strip';
import type { StripDrag } from './strip';

// Strips stack vertically at 600 px or less (palette-strips.css), so the keyboard moves with ↑↓ there.
const STACKED = '(max-width: 600px)';

function useStacked(): boolean {
  const [stacked, setStacked] = useState(() => matchMedia(STACKED).matches);
  useEffect(() => {
    const query = matchMedia(STACKED);
    const onChange = () => setStacked(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return stacked;
}

/**
 * The strip under the pointer is the target (strips are wide, and the handle sits at one edge, so
 * the dragged strip's centre is far from the pointer); the keyboard has no pointer: nearest centre.
 */
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    if (hits.length > 0) return hits;
  }
  return closestCenter(args);
};

function SortableStrip({
  id,
  index,
  render,
}: {
  id: string;
  index: number;
  render: SortableLayerProps['renderStrip'];
}): ReactNode {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const drag: StripDrag = {
    setNodeRef,
    setHandleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners, 'aria-disabled': undefined },
    // Translate only: scaling would squash the strip's text while it passes a wider neighbour.
    style: { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined },
    dragging: isDragging,
  };
  // The same strip, drawn by the layer's own component, which paints a new colour in place.
  return <PaintedStrip {...render(id, index, drag).props} />;
}

/** Drag and drop by mouse, touch (pointer events) and keyboard, loaded after the first paint. */
export function SortableStrips({ keys, renderStrip }: SortableLayerProps) {
  const stacked = useStacked();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => keys.indexOf(String(id));
  // Read at announcement time, so the list need not re-render for every new colour.
  const label = (id: UniqueIdentifier | undefined) => {
    const colorId = paletteState.slots[position(id)]?.colorId ?? '';
    return catalogueState.catalogue?.byId.get(colorId)?.colorName ?? 'Colour';
  };
  const where = (id: UniqueIdentifier | undefined) => `position ${position(id) + 1} of ${keys.length}`;
  // The colour picked up and where it was last said to be: its name is read once, at pick-up (by the
  // drop the palette has moved, and its old place holds another colour), and a move is said only when
  // it reaches a new place (dnd-kit reports the starting place as an "over" right after pick-up).
  const moving = useRef({ name: '', over: null as UniqueIdentifier | null });
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moving.current = { name: label(active.id), over: active.id };
      return `Picked up ${moving.current.name}, ${where(active.id)}.`;
    },
    onDragOver: ({ over }) => {
      if ((over?.id ?? null) === moving.current.over) return undefined;
      moving.current.over = over?.id ?? null;
      return over
        ? `${moving.current.name} moved to ${where(over.id)}.`
        : `${moving.current.name} is not over a position.`;
    },
    onDragEnd: ({ over }) =>
      over ? `${moving.current.name} dropped at ${where(over.id)}.` : `${moving.current.name} dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. ${moving.current.name} stays at ${where(active.id)}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    moveColor(position(active.id), position(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      accessibility={{
        // Outside the <ol>: a list may hold only list items.
        container: document.body,
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a colour, press Space or Enter, then the arrow keys. Press Space or Enter again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext
        items={[...keys]}
        strategy={stacked ? verticalListSortingStrategy : horizontalListSortingStrategy}
      >
        {keys.map((key, index) => (
          <SortableStrip key={key} id={key} index={index} render={renderStrip} />
        ))}
      </SortableContext>
    </DndContext>
  );
}
