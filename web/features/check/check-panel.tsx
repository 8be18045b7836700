import { useSnapshot } from 'valtio';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import {
  type CheckColor,
  DEFICIENCIES,
  deficiencyView,
  HARD_TO_TELL_BELOW,
  LRV_CONTRAST_MIN,
  lrvLadder,
  undertoneCounts,
} from '../../../shared/color/palette-check';
import { APPROXIMATE_NOTE, safeLink } from '../../../shared/export/paint-list-export';
import { Dialog } from '../../lib/dialog';
import { catalogueState } from '../../stores/catalogue-store';
import { paletteState } from '../../stores/palette-store';
import type { OverlayProps } from '../../stores/ui-store';
import './check-panel.css';

const toCheck = (c: CatalogueColor): CheckColor => ({
  id: c.id,
  name: c.colorName,
  brand: c.brand,
  hex: c.hexCode,
  lrv: c.lrv,
  lrvEstimated: c.lrvEstimated,
  undertone: c.undertone,
  finishes: c.finishes,
});

const supplierLinks = (catalogue: { byId: ReadonlyMap<string, CatalogueColor> } | null, id: string) =>
  safeLink(catalogue?.byId.get(id)?.purchaseLink ?? '');

const LABELS = { protanopia: 'Protanopia', deuteranopia: 'Deuteranopia', tritanopia: 'Tritanopia' } as const;
const VISION = {
  protanopia: 'no red cones, about 1 man in 100',
  deuteranopia: 'no green cones, about 1 man in 100',
  tritanopia: 'no blue cones, rare',
} as const;

const lrvText = (c: CheckColor) => `LRV ${Math.round(c.lrv)}${c.lrvEstimated ? ' (estimated)' : ''}`;

/** "Check this palette": LRV ladder, colour-blind views and undertones of the palette on screen. */
export default function CheckPanel({ onClose }: OverlayProps) {
  const { slots } = useSnapshot(paletteState);
  const catalogue = useSnapshot(catalogueState).catalogue;
  const colors = slots.flatMap((s) => {
    const c = catalogue?.byId.get(s.colorId);
    return c ? [toCheck(c as CatalogueColor)] : [];
  });
  const { ladder, closePairs } = lrvLadder(colors);
  const undertones = undertoneCounts(colors);
  const link = (id: string) => supplierLinks(catalogue as Parameters<typeof supplierLinks>[0], id);
  const alike = new Set(
    DEFICIENCIES.flatMap((kind) => deficiencyView(kind, colors).hardPairs.map((p) => `${p.a.name} and ${p.b.name}`)),
  );
  return (
    <Dialog title="Check this palette" onClose={onClose} variant="sidebar" className="check-panel">
      {/* What matters for a room, in plain words first; the measures and standards follow below. */}
      <section aria-labelledby="check-summary" className="check-summary">
        <h3 id="check-summary">In short</h3>
        <ul>
          <li>
            {closePairs.length === 0
              ? 'Any two of these side by side show a clear edge, even to someone with low vision.'
              : `Some of these are close in lightness: use them side by side only where nobody needs to see the edge (not wall and skirting, or door and frame).`}
          </li>
          <li>
            {alike.size === 0
              ? 'They stay distinct for colour-blind eyes.'
              : `For some colour-blind eyes ${[...alike][0]}${alike.size > 1 ? ' (and others below)' : ''} may look alike.`}
          </li>
          <li>
            {undertones.warm > 0 && undertones.cool > 0
              ? 'Warm and cool together: check them in the room’s own light.'
              : 'Their undertones agree.'}
          </li>
        </ul>
      </section>
      <section aria-labelledby="check-lrv">
        <h3 id="check-lrv">Light to dark</h3>
        <p className="check-help">
          How much light each paint reflects (LRV), from 0 black to 100 white. Surfaces people must tell apart — wall
          and floor, wall and door, door and trim — want {LRV_CONTRAST_MIN} points between them.
        </p>
        <details className="check-source">
          <summary>Where this comes from</summary>
          <p className="check-help">
            BS 8300 and Approved Document M ask for {LRV_CONTRAST_MIN} LRV points between surfaces that people with low
            vision must tell apart.
          </p>
        </details>
        <ol className="check-ladder">
          {ladder.map((c) => (
            <li key={c.id}>
              <span className="check-chip" style={{ backgroundColor: c.hex }} aria-hidden="true" />
              <span className="check-name">
                {c.name} <span className="check-brand">{c.brand}</span>
              </span>
              <span className="check-lrv">{lrvText(c)}</span>
            </li>
          ))}
        </ol>
        {closePairs.length === 0 ? (
          <p className="check-ok">Every pair is at least {LRV_CONTRAST_MIN} LRV points apart.</p>
        ) : (
          <>
            <p>
              Too close to mark an edge (under {LRV_CONTRAST_MIN} points): use these side by side only where nobody
              needs to see the join.
            </p>
            <ul className="check-pairs" aria-label="Pairs under 30 LRV points apart">
              {closePairs.map((p) => (
                <li key={`${p.a.id}|${p.b.id}`}>
                  {p.a.name} and {p.b.name}: {Math.round(p.value)} points apart
                </li>
              ))}
            </ul>
          </>
        )}
        {ladder.some((c) => c.lrvEstimated) && (
          <p className="check-help">
            Estimated LRVs are worked out from the screen colour; the tin's label has the real one.
          </p>
        )}
      </section>

      <section aria-labelledby="check-vision">
        <h3 id="check-vision">Colour vision</h3>
        {DEFICIENCIES.map((kind) => {
          const { seen, hardPairs } = deficiencyView(kind, colors);
          return (
            <section key={kind} className="check-vision" aria-label={LABELS[kind]}>
              <h4>
                {LABELS[kind]} <span className="check-brand">({VISION[kind]})</span>
              </h4>
              <div className="check-simulated">
                {seen.map((hex, i) => (
                  <span
                    key={colors[i]?.id}
                    className="check-chip check-chip-wide"
                    style={{ backgroundColor: hex }}
                    role="img"
                    aria-label={`${colors[i]?.name} as seen with ${kind}`}
                  />
                ))}
              </div>
              {hardPairs.length === 0 ? (
                <p className="check-ok">All the paints stay distinct.</p>
              ) : (
                <ul className="check-pairs" aria-label={`Hard to tell apart with ${kind}`}>
                  {hardPairs.map((p) => (
                    <li
                      key={`${p.a.id}|${p.b.id}`}
                      title={`Colour difference under ${HARD_TO_TELL_BELOW} ΔE00 (CIEDE2000) as seen with ${kind}`}
                    >
                      {p.a.name} and {p.b.name} may look alike
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </section>

      <section aria-labelledby="check-undertones">
        <h3 id="check-undertones">Undertones and finishes</h3>
        <p>
          {undertones.warm} warm, {undertones.cool} cool, {undertones.neutral} neutral.
          {undertones.warm > 0 && undertones.cool > 0
            ? ' Warm and cool together: light from a north window will push them further apart.'
            : ''}
        </p>
        <ul className="check-finishes">
          {colors.map((c) => (
            <li key={c.id}>
              <strong>{c.name}</strong> ({c.undertone}):{' '}
              {c.finishes.length > 0 ? c.finishes.join(', ') : 'finishes not listed'}
              {link(c.id) && (
                <>
                  {' · '}
                  <a href={link(c.id) as string} target="_blank" rel="noopener noreferrer">
                    {c.name} at {c.brand}
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
        <p className="check-help">{APPROXIMATE_NOTE}.</p>
      </section>
    </Dialog>
  );
}
