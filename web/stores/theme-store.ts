import { proxy, subscribe } from 'valtio';

const KEY = 'darkMode';

function initialDark(): boolean {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored === 'true' || stored === 'false') return stored === 'true';
  } catch {}
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export const themeState = proxy({ dark: initialDark() });

function apply(): void {
  document.documentElement.dataset.theme = themeState.dark ? 'dark' : 'light';
}
// The server renders the same modules: it has no document and sets the theme on <html> itself.
if (typeof document !== 'undefined') {
  apply();
  subscribe(themeState, () => {
    apply();
    try {
      localStorage.setItem(KEY, String(themeState.dark));
    } catch {}
  });
}

export function toggleDarkMode(): void {
  themeState.dark = !themeState.dark;
}
