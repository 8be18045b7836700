import { useId, useSyncExternalStore } from 'react';
import { isPaletteStyle, PALETTE_STYLES } from '../../../shared/palette/style-names';
import { catalogueFailed, subscribeCatalogue } from '../../stores/catalogue-store';
import { canRedoNow, canUndoNow, paletteStyleNow, setPaletteStyle, subscribePalette } from '../../stores/palette-store';
import { IconButton } from './icons';
import { generate, redoChange, undoChange } from './palette-commands';

export function GenerateBar() {
  const canUndo = useSyncExternalStore(subscribePalette, canUndoNow, canUndoNow);
  const canRedo = useSyncExternalStore(subscribePalette, canRedoNow, canRedoNow);
  const style = useSyncExternalStore(subscribePalette, paletteStyleNow, paletteStyleNow);
  // Enabled while the catalogue loads: a press then takes effect once it has (palette-actions.ts).
  const ready = !useSyncExternalStore(subscribeCatalogue, catalogueFailed, catalogueFailed);
  const styleId = useId();
  return (
    <div className="generate-bar">
      <div className="generate-row">
        <IconButton
          icon="undo"
          className="icon-button"
          aria-label="Undo"
          title="Undo (Ctrl+Z)"
          disabled={!canUndo}
          onClick={undoChange}
        />
        <button type="button" className="generate-button" disabled={!ready} onClick={generate}>
          Generate New Palette
        </button>
        <IconButton
          icon="redo"
          className="icon-button"
          aria-label="Redo"
          title="Redo (Ctrl+Shift+Z)"
          disabled={!canRedo}
          onClick={redoChange}
        />
        <label className="style-picker" htmlFor={styleId}>
          <span className="style-picker-label">Palette style</span>
          <select
            id={styleId}
            value={style}
            onChange={(event) => {
              if (!isPaletteStyle(event.target.value)) return;
              setPaletteStyle(event.target.value);
              // A chosen style shows at once on the unlocked colours: one Undo step, like Generate.
              generate();
            }}
          >
            {PALETTE_STYLES.map((style) => (
              <option key={style} value={style}>
                {style}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="generate-hint">
        Press <kbd>Space</kbd> to generate. Colours on screen are approximate; order a tester pot.
      </p>
    </div>
  );
}
