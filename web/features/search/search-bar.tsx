import {
  type KeyboardEvent,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useSnapshot } from 'valtio';
import {
  LIGHTNESS_BANDS,
  type LightnessBand,
  lightnessBand,
  lightnessLabel,
  UNDERTONE_LABELS,
} from '../../../shared/catalogue/lightness-bands';
import {
  BRANDS,
  type Brand,
  CATEGORIES,
  type CatalogueColor,
  type Category,
  type Undertone,
  UNDERTONES,
} from '../../../shared/catalogue/types';
import { catalogueState, subscribeCatalogue } from '../../stores/catalogue-store';
import {
  clearFilters,
  filterState,
  isFilterActive,
  searchState,
  setBrand,
  setCategory,
  setLightness,
  setSearchTerm,
  setUndertone,
  showResults,
} from '../../stores/filter-store';
import { openOverlay } from '../../stores/ui-store';
import './search-bar.css';

const MAX_SUGGESTIONS = 8;
const HIDE_AFTER_BLUR_MS = 200;

// The runner, the worker and its index load only once someone is about to search. Asked for once:
// each keystroke asks again, and a fresh import() costs every key a share of its frame.
let runner: Promise<unknown> | undefined;
const startSearch = () => (runner ??= import('./search-runner'));

// The list of suggestions shows only once typed words have an answer (the catalogue and the search
// worker have come): its code loads with the first focus or keystroke, well before that answer.
let suggestionsCode: Promise<typeof import('./search-suggestions')> | undefined;
const loadSuggestions = () => (suggestionsCode ??= import('./search-suggestions'));
const Suggestions = lazy(loadSuggestions);

/** One filter: its first option, 'any', chooses nothing; a choice starts the search. */
function FilterSelect<T extends string>({
  label,
  any,
  value,
  options,
  choose,
}: {
  label: string;
  any: string;
  value: T | null;
  options: ReadonlyArray<{ value: T; label: string }>;
  choose: (value: T | null) => void;
}) {
  return (
    <select
      aria-label={label}
      className="search-select"
      value={value ?? ''}
      onChange={(event) => {
        choose((event.target.value || null) as T | null);
        // On a phone the row scrolls sideways: the choice, now wider, stays whole on screen.
        event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        void startSearch();
      }}
    >
      <option value="">{any}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** The selects, apart from the box so a keystroke does not reconcile their options. */
const countsNow = () => (catalogueState.firstScreen ?? catalogueState.catalogue)?.counts;
const catalogueNow = () => catalogueState.catalogue;
const noCatalogue = () => null;

const FilterSelects = memo(function FilterSelects({
  brand,
  category,
  lightness,
  undertone,
}: {
  brand: Brand | null;
  category: Category | null;
  lightness: LightnessBand | null;
  undertone: Undertone | null;
}) {
  // The counts the page carried, else (the offline shell) the catalogue's: the same numbers.
  const counts = useSyncExternalStore(subscribeCatalogue, countsNow, countsNow)?.[brand ?? ''];
  // A category with no paints (for this supplier) is not offered, unless it is the one chosen.
  const categories = CATEGORIES.filter((c) => !counts || (counts[c] ?? 0) > 0 || c === category).map((c) => ({
    value: c,
    label: counts ? `${c} (${counts[c] ?? 0})` : c,
  }));
  // One row that scrolls sideways on a phone, each select as wide as its words (search-bar.css).
  return (
    <div className="search-filters">
      <FilterSelect
        label="Supplier"
        any="All suppliers"
        value={brand}
        options={BRANDS.map((b) => ({ value: b, label: b }))}
        choose={setBrand}
      />
      <FilterSelect
        label="Colour category"
        any="All categories"
        value={category}
        options={categories}
        choose={setCategory}
      />
      <FilterSelect
        label="Lightness (LRV)"
        any="Any lightness"
        value={lightness}
        options={LIGHTNESS_BANDS.map((b) => ({ value: b.id, label: lightnessLabel(b) }))}
        choose={setLightness}
      />
      <FilterSelect
        label="Undertone"
        any="Any undertone"
        value={undertone}
        options={UNDERTONES.map((u) => ({ value: u, label: UNDERTONE_LABELS[u] }))}
        choose={setUndertone}
      />
    </div>
  );
});

export function SearchBar() {
  // sync: a controlled input must see its new value in the same event, or React puts the old one back.
  const { searchTerm, brand, category, lightness, undertone, paletteShown } = useSnapshot(filterState, {
    sync: true,
  });
  // sync, as the list: the suggestions render with the keystroke that answered them.
  const { ids } = useSnapshot(searchState, { sync: true });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listId = useId();
  const term = searchTerm.trim();

  // A restored session may arrive with filters already set.
  useEffect(() => {
    if (isFilterActive()) void startSearch();
    return () => clearTimeout(hideTimer.current);
  }, []);

  const hasTerm = term !== '';
  // Only with a term: a catalogue arriving changes nothing here without one.
  const catalogue = useSyncExternalStore(subscribeCatalogue, hasTerm ? catalogueNow : noCatalogue, noCatalogue);
  // Keyed on whether there is a term, not on the term: a new array per keystroke would re-render the list.
  const previous = useRef<CatalogueColor[]>([]);
  const suggestions = useMemo(() => {
    if (!hasTerm || !catalogue) return [];
    const list: CatalogueColor[] = [];
    for (const id of ids) {
      const color = catalogue.byId.get(id);
      if (color) list.push(color);
      if (list.length === MAX_SUGGESTIONS) break;
    }
    // The next letter often keeps the same top eight: the same array lets the memoised list skip.
    const last = previous.current;
    return last.length === list.length && list.every((c, i) => c === last[i]) ? last : list;
  }, [hasTerm, ids, catalogue]);
  previous.current = suggestions;

  const shown = open && suggestions.length > 0;

  // Stable, so the memoised suggestions keep their props across keystrokes.
  const choose = useCallback((color: CatalogueColor) => {
    setSearchTerm(color.colorName);
    setOpen(false);
    setActive(-1);
    openOverlay('detail', { colorId: color.id });
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const n = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (n === 0) return;
      event.preventDefault();
      setOpen(true);
      const down = event.key === 'ArrowDown';
      setActive((i) => (!shown ? (down ? 0 : n - 1) : down ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const color = shown && active >= 0 ? suggestions[active] : undefined;
      if (color) choose(color);
      else setOpen(false);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // First Escape closes the list (even before its answer arrives), the next one clears the box.
      if (open && term) setOpen(false);
      else if (searchTerm) setSearchTerm('');
      setActive(-1);
    }
  }

  const chips: Array<{ kind: string; label: string; remove: () => void }> = [];
  if (term) chips.push({ kind: 'term', label: `“${term}”`, remove: () => setSearchTerm('') });
  if (brand) chips.push({ kind: 'brand', label: brand, remove: () => setBrand(null) });
  if (category) chips.push({ kind: 'category', label: category, remove: () => setCategory(null) });
  const band = lightnessBand(lightness);
  if (band) chips.push({ kind: 'lightness', label: lightnessLabel(band), remove: () => setLightness(null) });
  if (undertone)
    chips.push({ kind: 'undertone', label: UNDERTONE_LABELS[undertone], remove: () => setUndertone(null) });

  return (
    <search className="search-bar">
      <div className="search-fields">
        <div className="search-box">
          <input
            id={`${listId}-input`}
            type="search"
            role="combobox"
            aria-label="Search colours"
            aria-expanded={shown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search name, number or hex"
            value={searchTerm}
            onChange={(event) => {
              setSearchTerm(event.target.value);
              setOpen(true);
              setActive(-1);
              void startSearch();
              void loadSuggestions();
            }}
            onFocus={() => {
              // Cancels a pending hide; the list itself opens on typing or ArrowDown, not on focus (a
              // closing dialog hands focus back here and must not cover the results with it).
              clearTimeout(hideTimer.current);
              // The runner starts the worker and its index; the lists' chunks come too, so the first
              // key only renders.
              void startSearch();
              void import('./results-list');
              void loadSuggestions();
            }}
            onBlur={() => {
              hideTimer.current = setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS);
            }}
            onKeyDown={onKeyDown}
          />
          {/* Mounted from the first key on and then kept, unseen when closed: the next search's first
              key updates its rows in place instead of building them. */}
          {suggestionsCode && (
            <Suspense fallback={null}>
              <Suggestions id={listId} colors={suggestions} active={active} onChoose={choose} shown={shown} />
            </Suspense>
          )}
        </div>
        <FilterSelects brand={brand} category={category} lightness={lightness} undertone={undertone} />
      </div>
      {chips.length > 0 && (
        <div className="search-chips">
          <ul aria-label="Active filters">
            {chips.map((chip) => (
              <li key={chip.kind} className="search-chip">
                <span>{chip.label}</span>
                <button type="button" aria-label={`Remove filter ${chip.label}`} onClick={chip.remove}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          {/* Generate brought the palette back over these filters: one click shows their paints again. */}
          {paletteShown && (
            <button type="button" className="search-clear" onClick={showResults}>
              Show matching paints
            </button>
          )}
          <button type="button" className="search-clear" onClick={clearFilters}>
            Clear all
          </button>
        </div>
      )}
    </search>
  );
}
