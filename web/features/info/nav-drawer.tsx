import { Dialog } from '../../lib/dialog';
import { handOverEntry } from '../../lib/dialog-history';
import { INFO_ENTRY_KEY, INFO_ROUTES, parseHash } from '../../lib/hash-route';
import { type OverlayProps, openOverlay, openOverlayInstead } from '../../stores/ui-store';
import './info.css';

const LINKS = [
  { hash: '#about', label: 'About' },
  { hash: '#how-to-use', label: 'How to Use' },
  { hash: '#keyboard-shortcuts', label: 'Keyboard Shortcuts' },
  { hash: '#contact', label: 'Contact Us' },
  { hash: '#room', label: 'Try in a room' },
] as const;

/** The menu: links to the hash routes, so each page has an address worth sharing. */
export default function NavDrawer({ onClose }: OverlayProps) {
  return (
    <Dialog title="Menu" variant="drawer" onClose={onClose}>
      <nav aria-label="Information">
        <ul className="nav-links">
          {LINKS.map((link) => (
            <li key={link.hash}>
              <a
                href={link.hash}
                onClick={(event) => {
                  // A new tab or window keeps the link's own behaviour.
                  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                  const route = parseHash(link.hash);
                  if (route.kind !== 'info' && route.kind !== 'room') return;
                  // The menu gives way to the page in place: one history entry, which Back closes.
                  event.preventDefault();
                  handOverEntry(`${location.pathname}${location.search}${link.hash}`, { [INFO_ENTRY_KEY]: true });
                  onClose();
                  if (route.kind === 'room') openOverlay('room');
                  else openOverlayInstead(route.name, INFO_ROUTES);
                }}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
