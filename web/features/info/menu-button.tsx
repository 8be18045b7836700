// Placeholder until issue 3 lands.
export function MenuButton() {
  return null;
}
