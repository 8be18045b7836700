import { useSnapshot } from 'valtio';
import { catalogueState } from '../../stores/catalogue-store';
import { paletteState } from '../../stores/palette-store';
import { Icon } from './icons';
import { generate, redoChange, undoChange } from './palette-actions';

export function GenerateBar() {
  const { status } = useSnapshot(catalogueState);
  const snap = useSnapshot(paletteState);
  const ready = status === 'ready';
  return (
    <div className="generate-bar">
      <div className="generate-row">
        <button
          type="button"
          className="icon-button"
          aria-label="Undo"
          title="Undo (Ctrl+Z)"
          disabled={!snap.canUndo}
          onClick={undoChange}
        >
          <Icon name="undo" />
        </button>
        <button type="button" className="generate-button" disabled={!ready} onClick={generate}>
          Generate New Palette
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Redo"
          title="Redo (Ctrl+Shift+Z)"
          disabled={!snap.canRedo}
          onClick={redoChange}
        >
          <Icon name="redo" />
        </button>
      </div>
      <p className="generate-hint">
        Press <kbd>Space</kbd> to generate. Screen colours are approximate: a tester pot is the truth.
      </p>
    </div>
  );
}
