import { proxy, subscribe } from 'valtio';
import { COOKIE_MAX_AGE, THEME_COOKIE } from '../../shared/session/first-paint';

const KEY = 'darkMode';

function initialDark(): boolean {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === 'true' || stored === 'false') return stored === 'true';
  } catch {}
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export const themeState = proxy({ dark: initialDark() });

/** An explicit choice is mirrored into a cookie, so the server paints the next visit in it. */
function mirror(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {}
  if (stored !== 'true' && stored !== 'false') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${THEME_COOKIE}=${stored === 'true' ? 'dark' : 'light'}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

function apply(): void {
  document.documentElement.dataset.theme = themeState.dark ? 'dark' : 'light';
}
// The server renders the same modules: it has no document and sets the theme on <html> itself.
if (typeof document !== 'undefined') {
  apply();
  mirror();
  subscribe(themeState, () => {
    apply();
    try {
      localStorage.setItem(KEY, String(themeState.dark));
    } catch {}
    mirror();
  });
}

export function toggleDarkMode(): void {
  themeState.dark = !themeState.dark;
}
