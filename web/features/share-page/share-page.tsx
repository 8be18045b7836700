import { useEffect, useState } from 'react';
import { subscribe } from 'valtio';
import { getShare } from '../../lib/api-client';
import { Dialog } from '../../lib/dialog';
import { loadCatalogue } from '../../stores/catalogue-store';
import { paletteState, replacePalette } from '../../stores/palette-store';
import { announceShared, backToOwn } from '../../stores/shared-link-actions';
import { showToast } from '../../stores/toast-store';
import './share-page.css';

/** Resolves once the app has shown its first palette, so the shared one replaces it and not the reverse. */
function firstPaletteShown(): Promise<void> {
  if (paletteState.slots.length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(paletteState, () => {
      if (paletteState.slots.length === 0) return;
      stop();
      resolve();
    });
    // A start-up that never fills the palette must not leave the shared palette waiting forever.
    setTimeout(() => {
      stop();
      resolve();
    }, 5000);
  });
}

const goHome = () => history.replaceState(null, '', '/');

/** 'Loading shared palette...', then the palette in the main screen at `/`; else Palette Not Found. */
export default function SharePage({ shareId, onDone }: { shareId: string | null; onDone: () => void }) {
  const [state, setState] = useState<'loading' | 'missing'>(shareId ? 'loading' : 'missing');

  useEffect(() => {
    if (!shareId) return;
    let live = true;
    Promise.all([getShare(shareId), loadCatalogue()])
      .then(async ([palette, catalogue]) => {
        const ids = palette.colors.map((c) => c.id).filter((id) => catalogue.byId.has(id));
        if (ids.length === 0) throw new Error('no known colours');
        await firstPaletteShown();
        if (!live) return;
        replacePalette(ids);
        goHome();
        const message = `Loaded ${palette.name}`;
        // The visitor's own palette is one Undo away; the toast says so and offers it.
        if (announceShared(palette.name).canUndo) {
          showToast(message, 'info', { label: 'Undo: back to your palette', run: backToOwn });
        } else showToast(message);
        onDone();
      })
      .catch(() => {
        if (live) setState('missing');
      });
    return () => {
      live = false;
    };
  }, [shareId, onDone]);

  const leave = () => {
    goHome();
    onDone();
  };

  if (state === 'loading') {
    return (
      <div className="share-loading" role="status">
        <p>Loading shared palette...</p>
      </div>
    );
  }
  return (
    <Dialog title="Palette Not Found" onClose={leave} className="share-missing">
      <p>This palette could not be found or is no longer public.</p>
      <button type="button" className="share-home" onClick={leave}>
        Go to the palette generator
      </button>
    </Dialog>
  );
}
