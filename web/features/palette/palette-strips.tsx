import { useSnapshot } from 'valtio';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import { catalogueState } from '../../stores/catalogue-store';
import { paletteState } from '../../stores/palette-store';
import './palette-strips.css';

export function PaletteStrips() {
  const { slots } = useSnapshot(paletteState);
  const { catalogue } = useSnapshot(catalogueState);
  if (!catalogue || slots.length === 0) {
    return (
      <p className="palette-loading" aria-live="polite">
        Mixing your palette…
      </p>
    );
  }
  return (
    <ol className="palette-strips" aria-label="Current palette">
      {slots.map((slot) => {
        const color = catalogue.byId.get(slot.colorId);
        if (!color) return null;
        const number = formatColorNumber(color.brand, color.number);
        return (
          <li
            key={slot.key}
            className="palette-strip"
            style={{ backgroundColor: color.hexCode, color: color.textColor }}
            data-color-id={color.id}
          >
            <div className="palette-strip-info">
              <span className="palette-strip-name">{color.colorName}</span>
              <span className="palette-strip-brand">
                {color.brand}
                {number ? ` · ${number}` : ''}
              </span>
              <span className="palette-strip-hex">{color.hexCode}</span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
