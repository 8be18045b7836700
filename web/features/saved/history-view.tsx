import { useCallback, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../lib/dialog';
import type { PaletteVersion } from '../../../shared/palette/palette-evolve';
import { loadHistory, loadPalette, restoreVersion } from './saved-commands';
import { savedState } from '../../stores/saved-store';
import type { OverlayProps } from '../../stores/ui-store';
import { describeChange } from './describe-change';
import { PalettePreview, useColorNames } from './palette-preview';
import './saved.css';

const PAGE = 50;

/** Entries that change who can see the palette, or whether it exists, and not its name or colours. */
const EVENT_TYPES: ReadonlySet<PaletteVersion['type']> = new Set([
  'PalettePublished',
  'PaletteUnpublished',
  'PaletteDeleted',
  'PaletteUndeleted',
]);
const isEvent = (entry: PaletteVersion) => EVENT_TYPES.has(entry.type);

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every version of one saved palette, newest first: preview, load or restore any of them. */
export default function HistoryView({ params, onClose }: OverlayProps) {
  const id = params.paletteId ?? '';
  const { palettes } = useSnapshot(savedState);
  const palette = palettes.find((p) => p.id === id);
  const [entries, setEntries] = useState<PaletteVersion[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // A long history renders in pages, so a phone never builds hundreds of rows at once.
  const [shown, setShown] = useState(PAGE);
  const colorName = useColorNames();
  const hintId = useId();

  const refresh = useCallback(async () => {
    const list = await loadHistory(id);
    setFailed(list === null);
    setEntries(list);
  }, [id]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const title = palette ? `History of “${palette.name}”` : 'Palette history';
  // The newest version whose name or colours someone saved: sharing and deleting do not make one.
  const current = entries?.find((e) => !isEvent(e)) ?? null;
  return (
    <Dialog title={title} variant="sidebar" onClose={onClose} className="history-view">
      {failed && <p role="alert">The history could not be loaded. Close this and try again.</p>}
      {!failed && entries === null && <p role="status">Loading history…</p>}
      {entries && palette && (
        <ul className="history-hints" aria-label="What the buttons do">
          <li id={`${hintId}-load`}>
            <strong>Load</strong> opens a version in the editor; what is saved stays as it is.
          </li>
          <li id={`${hintId}-restore`}>
            <strong>Restore</strong> makes a version the saved one again, as a new version; nothing is lost.
          </li>
        </ul>
      )}
      {entries && palette && (
        <ol className="history-list" aria-label="Versions, newest first">
          {entries.slice(0, shown).map((entry, i) => {
            const previous = entries[i + 1] ?? null;
            if (isEvent(entry)) {
              // Sharing and deleting change no colours: an event in the list, nothing to load or restore.
              return (
                <li key={entry.version} className="history-item history-event" aria-label={`Version ${entry.version}`}>
                  <div className="history-head">
                    <span className="history-change">{describeChange(previous, entry, colorName)}</span>
                    <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                  </div>
                </li>
              );
            }
            const latest = entry === current;
            // Restoring what is already current would only add a version that changes nothing.
            const sameAsCurrent =
              current !== null &&
              entry.name === current.name &&
              entry.colorIds.join(',') === current.colorIds.join(',');
            const open = previewing === entry.version;
            return (
              <li key={entry.version} className="history-item" aria-label={`Version ${entry.version}`}>
                <div className="history-head">
                  <strong>Version {entry.version}</strong>
                  {latest && <span className="saved-badge">Current</span>}
                  <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                </div>
                <p className="history-change">{describeChange(previous, entry, colorName)}</p>
                <PalettePreview colorIds={entry.colorIds} />
                {open && (
                  <ul className="history-colors" aria-label={`Colours of version ${entry.version}`}>
                    <li className="history-name">“{entry.name}”</li>
                    {entry.colorIds.map((c) => (
                      <li key={c}>{colorName(c)}</li>
                    ))}
                  </ul>
                )}
                <div className="saved-actions">
                  <button
                    type="button"
                    className="saved-secondary"
                    aria-expanded={open}
                    onClick={() => setPreviewing(open ? null : entry.version)}
                  >
                    Preview<span className="visually-hidden"> version {entry.version}</span>
                  </button>
                  <button
                    type="button"
                    className="saved-primary"
                    aria-describedby={`${hintId}-load`}
                    onClick={() => loadPalette({ ...palette, name: entry.name }, entry.colorIds)}
                  >
                    Load<span className="visually-hidden"> version {entry.version}</span>
                  </button>
                  {!latest && !sameAsCurrent && (
                    <button
                      type="button"
                      className="saved-secondary"
                      aria-describedby={`${hintId}-restore`}
                      disabled={busy}
                      onClick={async () => {
                        setBusy(true);
                        if (await restoreVersion(id, entry.version)) await refresh();
                        setBusy(false);
                      }}
                    >
                      Restore<span className="visually-hidden"> version {entry.version}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {entries && palette && entries.length > shown && (
        <button type="button" className="saved-secondary history-more" onClick={() => setShown(shown + PAGE)}>
          Show older versions ({entries.length - shown} more)
        </button>
      )}
      {entries && !palette && <p>This palette is no longer in your saved list.</p>}
    </Dialog>
  );
}
