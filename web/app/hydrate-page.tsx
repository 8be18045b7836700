import { type ReactNode, Suspense, startTransition, use, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ref } from 'valtio';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { FirstPaint, PaletteSession } from '../../shared/session/first-paint';
import { catalogueState, loadCatalogue } from '../stores/catalogue-store';
import { filterState } from '../stores/filter-store';
import { drawBeforeCatalogue } from '../features/palette/palette-commands';
import { generateAtFirstPaint, generateBeforeCatalogue } from './early-generate';
import { applyHeldInput } from './held-input';
import { applyIdentity } from '../stores/identity-store';
import { initPalette, paletteState, replacePalette } from '../stores/palette-store';
import { sessionOnScreen } from '../stores/session-now';
import { sharedLinkState } from '../stores/shared-link-store';

/**
 * Puts the stores in the state the page was rendered from: the server before rendering (with the
 * catalogue), the browser before hydrating (with the first screen's paints the page carries, or the
 * catalogue when it carries none), so both render the same markup.
 */
export function applyFirstPaint(catalogue: Catalogue | null, paint: FirstPaint): void {
  if (catalogue) {
    catalogueState.catalogue = ref(catalogue);
    catalogueState.status = 'ready';
  } else if (paint.paints) {
    const byId = new Map(Object.entries(paint.paints.colors));
    const next = paint.paints.next ? { ...paint.paints.next, ids: [...paint.paints.next.ids] } : null;
    catalogueState.firstScreen = ref({ byId, counts: paint.paints.counts, next });
  }
  if (paint.own) {
    // The visitor's palette first, so the shared one is one Undo away (as when the client loaded it).
    initPalette(paint.own.colorIds, paint.own.locked);
    replacePalette(paint.colorIds);
  } else {
    initPalette(paint.colorIds, paint.locked);
  }
  filterState.searchTerm = paint.searchTerm;
  filterState.brand = paint.brand;
  filterState.category = paint.category;
  filterState.lightness = paint.lightness;
  filterState.undertone = paint.undertone;
  // The strips paint first even with a remembered search: its results need the search worker,
  // and arrive once the page has hydrated.
  filterState.paletteShown = true;
  paletteState.style = paint.style;
  applyIdentity(paint.own ? null : paint.identity);
  // A shared palette's label paints with it (the session code then announces it, as the client did);
  // any other page has none (the server's stores serve one request after another).
  sharedLinkState.shown = paint.share ? { name: paint.share.name, colorIds: [...paint.colorIds] } : null;
}

/**
 * Whether the page's inline loader showed a Generate tapped before the app was live (the palette the
 * server rendered for it, server/pages/page-shell.ts), and from now on it does not: React owns the
 * markup from the moment hydration is asked for.
 */
function tookEarlyGenerate(): boolean {
  const held = (window as { __held?: { early?: boolean } }).__held;
  if (!held) return false;
  held.early = held.early === true;
  return held.early;
}

/** Runs `onLive` once hydrated; with `ready`, hydrates only once it has settled (the server's markup stays meanwhile). */
function Live({ ready, onLive, children }: { ready?: Promise<unknown>; onLive: () => void; children: ReactNode }) {
  if (ready) use(ready);
  useEffect(onLive, [onLive]);
  return children;
}

/**
 * The browser's side of the server's first paint, its own chunk (preloaded by the page). The page
 * carries its first screen's paints, so it hydrates at once, while the catalogue (preloaded too)
 * arrives: what needs the whole catalogue waits for it (palette-actions.ts). `onHydrated` runs once
 * hydrated (the catalogue is read then, so its parsing never holds the hydration up); `onDone` once
 * the input held until then is applied too, with what the page showed as it hydrated: only then
 * may the session change what shows.
 */
export function hydratePage(
  root: HTMLElement,
  app: ReactNode,
  paint: FirstPaint,
  onHydrated: () => void,
  onDone: (shown: PaletteSession) => void,
): void {
  let shown: PaletteSession | null = null;
  let ready: Promise<unknown> | undefined;
  const tookEarly = tookEarlyGenerate();
  let early = false;
  let generated: ((from: string) => void) | null = null;
  if (paint.paints) {
    applyFirstPaint(null, paint);
    generated = drawBeforeCatalogue(generateBeforeCatalogue);
    // The server's paint: the session compares the stored one with it, so the Generate below stays.
    shown = sessionOnScreen();
    // The page already shows the Generate tapped at first paint: the stores take it, as one step of
    // history (Undo brings the server's palette back), before hydrating, so React finds its markup.
    const next = catalogueState.firstScreen?.next;
    early = tookEarly && next ? generateAtFirstPaint(next) : false;
  } else {
    // A page from before the first screen's paints were sent: hydrate once the catalogue is in.
    // A failed catalogue still settles: the app then renders its retry screen.
    ready = loadCatalogue().then(
      (catalogue) => {
        applyFirstPaint(catalogue, paint);
        shown = sessionOnScreen();
      },
      () => {},
    );
  }
  // Live: first the input held until now is applied, as it would have been taken, then `onDone`.
  // Only then does the page's stylesheet, held back as 'print' by the server (its rules are inline),
  // apply: switching it on restyles the whole page, which in the hydration cost a slow phone tens
  // of ms on the way to the first tap's effect, and changes nothing on screen.
  const live = () => {
    // The strips sit in an Activity (app.tsx), which React hydrates in a pass of its own after the
    // rest, at the lowest priority: an input held until now waits for it (held-input.ts), and a
    // busy page put it off by seconds. Asked for now, it runs next, at the default priority (only
    // the strips: asked for before the rest had hydrated, it made the whole app hydrate so, in one
    // long task). Not on a share: there the shared label above the strips dropped out for a frame
    // and came back (a layout shift of 0.05), a cause not yet understood.
    const strips = paint.share ? null : root.querySelector('.palette-strips');
    if (strips) hydration?.unstable_scheduleHydration?.(strips);
    onHydrated();
    // What that Generate says (a supplier or category it kept to), now that the toasts are live.
    if (early) generated?.([paint.brand, paint.category].filter(Boolean).join(' '));
    void applyHeldInput().then(async () => {
      document.querySelector('link[data-inlined]')?.setAttribute('media', 'all');
      // The session starts in a task after the one that evaluated its code (zod's with it; its
      // validators are built when first used): together they made one long task.
      await import('./start-session').catch(() => null);
      await new Promise((resolve) => setTimeout(resolve));
      onDone(shown ?? sessionOnScreen());
    });
  };
  // Going live (reading the catalogue, asking for the session code) is a task of its own, not one
  // more part of the hydration's effects (the sign-in check's chunks are asked for there): together
  // they made a long task. A Generate made before waits one task more.
  const onLive = () => void setTimeout(live);
  // The same boundary as entry-server.tsx renders around the app.
  const hydrate = () =>
    hydrateRoot(
      root,
      <Suspense>
        <Live ready={ready} onLive={onLive}>
          {app}
        </Live>
      </Suspense>,
    ) as ReturnType<typeof hydrateRoot> & { unstable_scheduleHydration?: (target: Node) => void };
  let hydration: ReturnType<typeof hydrate> | undefined;
  // As a transition: React hydrates in slices between which the browser may run other tasks,
  // rather than in one long task (the loader holds input until the page is live). It starts in a
  // task after the one that put the stores in the page's state (with the chunk's evaluation,
  // ~11 ms on a fast machine together with creating the root).
  setTimeout(() =>
    startTransition(() => {
      hydration = hydrate();
    }),
  );
}
