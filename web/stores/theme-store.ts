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
apply();
subscribe(themeState, () => {
  apply();
  try {
    localStorage.setItem(KEY, String(themeState.dark));
  } catch {}
});

export function toggleDarkMode(): void {
  themeState.dark = !themeState.dark;
}
