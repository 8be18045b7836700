// Placeholder until issue 3 lands.
export function MobileFooter() {
  return null;
}
