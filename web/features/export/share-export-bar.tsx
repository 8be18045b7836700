// Placeholder until issue 6 lands.
export function ShareExportBar() {
  return null;
}
