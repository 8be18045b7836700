import { Dialog } from '../../lib/dialog';
import type { OverlayProps } from '../../stores/ui-store';
import './info.css';

export default function AboutModal({ onClose }: OverlayProps) {
  return (
    <Dialog title="About" onClose={onClose} historyEntry={false}>
      <div className="info-text">
        <p>
          Swatchbook builds palettes from real paint: 447 colours from Farrow &amp; Ball, Lick and Little Greene, each
          with its supplier's name and number, so every colour you pick can be bought in a tin.
        </p>
        <p>
          Generate palettes, lock the colours you love, search the catalogue, pull a palette out of a photo, then save,
          share or export it. It works without an account; sign in to keep your palettes on the server and share them by
          link.
        </p>
        <p>
          Screens show paint only approximately: light, sheen and your display all change how a colour looks. Before you
          paint a wall, buy a tester pot and look at it in the room at different times of day.
        </p>
        <p className="info-small">
          Colour names and numbers belong to their suppliers. Descriptions are our own, written from measured colour
          values.
        </p>
      </div>
    </Dialog>
  );
}
