import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../lib/dialog';
import { authState } from '../../stores/auth-store';
import { deletePalette, deletePalettes, loadPalette, renamePalette } from './saved-commands';
import { type PaletteSummary, savedState } from '../../stores/saved-store';
import { openOverlay, type OverlayProps } from '../../stores/ui-store';
import { PalettePreview, useColorNames } from './palette-preview';
import { SavedRooms } from './saved-rooms';
import './saved.css';

/** After a delete the focused button is gone: put keyboard users back in the list, not on <body>. */
function refocus(from: Element | null): void {
  const dialog = from ?? document.querySelector('dialog.saved-sidebar');
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const target =
      dialog?.querySelector<HTMLElement>('.saved-item .saved-primary') ??
      dialog?.querySelector<HTMLElement>('.dialog-close');
    target?.focus();
  });
}

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The Saved Palettes sidebar: virtualised, so hundreds of palettes scroll smoothly on a phone. */
export default function SavedSidebar({ onClose }: OverlayProps) {
  const { palettes, source, loaded } = useSnapshot(savedState);
  const { backend, user } = useSnapshot(authState);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // The share sheet's code comes with the list, so Share opens it at once, offline too.
  useEffect(() => {
    if (source === 'remote') void import('./share-sheet').catch(() => {});
  }, [source]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: palettes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 148,
    overscan: 4,
    getItemKey: (i) => palettes[i]?.id ?? i,
  });
  const chosen = palettes.filter((p) => selected.has(p.id)).map((p) => p.id);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog title="Saved Palettes" variant="sidebar" onClose={onClose} className="saved-sidebar">
      {source === 'local' && backend === 'available' && !user && palettes.length > 0 && (
        <p className="saved-note">
          Saved on this device only.{' '}
          <button type="button" className="saved-link" onClick={() => openOverlay('auth')}>
            Sign in
          </button>{' '}
          to keep them on every device.
        </p>
      )}
      {chosen.length > 0 && (
        <div className="saved-selection" role="toolbar" aria-label="Selected palettes">
          <span>{chosen.length} selected</span>
          <button type="button" className="saved-danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
          <button type="button" className="saved-secondary" onClick={() => setSelected(new Set())}>
            Cancel
          </button>
        </div>
      )}
      <SavedRooms onClose={onClose} />
      {!loaded ? (
        <p className="saved-empty" role="status">
          Loading saved palettes…
        </p>
      ) : palettes.length === 0 ? (
        <p className="saved-empty">
          No saved palettes yet. Press <kbd>S</kbd> or the save button to keep the current palette.
        </p>
      ) : (
        <div ref={scrollRef} className="saved-scroll">
          <ul className="saved-list" aria-label="Saved palettes" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const palette = palettes[item.index] as PaletteSummary;
              return (
                <li
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className="saved-item"
                  style={{ transform: `translateY(${item.start}px)` }}
                  aria-setsize={palettes.length}
                  aria-posinset={item.index + 1}
                >
                  <SavedRow
                    palette={palette}
                    checked={selected.has(palette.id)}
                    onToggle={() => toggle(palette.id)}
                    canShare={source === 'remote'}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {confirming && (
        <Dialog title={`Delete ${chosen.length} palette(s)?`} onClose={() => setConfirming(false)}>
          <p>You can undo this for a few seconds afterwards.</p>
          <div className="save-actions">
            <button type="button" className="saved-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="saved-danger"
              onClick={async () => {
                setConfirming(false);
                if (await deletePalettes(chosen)) setSelected(new Set());
                refocus(scrollRef.current?.closest('dialog') ?? null);
              }}
            >
              Delete
            </button>
          </div>
        </Dialog>
      )}
    </Dialog>
  );
}

export function SavedRow({
  palette,
  checked,
  onToggle,
  canShare,
}: {
  palette: PaletteSummary;
  checked: boolean;
  onToggle: () => void;
  canShare: boolean;
}) {
  const [editing, setEditing] = useState(false);
  /** Set once Enter, blur or Escape has ended this edit, so the blur of unmounting does not commit twice. */
  const finished = useRef(false);
  const colorName = useColorNames();
  const names = palette.colorIds.map(colorName).join(', ');

  const commit = (value: string) => {
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    void renamePalette(palette.id, value);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.currentTarget.value);
    } else if (event.key === 'Escape') {
      // Escape cancels the rename only; the sidebar stays open.
      event.preventDefault();
      event.stopPropagation();
      finished.current = true;
      setEditing(false);
    }
  };

  return (
    <article className="saved-row" aria-label={palette.name}>
      <div className="saved-row-head">
        <input
          type="checkbox"
          className="saved-check"
          checked={checked}
          onChange={onToggle}
          aria-label={`Select ${palette.name}`}
        />
        {editing ? (
          <input
            className="saved-rename"
            defaultValue={palette.name}
            aria-label={`New name for ${palette.name}`}
            maxLength={100}
            onKeyDown={onKey}
            onBlur={(e) => commit(e.currentTarget.value)}
            ref={(input) => {
              // The user just asked to rename: put them in the field with the old name selected.
              if (input && document.activeElement !== input) {
                input.focus();
                input.select();
              }
            }}
          />
        ) : (
          <h3 className="saved-name">{palette.name}</h3>
        )}
        {palette.isPublic && <span className="saved-badge">Public</span>}
        {palette.pending && (
          // Set by the outbox: a change to it waits for the connection. Quiet, not an alarm.
          <span className="saved-badge saved-pending" title="Saved on this device; sent when the connection returns">
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
              <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
            Waiting for connection
          </span>
        )}
      </div>
      <PalettePreview colorIds={palette.colorIds} />
      <p className="saved-meta">
        <span className="visually-hidden">{names}. </span>
        <time dateTime={palette.updatedAt}>{formatDate(palette.updatedAt)}</time>
        {` · ${palette.colorIds.length} colours`}
      </p>
      <div className="saved-actions">
        <button type="button" className="saved-primary" onClick={() => loadPalette(palette)}>
          Load<span className="visually-hidden"> {palette.name}</span>
        </button>
        <button
          type="button"
          className="saved-secondary"
          onClick={() => {
            finished.current = false;
            setEditing(true);
          }}
        >
          Rename<span className="visually-hidden"> {palette.name}</span>
        </button>
        <button
          type="button"
          className="saved-secondary"
          onClick={() => openOverlay('history', { paletteId: palette.id })}
        >
          History<span className="visually-hidden"> of {palette.name}</span>
        </button>
        {canShare && (
          // Opens the sheet that says who can see it; nothing is published until the person turns it on there.
          <button
            type="button"
            className="saved-secondary"
            onClick={() => openOverlay('share', { paletteId: palette.id })}
          >
            Share<span className="visually-hidden"> {palette.name}</span>
          </button>
        )}
        <button
          type="button"
          className="saved-danger-quiet"
          onClick={async (event) => {
            const dialog = event.currentTarget.closest('dialog');
            await deletePalette(palette.id);
            refocus(dialog);
          }}
        >
          Delete<span className="visually-hidden"> {palette.name}</span>
        </button>
      </div>
    </article>
  );
}
