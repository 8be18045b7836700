import { Dialog } from '../../lib/dialog';
import type { OverlayProps } from '../../stores/ui-store';
import './info.css';

const LINKS = [
  { hash: '#about', label: 'About' },
  { hash: '#how-to-use', label: 'How to Use' },
  { hash: '#keyboard-shortcuts', label: 'Keyboard Shortcuts' },
  { hash: '#contact', label: 'Contact Us' },
] as const;

/** The menu: plain links to the hash routes, so each page has an address worth sharing. */
export default function NavDrawer({ onClose }: OverlayProps) {
  return (
    <Dialog title="Menu" variant="drawer" onClose={onClose}>
      <nav aria-label="Information">
        <ul className="nav-links">
          {LINKS.map((link) => (
            <li key={link.hash}>
              <a href={link.hash} onClick={onClose}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
