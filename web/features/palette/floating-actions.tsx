// Placeholder until issue 3 lands.
export function FloatingActions() {
  return null;
}
