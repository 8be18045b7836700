/** 'Showing 1 color', 'Showing 12 colors' (spec §2). */
export function showingLabel(count: number): string {
  return `Showing ${count} ${count === 1 ? 'color' : 'colors'}`;
}

/** How far apart two paints look: words where the number would only worry people. */
export function deltaELabel(deltaE: number): string {
  if (deltaE <= 2) return 'near-identical';
  if (deltaE <= 5) return 'close';
  return `ΔE ${deltaE.toFixed(1)}`;
}

/** The supplier link, only when it is a web address (spec §5); null means 'Purchase link not available'. */
export function purchaseHref(link: string | null | undefined): string | null {
  return typeof link === 'string' && /^https?:\/\//i.test(link) ? link : null;
}
