import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { firstPaint } from '../../lib/first-paint';
import { sharedLinkState } from '../../stores/shared-link-store';
// The label is part of a shared palette's first paint, so its rules are in the first screen's sheet.
import './shared-banner.css';

/** `/share/{shareId}`, alphanumeric ids only (the only ids we issue). */
const SHARE_PATH = /^\/share\/([^/]*)\/?$/;
const VALID_SHARE_ID = /^[A-Za-z0-9]+$/;

// The loading and Not Found screens, and the API call behind them, only ever load on a share link.
const SharePage = lazy(() => import('./share-page'));
let SharedBanner: ComponentType = lazy(() => import('./shared-banner'));

/**
 * The server's renderer (entry-server.tsx) renders the label at once, so a shared palette's page
 * paints it with the strips: nothing larger arrives after the first paint. The browser keeps it
 * lazy: React leaves the server's markup as it is until the chunk has come, then hydrates it.
 */
export function renderSharedBannerWith(component: ComponentType): void {
  SharedBanner = component;
}

/**
 * The share link's id to fetch; none on a page the server rendered (a share link's palette is on
 * it already, and the session code announces it) nor on the server itself.
 */
function shareIdToFetch(): string | null {
  return firstPaint() ? null : (SHARE_PATH.exec(location.pathname)?.[1] ?? null);
}

/** Mounted in the app shell; renders nothing unless the address is a share link (or one was just opened). */
export function ShareRoute() {
  const shared = useSnapshot(sharedLinkState).shown !== null;
  const [shareId] = useState(shareIdToFetch);
  const [active, setActive] = useState(shareId !== null);
  useEffect(() => {
    if (shareId === null) return;
    const onPop = () => {
      if (!SHARE_PATH.test(location.pathname)) setActive(false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [shareId]);
  return (
    <Suspense fallback={null}>
      {active && shareId !== null && (
        <SharePage shareId={VALID_SHARE_ID.test(shareId) ? shareId : null} onDone={() => setActive(false)} />
      )}
      {shared && <SharedBanner />}
    </Suspense>
  );
}
