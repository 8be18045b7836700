import { runLaunchAction } from './launch-action';
import { registerServiceWorker } from './service-worker';

const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);

/**
 * What waits until the first palette is on screen (web/main.tsx imports this lazily, so none of it
 * weighs on the first paint): a launch shortcut's request, then, once the page has loaded and the
 * main thread is idle, the service worker (its install downloads the whole app for next time).
 */
export function afterStart(generate: () => void): void {
  runLaunchAction(generate);
  if (document.readyState === 'complete') whenIdle(registerServiceWorker);
  else addEventListener('load', () => whenIdle(registerServiceWorker), { once: true });
}
