import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { Dialog } from '../../lib/dialog';
import { handOverEntry } from '../../lib/dialog-history';
import { INFO_ENTRY_KEY, roomAddress } from '../../lib/hash-route';
import { catalogueState } from '../../stores/catalogue-store';
import { openOverlay, type OverlayProps } from '../../stores/ui-store';
import { addToPalette, copyHex, openPurchase } from './color-commands';
import { type ClosestGroup, searchClient } from '../../stores/search-client';
import { deltaELabel, purchaseHref } from './search-format';
import './color-detail-modal.css';

const FULL_FROM_MODAL = 'Maximum 10 colours in palette';

function Closest({ color, byId }: { color: CatalogueColor; byId: ReadonlyMap<string, CatalogueColor> }) {
  const [groups, setGroups] = useState<ClosestGroup[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setGroups(null);
    searchClient
      .closest(color.id, 3)
      .then((result) => live && setGroups(result))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [color.id]);

  return (
    <section className="detail-closest" aria-labelledby="detail-closest-title" aria-busy={groups === null}>
      <h3 id="detail-closest-title">Closest in other brands</h3>
      {failed && <p className="detail-muted">Could not find the closest colours right now.</p>}
      {!failed && groups === null && <p className="detail-muted">Finding the closest colours…</p>}
      {groups?.map((group) => (
        <div key={group.brand} className="detail-closest-brand">
          <h4>{group.brand}</h4>
          <ul>
            {group.matches.map((match) => {
              const other = byId.get(match.id);
              if (!other) return null;
              return (
                <li key={match.id}>
                  <span
                    className="detail-closest-swatch"
                    style={{ backgroundColor: other.hexCode }}
                    aria-hidden="true"
                  />
                  {/* How close, as a caption under the name: beside Add it read like a second button. */}
                  <div className="detail-closest-text">
                    <button
                      type="button"
                      className="detail-closest-name"
                      onClick={() => openOverlay('detail', { colorId: other.id })}
                    >
                      {other.colorName}
                    </button>
                    <span
                      className="detail-closest-delta"
                      title={`Colour difference (CIEDE2000 ΔE): ${match.deltaE.toFixed(2)}`}
                    >
                      {deltaELabel(match.deltaE)}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="detail-small-button"
                    aria-label={`Add ${other.colorName} to palette`}
                    onClick={() => addToPalette(other, FULL_FROM_MODAL)}
                  >
                    Add
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

export default function ColorDetailModal({ params, onClose }: OverlayProps) {
  const { catalogue } = useSnapshot(catalogueState);
  const color = catalogue?.byId.get(params.colorId ?? '');
  if (!catalogue || !color) {
    return (
      <Dialog title="Colour not found" onClose={onClose}>
        <p>{catalogue ? 'This colour is not in the catalogue.' : 'Loading the catalogue…'}</p>
      </Dialog>
    );
  }
  const number = formatColorNumber(color.brand, color.number);
  const href = purchaseHref(color.purchaseLink);
  return (
    <Dialog title={color.colorName} onClose={onClose} className="detail-dialog">
      <div className="detail-swatch" style={{ backgroundColor: color.hexCode, color: color.textColor }}>
        <span className="detail-swatch-hex">{color.hexCode}</span>
      </div>
      <dl className="detail-facts">
        <dt>Brand</dt>
        <dd>{color.brand}</dd>
        {number && (
          <>
            <dt>Number</dt>
            <dd>{number}</dd>
          </>
        )}
        <dt>Hex</dt>
        <dd className="detail-hex">{color.hexCode}</dd>
        <dt>LRV</dt>
        <dd>
          {color.lrv}
          <span className="detail-muted">
            {color.lrvEstimated ? ' (estimated from the screen colour)' : ` (published by ${color.brand})`}
          </span>
        </dd>
        <dt>Category</dt>
        <dd>{color.category}</dd>
      </dl>
      <p className="detail-description">{color.description}</p>
      <h3 className="detail-subtitle">Finishes</h3>
      <ul className="detail-finishes">
        {color.finishes.map((finish) => (
          <li key={finish}>{finish}</li>
        ))}
      </ul>
      <div className="detail-actions">
        <button type="button" onClick={() => void copyHex(color.hexCode)}>
          Copy Colour Code
        </button>
        <button type="button" className="detail-primary" onClick={() => addToPalette(color, FULL_FROM_MODAL)}>
          Add to Palette
        </button>
        <button
          type="button"
          onClick={() => {
            // The details give way to the room view in place: one history entry, which Back closes.
            handOverEntry(roomAddress(), { [INFO_ENTRY_KEY]: true });
            onClose();
            openOverlay('room', { paint: color.id });
          }}
        >
          See it on a wall
        </button>
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            Buy This Colour
          </a>
        ) : (
          <button type="button" onClick={() => openPurchase(color.purchaseLink)}>
            Buy This Colour
          </button>
        )}
      </div>
      <Closest color={color} byId={catalogue.byId} />
    </Dialog>
  );
}
