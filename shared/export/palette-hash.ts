/**
 * A palette as a link: `#palette=hex-hex-…`, hex without '#', dash separated. Its own module so the
 * first-paint bundle (the Share button) does not carry the exporters' code with it.
 */
export function paletteHash(hexes: readonly string[]): string {
  return `#palette=${hexes.map((h) => h.replace(/^#/, '').toLowerCase()).join('-')}`;
}
