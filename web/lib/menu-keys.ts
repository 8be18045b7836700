/**
 * Focus movement inside an open menu, as the WAI-ARIA menu pattern has it: arrows step and wrap,
 * Home/PageUp and End/PageDown jump to the ends, a printable key jumps to the next item whose label
 * starts with it. One implementation for every menu (Export, the account menu), so they answer the
 * same keys. Returns whether the key moved focus (the caller then stops it from going further).
 */
export function moveInMenu(
  items: readonly HTMLElement[],
  event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  label: (item: HTMLElement) => string = (item) => item.textContent ?? '',
): boolean {
  const index = items.indexOf(document.activeElement as HTMLElement);
  const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
  const { key } = event;
  if (key === 'ArrowDown') focusAt(index + 1);
  else if (key === 'ArrowUp') focusAt(index - 1);
  else if (key === 'Home' || key === 'PageUp') focusAt(0);
  else if (key === 'End' || key === 'PageDown') focusAt(items.length - 1);
  else if (key.length === 1 && /\S/.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const starts = (item: HTMLElement) => label(item).trim().toLowerCase().startsWith(key.toLowerCase());
    const next = items.findIndex((item, i) => i > index && starts(item));
    const found = next >= 0 ? next : items.findIndex(starts);
    if (found >= 0) focusAt(found);
  } else return false;
  return true;
}

export const menuItems = (menu: HTMLElement | null): HTMLElement[] =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
