import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { type ApiPalette, shareIdSchema } from '../../shared/api/palettes';
import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { CatalogueColor } from '../../shared/catalogue/types';
import { generateColorIds } from '../../shared/palette/generate';
import { PALETTE_DEFAULT } from '../../shared/palette/limits';
import { type FirstPaint, PALETTE_COOKIE, type PaletteSession, THEME_COOKIE } from '../../shared/session/first-paint';
import { firstScreenPaints } from '../../shared/session/first-screen';
import { parsePaletteCookie, parseThemeCookie } from '../../shared/session/palette-cookie';
import type { AppEnv, PageRenderer } from '../http/app-env';
import { describePaints, HOME_DESCRIPTION, HOME_TITLE, type PageHead } from '../pages/head-tags';
import { fillShell, type PageShell, readShell, SHELL_HEADER } from '../pages/page-shell';
import { palettePng } from '../pages/preview-image';
import { answerIfFresh, PUBLIC_SHORT, strongETag } from '../http/conditional';

const REVALIDATE = 'no-cache';
const PRIVATE_REVALIDATE = 'private, no-cache';

/** The built shell's tag: a deploy changes every page, so it is part of a page's ETag. */
const tagOf = (html: string) => createHash('sha256').update(html).digest('base64url').slice(0, 8);

/** Uniform [0, 1) from the platform CSPRNG, as the browser draws palettes. */
function cryptoRandom(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] as number) / 2 ** 32;
}

function randomSession(catalogue: Catalogue): PaletteSession {
  const ids = catalogue.colors.map((c) => c.id);
  const blank = Array.from({ length: PALETTE_DEFAULT }, () => '');
  const colorIds = generateColorIds(
    blank,
    blank.map(() => false),
    ids,
    cryptoRandom,
  );
  return {
    colorIds,
    locked: colorIds.map(() => false),
    searchTerm: '',
    brand: null,
    category: null,
    lightness: null,
    undertone: null,
    style: 'Random',
  };
}

/**
 * A cookie's value as sent, not decoded: the palette cookie's fields are URL-encoded one by one
 * and joined by '&', and `getCookie` decodes the whole value first, so a name or search holding
 * '&' or '%' came out split in the wrong places (and the visitor got a random palette).
 */
function rawCookie(c: Context<AppEnv>, name: string): string | undefined {
  for (const part of (c.req.header('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The visitor's session from their cookies, else a fresh palette of real catalogue colours. */
function visitorPaint(c: Context<AppEnv>): FirstPaint {
  const catalogue = c.var.deps.catalogue;
  const session = parsePaletteCookie(rawCookie(c, PALETTE_COOKIE), catalogue);
  return {
    ...(session ?? randomSession(catalogue)),
    source: session ? 'cookie' : 'random',
    dark: parseThemeCookie(getCookie(c, THEME_COOKIE)),
    share: null,
    own: null,
  };
}

/**
 * The app's pages (`/`, the account-link pages, `/share/{id}`) rendered on the server into the
 * built shell; `/share/{id}/preview.png`; `/robots.txt`. Without a renderer (not built, or
 * SSR=off) the pages are the client-only shell, which works on its own.
 */
export function pageRoutes(distDir: string, renderer: PageRenderer | null) {
  const app = new Hono<AppEnv>();
  let shell: PageShell | null = null;
  let shellTag: string | null = null;
  const getShell = () => {
    shell ??= readShell(distDir);
    return shell;
  };

  /** `validated`: the caller set the page's own ETag and Cache-Control (a public share). */
  const page = (
    c: Context<AppEnv>,
    paint: FirstPaint | null,
    head: PageHead,
    status: 200 | 404 = 200,
    validated = false,
  ) => {
    const built = getShell();
    if (!built) return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    if (!validated) c.header('Cache-Control', REVALIDATE);
    // The page differs by the visitor's palette and theme cookies: shared caches must not mix them.
    c.header('Vary', 'Cookie');
    c.header(SHELL_HEADER, built.revision);
    if (!paint || !renderer) return c.html(built.html, status);
    const catalogue = c.var.deps.catalogue;
    // The first screen's paints go with the page, so the browser hydrates before the catalogue arrives.
    // With paints drawn for a Generate tapped before the catalogue has arrived (not on a share).
    const sent: FirstPaint = { ...paint, paints: firstScreenPaints(catalogue, paint, cryptoRandom) };
    // And the page after a Generate tapped at first paint, which the page shows before it is live.
    const { markup, next } = renderer(catalogue, sent);
    return c.html(fillShell(built, markup, sent, head, next), status);
  };

  const origin = (c: Context<AppEnv>) => c.var.deps.config.publicOrigin.replace(/\/$/, '');
  const home = (c: Context<AppEnv>) =>
    page(c, visitorPaint(c), { title: HOME_TITLE, description: HOME_DESCRIPTION, url: `${origin(c)}/` });

  const publicColors = async (
    c: Context<AppEnv>,
    shareId: string,
  ): Promise<{ name: string; colors: CatalogueColor[]; version: number } | null> => {
    if (!shareIdSchema.safeParse(shareId).success) return null;
    const share = await c.var.services.paletteQueries.getPublic(shareId);
    if (!share) return null;
    const { name, colors } = JSON.parse(share.body) as ApiPalette;
    return colors.length > 0 ? { name, colors, version: share.version } : null;
  };

  /**
   * A share's validators. Without the visitor's palette and theme cookies the page is the same for
   * everyone, so a CDN may hold it; with them it is theirs alone (private), still answerable by 304.
   */
  const shareValidators = (c: Context<AppEnv>, version: number, page: string) => {
    const built = getShell();
    const cookies = [PALETTE_COOKIE, THEME_COOKIE].map((name) => getCookie(c, name) ?? '');
    const personal = cookies.some(Boolean);
    shellTag ??= built ? tagOf(built.html) : null;
    const tags: Array<string | number> = [version, c.var.services.shareTag, shellTag ?? 'shell'];
    if (personal) tags.push(createHash('sha256').update(cookies.join('\u0000')).digest('base64url').slice(0, 12));
    // A 304 carries the Vary its 200 would (compress adds Accept-Encoding only to a body it sends).
    c.header('Vary', 'Cookie, Accept-Encoding');
    return answerIfFresh(c, strongETag(page, ...tags), personal ? PRIVATE_REVALIDATE : PUBLIC_SHORT);
  };

  // Pages are made per request, so compressed per request (~36 KB of markup and CSS → ~9 KB).
  const gzip = compress();
  app.get('/', gzip, home);
  // The account mails' links: the app opens their page over the main screen.
  app.get('/confirm', gzip, home);
  app.get('/reset-password', gzip, home);

  const shareImage = async (c: Context<AppEnv>, shareId: string) => {
    const shared = await publicColors(c, shareId);
    if (!shared) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    // The same for everyone, like the share API: a CDN keeps it a minute.
    const fresh = answerIfFresh(c, strongETag('png', shared.version, c.var.services.shareTag), PUBLIC_SHORT);
    if (fresh) return fresh;
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(palettePng(shared.colors.map((color) => color.hexCode))));
  };

  // The client's route (share-route.tsx): `/share/{id}`, a trailing slash allowed, any id text.
  app.get('/share/*', gzip, async (c, next) => {
    const image = /^\/share\/([^/]+)\/preview\.png$/.exec(c.req.path);
    if (image) return shareImage(c, image[1] as string);
    const route = /^\/share\/([^/]*)\/?$/.exec(c.req.path);
    if (!route) return next();
    const shareId = route[1] as string;
    const shared = await publicColors(c, shareId);
    // Private, unknown or malformed: the app's own Palette Not Found, with the status crawlers need.
    if (!shared) return page(c, null, { title: HOME_TITLE, description: HOME_DESCRIPTION, url: origin(c) }, 404);
    const fresh = shareValidators(c, shared.version, 'page');
    if (fresh) return fresh;
    const visitor = visitorPaint(c);
    const paints = describePaints(shared.colors);
    const url = `${origin(c)}/share/${shareId}`;
    const paint: FirstPaint = {
      ...visitor,
      source: 'share',
      colorIds: shared.colors.map((color) => color.id),
      locked: shared.colors.map(() => false),
      share: { id: shareId, name: shared.name },
      own: visitor.source === 'cookie' ? { colorIds: visitor.colorIds, locked: visitor.locked } : null,
    };
    return page(
      c,
      paint,
      {
        title: `${shared.name} — a Swatchbook palette`,
        description: `A palette of ${shared.colors.length} paints: ${paints}.`,
        url,
        image: { url: `${url}/preview.png`, alt: `Stripes of ${paints}` },
      },
      200,
      true,
    );
  });

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(`User-agent: *\nAllow: /\nDisallow: /api/\n`);
  });
  return app;
}
