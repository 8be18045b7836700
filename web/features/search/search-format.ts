/** The results heading: 'Showing 1 colour', 'Showing 12 colours'. */
export function showingLabel(count: number): string {
  return `Showing ${count} ${count === 1 ? 'colour' : 'colours'}`;
}

/**
 * How far apart two paints look, in words (the number goes in a tooltip). Bands from what a
 * CIEDE2000 difference means to the eye: under ~1 it cannot be seen, 1–2 only side by side (very
 * close), 2–5 at a glance but the same colour (close), 5–10 the same family (similar), beyond that
 * another colour.
 */
export function deltaELabel(deltaE: number): string {
  if (deltaE < 1) return 'same to the eye';
  if (deltaE < 2) return 'very close';
  if (deltaE < 5) return 'close';
  if (deltaE < 10) return 'similar';
  return 'different';
}

/** The supplier link, only when it is a web address (http or https); null means 'Purchase link not available'. */
export function purchaseHref(link: string | null | undefined): string | null {
  return typeof link === 'string' && /^https?:\/\//i.test(link) ? link : null;
}
