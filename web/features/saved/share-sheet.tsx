import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { copyText } from '../../lib/clipboard';
import { Dialog } from '../../lib/dialog';
import { toggleSharing } from './saved-commands';
import { savedState } from '../../stores/saved-store';
import { showToast } from '../../stores/toast-store';
import type { OverlayProps } from '../../stores/ui-store';
import './saved.css';

/**
 * Sharing one saved palette: who can see it (a switch the person turns, never turned for them), its
 * link, Copy and the device's own share sheet. Publishing is always a choice made here.
 */
export default function ShareSheet({ params, onClose }: OverlayProps) {
  const palette = useSnapshot(savedState).palettes.find((p) => p.id === params.paletteId);
  const [busy, setBusy] = useState(false);
  const whoId = useId();
  const linkId = useId();
  if (!palette) return null;
  const link = palette.isPublic && palette.shareId ? `${location.origin}/share/${palette.shareId}` : null;

  const flip = async () => {
    setBusy(true);
    await toggleSharing(palette.id);
    setBusy(false);
  };
  const copy = async () => {
    if (!link) return;
    if (await copyText(link)) showToast('Share link copied to clipboard!');
    else showToast('Failed to copy link', 'error');
  };
  const share = async () => {
    if (!link) return;
    try {
      await navigator.share({ title: palette.name, url: link });
    } catch (error) {
      // Closing the phone's sheet is a choice, not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <Dialog title={`Share “${palette.name}”`} onClose={onClose} className="share-sheet">
      <div className="share-visibility">
        <button
          type="button"
          role="switch"
          className="share-switch"
          aria-checked={palette.isPublic}
          aria-describedby={whoId}
          disabled={busy}
          onClick={() => void flip()}
        >
          <span className="share-switch-track" aria-hidden="true">
            <span className="share-switch-thumb" />
          </span>
          Public link
        </button>
        <p id={whoId} className="share-who">
          {palette.isPublic
            ? 'Anyone with the link can see this palette. They cannot change it. Turn this off to stop the link working.'
            : 'Private: only you can see this palette. Turn this on to make a link anyone can open.'}
        </p>
      </div>
      {palette.isPublic && !link && <p className="share-who">The link is made when the connection returns.</p>}
      {link && (
        <div className="share-link">
          <label htmlFor={linkId}>Link</label>
          <input id={linkId} type="url" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
          <div className="share-buttons">
            <button type="button" className="saved-primary" onClick={() => void copy()}>
              Copy link
            </button>
            {typeof navigator.share === 'function' && (
              <button type="button" className="saved-secondary" onClick={() => void share()}>
                Share…
              </button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
