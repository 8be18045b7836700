import { lazy, Suspense, useEffect, useState } from 'react';

/** Spec §2: `/share/{shareId}`, alphanumeric ids only. */
const SHARE_PATH = /^\/share\/([^/]*)\/?$/;
export const VALID_SHARE_ID = /^[A-Za-z0-9]+$/;

// The loading and Not Found screens, and the API call behind them, only ever load on a share link.
const SharePage = lazy(() => import('./share-page'));

/** Mounted in the app shell; renders nothing unless the address is a share link. */
export function ShareRoute() {
  const [shareId] = useState(() => SHARE_PATH.exec(location.pathname)?.[1] ?? null);
  const [active, setActive] = useState(shareId !== null);
  useEffect(() => {
    if (shareId === null) return;
    const onPop = () => {
      if (!SHARE_PATH.test(location.pathname)) setActive(false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [shareId]);
  if (!active || shareId === null) return null;
  return (
    <Suspense fallback={null}>
      <SharePage shareId={VALID_SHARE_ID.test(shareId) ? shareId : null} onDone={() => setActive(false)} />
    </Suspense>
  );
}
