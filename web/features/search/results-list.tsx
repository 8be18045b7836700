import { memo, type RefObject, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { normalizeHex } from '../../../shared/color/hex';
import { PALETTE_MAX } from '../../../shared/palette/limits';
import { afterPaint } from '../../lib/after-paint';
import { catalogueState } from '../../stores/catalogue-store';
import { clearFilters, searchState, setSearchTerm } from '../../stores/filter-store';
import { paletteState, subscribePalette } from '../../stores/palette-store';
import { openOverlay } from '../../stores/ui-store';
import { addToPalette, copyHex, openPurchase } from './color-commands';
import { purchaseHref, showingLabel } from './search-format';
// This chunk loads when a filter becomes active (typed, chosen, or restored): the runner answers it.
import './search-runner';
import './results-list.css';

const PHONE = '(max-width: 600px)';
// Fixed row heights (matching results-list.css): no measuring pass while flinging through 447 rows.
const ROW_HEIGHT = { phone: 108, wide: 68 };

// One query for the module: the list mounts on each first keystroke, and a fresh matchMedia costs a style pass.
const phoneQuery = matchMedia(PHONE);

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => phoneQuery.matches);
  useEffect(() => {
    const query = phoneQuery;
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/** The paints in the palette, one id per line: equal strings, no change. Here, not in the store: first-paint JS. */
const paletteColorIds = () => paletteState.slots.map((slot) => slot.colorId).join('\n');

// Rows drawn above and below those in view, so a fling or a Tab to the next row finds it there.
const OVERSCAN = 3;

/**
 * The rows in view, from the box's scroll offset and height alone: every row is `rowHeight` tall, so
 * there is nothing to measure, and a new result count changes only the list's height. Renders again
 * only when the first row in view or the number of rows that fit changes, and once after a new
 * query's first frame (the rows ahead); `key` is the query the list answers: a new one starts at
 * its first row (the box is scrolled back to the top).
 */
function useRowWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  rowHeight: number,
  count: number,
  key: string,
): { start: number; end: number; onScroll: () => void } {
  // Until the ResizeObserver reports: the window's height, so the first frame already has its rows.
  const [height, setHeight] = useState(() => innerHeight);
  const [offset, setOffset] = useState(() => ({ key, top: 0 }));
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // Read from the observation itself: no forced layout inside a keystroke's task.
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef]);
  // A new query starts at its best match; the flag spares a forced layout on every keystroke.
  const scrolled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answered query changes.
  useLayoutEffect(() => {
    if (scrolled.current && scrollRef.current) scrollRef.current.scrollTop = 0;
    scrolled.current = false;
  }, [key]);
  const top = offset.key === key ? offset.top : 0;
  const first = Math.floor(top / rowHeight);
  // A query's first frame draws the rows in view alone (at the top: a phone shows 5 of 9); those
  // beyond, for a fling or a Tab, follow once it is painted. Unseen ('') stays at the rows in view.
  const [settled, setSettled] = useState('');
  const ahead = settled === key && key !== '';
  useEffect(() => {
    if (ahead || key === '') return;
    let current = true;
    afterPaint(() => {
      if (current) setSettled(key);
    });
    return () => {
      current = false;
    };
  }, [ahead, key]);
  const start = Math.max(0, first - (ahead ? OVERSCAN : 0));
  const end = Math.min(
    count,
    ahead ? first + Math.ceil(height / rowHeight) + 1 + OVERSCAN : Math.ceil((top + height) / rowHeight),
  );
  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    const now = element.scrollTop;
    if (now > 0) scrolled.current = true;
    setSettled(key);
    // Same first row, same rows: no render for a scroll inside one row.
    setOffset((last) =>
      last.key === key && Math.floor(last.top / rowHeight) === Math.floor(now / rowHeight) ? last : { key, top: now },
    );
  };
  return { start, end, onScroll };
}

const ResultRow = memo(function ResultRow({
  color,
  full,
  inPalette,
  position,
  top,
  height,
}: {
  color: CatalogueColor;
  full: boolean;
  /** Already a strip: the row says so instead of offering Add (a press still explains). */
  inPalette: boolean;
  position: number;
  top: number;
  height: number;
}) {
  const number = formatColorNumber(color.brand, color.number);
  const href = purchaseHref(color.purchaseLink);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the name button opens the same details by keyboard.
    <li
      aria-posinset={position}
      className="result-row"
      data-color-id={color.id}
      style={{ transform: `translateY(${top}px)`, height }}
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest('.result-actions')) openOverlay('detail', { colorId: color.id });
      }}
    >
      <span className="result-swatch" style={{ backgroundColor: color.hexCode }} aria-hidden="true" />
      <div className="result-text">
        <button type="button" className="result-name" aria-haspopup="dialog">
          {color.colorName}
        </button>
        <span className="result-meta">
          {color.brand}
          {number ? ` · ${number}` : ''} · <span className="result-hex">{color.hexCode}</span>
        </span>
      </div>
      <div className="result-actions">
        <button type="button" aria-label={`Copy ${color.hexCode}`} onClick={() => void copyHex(color.hexCode)}>
          Copy
        </button>
        {inPalette ? (
          // A live button, not a disabled one: a keyboard user reaches it and a press says why there is no Add.
          <button
            type="button"
            className="result-in-palette"
            aria-label={`${color.colorName} is in your palette`}
            onClick={() => addToPalette(color)}
          >
            In palette
          </button>
        ) : (
          <button
            type="button"
            disabled={full}
            aria-label={full ? undefined : `Add ${color.colorName} to palette`}
            onClick={() => addToPalette(color)}
          >
            {full ? 'Palette Full' : 'Add'}
          </button>
        )}
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Buy ${color.colorName}`}>
            Buy
          </a>
        ) : (
          <button type="button" aria-label={`Buy ${color.colorName}`} onClick={() => openPurchase(color.purchaseLink)}>
            Buy
          </button>
        )}
      </div>
    </li>
  );
});

/** Runs the search it offers, and hands focus back to the box it came from (the button goes away). */
function DidYouMean({ suggestion }: { suggestion: string }) {
  return (
    <button
      type="button"
      className="results-suggestion"
      onClick={() => {
        setSearchTerm(suggestion);
        document.querySelector<HTMLInputElement>('.search-box input')?.focus();
      }}
    >
      Did you mean {suggestion}?
    </button>
  );
}

/** `shown`: results on screen. Unseen, the list keeps its layout (results-list.css): showing it is a repaint. */
function ResultsList({ shown }: { shown: boolean }) {
  // `status` is read only where needed: the snapshot re-renders for what was read, and 'searching'
  // flips on every keystroke (aria-busy follows it through the DOM, below, not a render).
  // sync: an answer given in the keystroke's own handler renders in the same pass as the keystroke,
  // not in a second React render a microtask later.
  const snap = useSnapshot(searchState, { sync: true });
  const { ids, key } = snap;
  // With no query answered (the list unseen, or before the worker's first answer) the last answer's
  // rows stay drawn, unseen: the next query's first key updates them in place instead of building them.
  const last = useRef(ids);
  if (key !== '') last.current = ids;
  const rows = key === '' ? last.current : ids;
  const { catalogue } = useSnapshot(catalogueState);
  // The palette as the list last saw it: unseen, the list keeps that, so a new palette (Space) does
  // not render it; shown again, it reads the palette of now.
  const seen = useRef('');
  const readIds = () => (shown ? paletteColorIds() : seen.current);
  seen.current = useSyncExternalStore(subscribePalette, readIds, readIds);
  const paletteIds = seen.current ? seen.current.split('\n') : [];
  const full = paletteIds.length >= PALETTE_MAX;
  const inPalette = new Set(paletteIds);
  const phone = usePhone();
  const rowHeight = phone ? ROW_HEIGHT.phone : ROW_HEIGHT.wide;
  const scrollRef = useRef<HTMLDivElement>(null);

  const { start, end, onScroll } = useRowWindow(scrollRef, rowHeight, rows.length, key);

  // aria-setsize is written here, not by each row: a new count would otherwise re-render every row on
  // screen, even those whose colour the next letter left in place.
  const rowsRef = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const size = String(rows.length);
    for (const row of rowsRef.current?.children ?? []) {
      if (row.getAttribute('aria-setsize') !== size) row.setAttribute('aria-setsize', size);
    }
  });

  const sectionRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const mark = () => sectionRef.current?.setAttribute('aria-busy', String(searchState.status === 'searching'));
    mark();
    return subscribe(searchState, mark, true);
  }, []);

  const answered = key !== '' || snap.status === 'ready';
  // A hex code no paint has comes back as the nearest paints: say so, or they look like matches.
  const [answeredTerm] = key ? (JSON.parse(key) as [string]) : [''];
  const askedHex = /^#?[0-9a-f]{6}$/i.test(answeredTerm) ? normalizeHex(answeredTerm) : null;
  const firstHex = catalogue?.byId.get(ids[0] ?? '')?.hexCode;
  const nearestOnly = askedHex !== null && firstHex !== undefined && firstHex !== askedHex;
  return (
    <section
      ref={sectionRef}
      className={shown ? 'results' : 'results is-unseen'}
      aria-labelledby="results-count"
      data-results-for={key}
    >
      <h2 id="results-count" className="results-count" aria-live="polite">
        {answered ? showingLabel(ids.length) : 'Searching…'}
      </h2>
      {nearestOnly && <p className="results-note">No paint is exactly {askedHex}: the closest paints come first.</p>}
      {ids.length === 0 && snap.status === 'error' && (
        <p className="results-empty">Search is not available right now.</p>
      )}
      {answered && ids.length === 0 && (
        <div className="results-empty">
          <p>No colours match these filters.</p>
          {snap.suggestion && <DidYouMean suggestion={snap.suggestion} />}
          <button type="button" className="search-clear" onClick={clearFilters}>
            Clear all
          </button>
        </div>
      )}
      <div ref={scrollRef} className="results-scroll" onScroll={onScroll}>
        <ul
          ref={rowsRef}
          aria-label="Search results"
          className={key === '' ? 'results-rows is-unseen' : 'results-rows'}
          style={{ height: rows.length * rowHeight }}
        >
          {catalogue &&
            rows.slice(start, end).map((id, i) => {
              const color = catalogue.byId.get(id);
              if (!color) return null;
              const index = start + i;
              return (
                // Keyed by position: a new query updates the rows on screen instead of rebuilding them.
                <ResultRow
                  key={index}
                  color={color}
                  full={full}
                  inPalette={inPalette.has(color.id)}
                  position={index + 1}
                  top={index * rowHeight}
                  height={rowHeight}
                />
              );
            })}
        </ul>
      </div>
    </section>
  );
}

// The shell re-renders on every filter change; the list needs to only when its answer arrives.
export default memo(ResultsList);
