// Placeholder until issue 3 lands.
export function HashRoutes() {
  return null;
}
