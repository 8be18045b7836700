// Placeholder until issue 4 lands.
export function SearchBar() {
  return null;
}
