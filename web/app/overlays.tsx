import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../stores/ui-store';

// The table of overlays names a chunk per overlay: it is no first-paint code either. It is fetched
// once the page is up, so the first overlay opened waits only for its own chunk.
const loadStack = () => import('./overlay-stack');
const OverlayStack = lazy(loadStack);

/** The open overlays (none at first paint, on the server as in the browser). */
export function Overlays() {
  const { overlays } = useSnapshot(uiState);
  useEffect(() => void loadStack(), []);
  return overlays.length > 0 ? (
    <Suspense fallback={null}>
      <OverlayStack />
    </Suspense>
  ) : null;
}
