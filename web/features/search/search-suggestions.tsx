import { memo, useRef } from 'react';
import type { CatalogueColor } from '../../../shared/catalogue/types';

// Memo: a keystroke re-renders the box, but the suggestions change only when the answer arrives.
const Suggestions = memo(function Suggestions({
  id,
  colors,
  active,
  onChoose,
  shown,
}: {
  id: string;
  colors: CatalogueColor[];
  active: number;
  onChoose: (color: CatalogueColor) => void;
  /** Closed, the list stays drawn but unseen, with the last suggestions it had. */
  shown: boolean;
}) {
  const last = useRef(colors);
  if (colors.length > 0) last.current = colors;
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Suggestions"
      className={shown ? 'search-suggestions' : 'search-suggestions is-unseen'}
    >
      {last.current.map((color, i) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter).
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: positions are stable; reusing them spares DOM work per keystroke.
          key={i}
          id={`${id}-${i}`}
          role="option"
          tabIndex={-1}
          aria-selected={i === active}
          className="search-suggestion"
          // Keeps focus in the box, so a slow tap is not lost to the blur.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(color)}
        >
          <span className="search-swatch" style={{ backgroundColor: color.hexCode }} aria-hidden="true" />
          <span className="search-suggestion-name">{color.colorName}</span>
          <span className="search-suggestion-brand">{color.brand}</span>
        </div>
      ))}
    </div>
  );
});

export default Suggestions;
