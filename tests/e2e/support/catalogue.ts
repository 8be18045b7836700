import type { Page } from '@playwright/test';

export interface CatalogueFileColor {
  id: string;
  colorName: string;
  hexCode: string;
  brand: string;
}

/** The colours of the catalogue file the page preloads: the very file the app itself reads. */
export async function preloadedColors(page: Page): Promise<CatalogueFileColor[]> {
  const href = await page.locator('link[rel="preload"][as="fetch"]').getAttribute('href');
  if (!href) throw new Error('the page preloads no catalogue');
  const file = (await (await page.request.get(href)).json()) as { colors: CatalogueFileColor[] };
  return file.colors;
}
