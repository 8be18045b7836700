import { useSnapshot } from 'valtio';
import { useShortcut } from '../../lib/shortcuts';
import { catalogueState } from '../../stores/catalogue-store';
import { generatePalette } from '../../stores/palette-store';

export function GenerateBar() {
  const { status } = useSnapshot(catalogueState);
  const ready = status === 'ready';
  useShortcut(' ', () => generatePalette(), { when: () => catalogueState.status === 'ready' });
  return (
    <div className="generate-bar">
      <button type="button" className="generate-button" disabled={!ready} onClick={() => generatePalette()}>
        Generate New Palette
      </button>
      <p className="generate-hint">
        Press <kbd>Space</kbd> to generate. Screen colours are approximate: a tester pot is the truth.
      </p>
    </div>
  );
}
