import type { CatalogueColor } from '../../shared/catalogue/types';
import { formatColorNumber } from '../../shared/catalogue/ids';

/** Text for an HTML attribute or element: the five characters that could end either, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the page (canonical, og:url). */
  url: string;
  /** Absolute address of a 1200×630 preview image, with its alt text. */
  image?: { url: string; alt: string };
}

export const HOME_TITLE = 'Swatchbook — paint palettes';
export const HOME_DESCRIPTION =
  'Generate, save and share palettes of real paint from Farrow & Ball, Lick and Little Greene.';

/** 'Hague Blue (Farrow & Ball No. 30), …': the paints a shared palette holds, for its description. */
export function describePaints(colors: readonly CatalogueColor[]): string {
  return colors
    .map((c) => {
      const number = formatColorNumber(c.brand, c.number);
      return `${c.colorName} (${c.brand}${number ? ` ${number}` : ''})`;
    })
    .join(', ');
}

/** The head's title, description, canonical link, Open Graph and Twitter card tags, all escaped. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:site_name', 'Swatchbook'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', '1200'),
      meta('property', 'og:image:height', '630'),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
  }
  return tags.join('\n    ');
}
