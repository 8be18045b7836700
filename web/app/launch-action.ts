import { openOverlay } from '../stores/ui-store';

/**
 * The installed app's shortcuts (manifest `shortcuts`, vite.config.ts) open `/?action=generate` and
 * `/?open=saved`. Once the first palette is on screen, do what they ask and take the request out of
 * the address without a new history entry, so a reload or Back never repeats it. `generate` is the
 * Generate button's action, handed over by main.tsx: imported here it would split the first-paint
 * bundle into more files (a Rolldown chunking quirk), costing about 1 KiB.
 */
export function runLaunchAction(generate: () => void): void {
  const url = new URL(location.href);
  const action = url.searchParams.get('action');
  const open = url.searchParams.get('open');
  if (action === null && open === null) return;
  url.searchParams.delete('action');
  url.searchParams.delete('open');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (action === 'generate') generate();
  // After the address is tidy: the sidebar's own history entry must not carry the request.
  if (open === 'saved') openOverlay('saved');
}
