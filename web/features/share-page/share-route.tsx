// Placeholder until issue 8 lands.
export function ShareRoute() {
  return null;
}
