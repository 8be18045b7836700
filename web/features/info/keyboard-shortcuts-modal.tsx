import { Dialog } from '../../lib/dialog';
import type { OverlayProps } from '../../stores/ui-store';
import './info.css';

const SHORTCUTS: ReadonlyArray<readonly [keys: readonly string[], action: string]> = [
  [['Space'], 'Generate a new palette'],
  [['A'], 'Add a colour'],
  [['S'], 'Save the palette'],
  [['E'], 'Export as PNG (when no filter is active)'],
  [['L'], 'Lock or unlock the last colour'],
  [['U'], 'Unlock all colours'],
  [['D'], 'Dark mode on or off'],
  [['Ctrl', 'Z'], 'Undo (⌘Z on a Mac)'],
  [['Ctrl', 'Shift', 'Z'], 'Redo (⌘⇧Z on a Mac)'],
  [['?'], 'Show these shortcuts'],
  [['Esc'], 'Close a dialog or menu'],
];

export default function KeyboardShortcutsModal({ onClose }: OverlayProps) {
  return (
    <Dialog title="Keyboard Shortcuts" onClose={onClose} historyEntry={false}>
      <table className="shortcut-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={action}>
              <td>
                {keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && '+'}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="info-small">Shortcuts pause while you type in a text field.</p>
    </Dialog>
  );
}
