import { Activity, lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { subscribe } from 'valtio';
import { AccountButton } from '../features/account/account-button';
import { ShareExportBar } from '../features/export/share-export-bar';
import { shareLink } from '../features/export/start-export';
import { Header } from '../features/header/header';
import { MenuButton } from '../features/info/menu-button';
import { FloatingActions } from '../features/palette/floating-actions';
import { GenerateBar } from '../features/palette/generate-bar';
import { MobileFooter } from '../features/palette/mobile-footer';
import { PaletteName } from '../features/palette/palette-name';
import { PaletteStrips } from '../features/palette/palette-strips';
import { SearchBar } from '../features/search/search-bar';
import { ShareRoute } from '../features/share-page/share-route';
import { ToastRegion } from '../features/toast/toast-region';
import { catalogueFailed, subscribeCatalogue } from '../stores/catalogue-store';
import { filterState, resultsShown } from '../stores/filter-store';
import { Overlays } from './overlays';
import { SkipLink } from './skip-link';
import { startPalette } from './start-palette';

// Only needed once the user searches or filters.
const ResultsList = lazy(() => import('../features/search/results-list'));
// No markup, only listeners (#about and friends, later #palette= links): not first-paint code.
const HashRoutes = lazy(() => import('../features/info/hash-routes'));
// Listeners for an image dragged onto the page, and its hint: nothing to paint until a drag.
const DropZone = lazy(() => import('../features/extract/drop-zone').then((m) => ({ default: m.DropZone })));

/** Renders its lazy children once the page is up: after hydration, so the server renders none of it. */
function AfterFirstRender({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Mounts with the late parts: from here every listener is in place (`data-app-ready`, for tests and tools). */
function Ready() {
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
  return null;
}

function CatalogueProblem() {
  return (
    <div className="catalogue-problem" role="alert">
      <p>The paint catalogue could not be loaded. Check your connection and try again.</p>
      <button type="button" onClick={() => startPalette().catch(() => {})}>
        Try again
      </button>
    </div>
  );
}

const subscribeFilters = (onChange: () => void) => subscribe(filterState, onChange, true);

function MainContent() {
  const failed = useSyncExternalStore(subscribeCatalogue, catalogueFailed, catalogueFailed);
  // Only whether results show, so a keystroke that keeps them showing does not render the shell.
  const active = useSyncExternalStore(subscribeFilters, resultsShown, resultsShown);
  // Once shown, the list stays mounted and laid out, only unseen: the first key of the next search
  // shows it, instead of building (or styling and laying out) the list inside that key's frame.
  const [listMounted, setListMounted] = useState(false);
  if (active && !listMounted) setListMounted(true);
  if (failed) return <CatalogueProblem />;
  return (
    <>
      <Activity mode={active ? 'hidden' : 'visible'}>
        <PaletteName />
        <PaletteStrips />
      </Activity>
      {listMounted && (
        <Suspense fallback={<p className="palette-loading">Searching…</p>}>
          <ResultsList shown={active} />
        </Suspense>
      )}
    </>
  );
}

export function App() {
  return (
    <div className="app">
      <SkipLink />
      <Header accountSlot={<AccountButton />} menuSlot={<MenuButton />} />
      <SearchBar />
      {/* In the first render: the server paints a shared palette's label with its strips. */}
      <ShareRoute />
      <main className="app-main" id="main">
        <MainContent />
      </main>
      {/* Above 768 px one row: Share, Export and Check, then the labelled palette buttons (no lane over the strips). */}
      <div className="tool-row">
        <ShareExportBar />
        <FloatingActions />
      </div>
      <GenerateBar />
      {/* The phone's Share is the export feature's, so its toast is said in one place. */}
      <MobileFooter onShare={() => void shareLink()} />
      <Overlays />
      <AfterFirstRender>
        <HashRoutes />
        <DropZone />
        <Ready />
      </AfterFirstRender>
      <ToastRegion />
    </div>
  );
}
