import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { firstPaint } from '../../lib/first-paint';
import { sharedLinkState } from '../../stores/shared-link-store';

/** `/share/{shareId}`, alphanumeric ids only (the only ids we issue). */
const SHARE_PATH = /^\/share\/([^/]*)\/?$/;
const VALID_SHARE_ID = /^[A-Za-z0-9]+$/;

// The loading and Not Found screens, and the API call behind them, only ever load on a share link.
const SharePage = lazy(() => import('./share-page'));
const SharedBanner = lazy(() => import('./shared-banner'));

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
