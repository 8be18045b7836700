import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { closeOverlay, type OverlayName, type OverlayProps, uiState } from '../stores/ui-store';

// Each overlay is its own chunk: none of them is needed for the first paint. This table (with the
// chunks' names) is one too, loaded by app/overlays.tsx.
const components: Record<OverlayName, LazyExoticComponent<ComponentType<OverlayProps>>> = {
  nav: lazy(() => import('../features/info/nav-drawer')),
  about: lazy(() => import('../features/info/about-modal')),
  'how-to-use': lazy(() => import('../features/info/how-to-use-modal')),
  'keyboard-shortcuts': lazy(() => import('../features/info/keyboard-shortcuts-modal')),
  contact: lazy(() => import('../features/info/contact-modal')),
  detail: lazy(() => import('../features/search/color-detail-modal')),
  extract: lazy(() => import('../features/extract/extract-dialog')),
  save: lazy(() => import('../features/saved/save-modal')),
  saved: lazy(() => import('../features/saved/saved-sidebar')),
  auth: lazy(() => import('../features/account/auth-modal')),
  history: lazy(() => import('../features/saved/history-view')),
  share: lazy(() => import('../features/saved/share-sheet')),
  account: lazy(() => import('../features/account/account-screen')),
  'account-link': lazy(() => import('../features/account/account-link-page')),
  check: lazy(() => import('../features/check/check-panel')),
  'offline-conflict': lazy(() => import('../features/saved/offline-conflict-dialog')),
  room: lazy(() => import('../features/room/room-view')),
};

/** Renders the open overlays, bottom to top; the top one is the modal in front. */
export default function OverlayStack() {
  const { overlays } = useSnapshot(uiState);
  return (
    <Suspense fallback={null}>
      {overlays.map(({ name, params }) => {
        const Component = components[name];
        return <Component key={name} params={{ ...params }} onClose={() => closeOverlay(name)} />;
      })}
    </Suspense>
  );
}
