import { useEffect } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { paintById } from '../../stores/catalogue-store';
import { paletteState } from '../../stores/palette-store';
import { backToOwn } from '../../stores/shared-link-actions';
import { dismissShared, sharedLinkState } from '../../stores/shared-link-store';

/**
 * 'Shared palette', its name and that it is the visitor's copy, in a band of its own between the
 * search and the strips (covering neither) while the palette on screen is the shared one.
 */
export default function SharedBanner() {
  const { shown } = useSnapshot(sharedLinkState);
  const { canUndo } = useSnapshot(paletteState);
  useEffect(
    () =>
      // Once the visitor changes the colours it is their palette: the label goes.
      subscribe(paletteState, () => {
        const now = paletteState.slots.map((s) => s.colorId).join(',');
        if (sharedLinkState.shown && now !== sharedLinkState.shown.colorIds.join(',')) dismissShared();
      }),
    [],
  );
  if (!shown) return null;
  // Only web addresses become links (a purchase link must start with http).
  const paints = shown.colorIds.flatMap((id) => {
    const color = paintById(id);
    return color && /^https?:\/\//.test(color.purchaseLink) ? [color] : [];
  });
  return (
    <aside className="shared-banner" aria-label="Shared palette">
      <p className="shared-banner-title">
        <span className="shared-banner-kicker">Shared palette</span>
        {shown.name && <strong className="shared-banner-name">{shown.name}</strong>}
      </p>
      <p className="shared-banner-note">A copy for you to try: changing it will not change the original.</p>
      <div className="shared-banner-actions">
        {paints.length > 0 && (
          <details className="shared-banner-buy">
            <summary>Tester pots</summary>
            <div className="shared-banner-buy-body">
              <p>Colours on screen are approximate; order a tester pot.</p>
              <ul>
                {paints.map((color) => (
                  <li key={color.id}>
                    <a href={color.purchaseLink} target="_blank" rel="noopener noreferrer">
                      {color.colorName}
                    </a>{' '}
                    <span className="shared-banner-brand">{color.brand}</span>
                  </li>
                ))}
              </ul>
            </div>
          </details>
        )}
        <button type="button" className="shared-banner-button" onClick={() => location.assign('#room')}>
          Try in a room
        </button>
        {canUndo && (
          <button type="button" className="shared-banner-button" onClick={backToOwn}>
            Back to your palette
          </button>
        )}
        <button type="button" className="shared-banner-close" aria-label="Hide this label" onClick={dismissShared}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </aside>
  );
}
