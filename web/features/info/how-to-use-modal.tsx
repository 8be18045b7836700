import { Dialog } from '../../lib/dialog';
import type { OverlayProps } from '../../stores/ui-store';
import './info.css';

export default function HowToUseModal({ onClose }: OverlayProps) {
  return (
    <Dialog title="How to Use" onClose={onClose} historyEntry={false}>
      <ol className="info-text info-steps">
        <li>
          <strong>Generate.</strong> Press <kbd>Space</kbd> or Generate New Palette for a new set of colours.
        </li>
        <li>
          <strong>Lock what you like.</strong> The lock on a colour keeps it in place while the others change.
          <kbd>L</kbd> locks the last colour, <kbd>U</kbd> unlocks all.
        </li>
        <li>
          <strong>Shape the palette.</strong> Add colours (up to 10) with <kbd>A</kbd> or the + button, remove them (at
          least 3 stay), and drag a colour by its handle to move it. With the keyboard, focus the handle, press{' '}
          <kbd>Space</kbd>, move with the arrow keys and press <kbd>Space</kbd> again.
        </li>
        <li>
          <strong>Changed your mind?</strong> <kbd>Ctrl</kbd>+<kbd>Z</kbd> undoes any change to the palette and{' '}
          <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> redoes it (<kbd>⌘</kbd> on a Mac), or use the arrows beside
          Generate.
        </li>
        <li>
          <strong>Find a paint.</strong> Search by name, or filter by supplier and colour family, then add a result to
          the palette.
        </li>
        <li>
          <strong>From a photo.</strong> The image button matches a photo's main colours to the nearest paints.
        </li>
        <li>
          <strong>Keep and share.</strong> Save with <kbd>S</kbd>, find your palettes behind the list button, share a
          link or export PNG, SVG, JSON or CSS. Your current palette is remembered in this browser.
        </li>
      </ol>
    </Dialog>
  );
}
