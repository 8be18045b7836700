import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../server/catalogue-file';
import { FIRST_PAINT_ELEMENT, type FirstPaint } from '../../../shared/session/first-paint';
import { renderApp } from '../../../web/entry-server';
import { CSS, call, fakeBuild, makeTestApp, signUp, THEME_SCRIPT } from '../helpers';

const catalogue = loadCatalogue();
const setup = () => makeTestApp({ distDir: fakeBuild(), render: renderApp });

function firstPaintOf(html: string): FirstPaint {
  const match = new RegExp(`<script type="application/json" id="${FIRST_PAINT_ELEMENT}">(.*?)</script>`).exec(html);
  if (!match) throw new Error('no first-paint state in the page');
  return JSON.parse(match[1] as string) as FirstPaint;
}
/** The page's markup apart from the early palette's template (which is not on screen). */
const onScreen = (html: string) => html.replace(/<template id="early-palette">[\s\S]*?<\/template>/, '');
const stripIds = (html: string) => [...onScreen(html).matchAll(/data-color-id="([^"]+)"/g)].map((m) => m[1]);
/** The inside of the template the page's loader shows for a Generate tapped before the app is live, or null. */
const earlyPalette = (html: string) => /<template id="early-palette">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? null;
const earlyIds = (html: string) =>
  [...(earlyPalette(html) ?? '').matchAll(/data-color-id="([^"]+)"/g)].map((m) => m[1]);
/** As React escapes text: & < > " and ' (Farrow's Cream is Farrow&#x27;s Cream in the HTML). */
const asReact = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

describe('the first paint from the server', () => {
  it('renders a palette of 5 real catalogue colours, with the CSS inline and the state beside it', async () => {
    const { app } = await setup();
    const res = await app.request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    const ids = stripIds(html);
    expect(ids).toHaveLength(5);
    for (const id of ids) {
      const color = catalogue.byId.get(id as string);
      expect(color).toBeDefined();
      // As React escapes text: & < > " and ' (Farrow's Cream is Farrow&#x27;s Cream in the HTML).
      const escaped = (color?.colorName ?? '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#x27;');
      expect(html).toContain(`<span class="palette-strip-name">${escaped}</span>`);
    }
    expect(firstPaintOf(html)).toMatchObject({ source: 'random', colorIds: ids });
    expect(html).toContain(`<style>${CSS}</style>`);
    // The stylesheet no longer blocks the first paint: it moved after the content.
    expect(html.indexOf('href="/assets/index-abc.css"')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html).toContain('Search colours');
    expect(html).toContain('<h1>Swatchbook</h1>');
    expect(res.headers.get('vary')).toContain('Cookie');
  });

  it("carries the first screen's paints and category counts, so the browser hydrates before the catalogue arrives", async () => {
    const { app } = await setup();
    const html = await (await app.request('/')).text();
    const { paints } = firstPaintOf(html);
    const ids = stripIds(html) as string[];
    // The strips' paints, and ten more drawn for a Generate tapped before the catalogue arrives.
    const next = paints?.next?.ids ?? [];
    expect(next).toHaveLength(10);
    for (const id of next) expect(ids).not.toContain(id);
    expect(Object.keys(paints?.colors ?? {}).sort()).toEqual([...ids, ...next].sort());
    for (const id of [...ids, ...next]) {
      expect(paints?.colors[id]).toEqual(JSON.parse(JSON.stringify(catalogue.byId.get(id))));
    }
    // The category select's labels, for all suppliers and for one chosen before the catalogue comes.
    const lick = catalogue.colors.filter((c) => c.brand === 'Lick');
    expect(paints?.counts['']?.Blues).toBe(catalogue.colors.filter((c) => c.category === 'Blues').length);
    expect(paints?.counts.Lick?.Greens).toBe(lick.filter((c) => c.category === 'Greens').length);
    // A few KiB, against the catalogue's 220.
    expect(JSON.stringify(paints).length).toBeLessThan(12_000);
  });

  it('sends the page gzipped to browsers that accept it', async () => {
    const { app } = await setup();
    const res = await app.request('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = new TextDecoder().decode(gunzipSync(Buffer.from(await res.arrayBuffer())));
    expect(stripIds(html)).toHaveLength(5);
  });

  it('allows the shell’s inline theme script by its hash, never unsafe-inline', async () => {
    const { app } = await setup();
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/=]/g, '\\$&')}'`));
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The rendered page starts the app's script after the first paint (holding taps and keys until
    // the app is live), from an inline script the CSP allows by its hash too.
    const html = await (await app.request('/')).text();
    expect(html).not.toContain('<script type="module"');
    // None of the app's code is fetched before that paint: the loader asks for it after.
    expect(html).not.toContain('<link rel="modulepreload"');
    const loader = /<script>([^<]*requestAnimationFrame[^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('__held');
    expect(loader).toContain('["/assets/index-abc.js","/assets/vendor-abc.js"]');
    expect(loader).toContain("s.src='/assets/index-abc.js'");
    expect(csp).toContain(`'sha256-${createHash('sha256').update(loader).digest('base64')}'`);
  });

  it("paints a returning visitor's palette, locks, style, search and dark theme from their cookies", async () => {
    const { app } = await setup();
    const ids = catalogue.colors.slice(100, 106).map((c) => c.id);
    const cookie = `swatchbook_palette=p=${ids.join('.')}&l=1.4&y=Tonal&q=${encodeURIComponent('sea <green>')}; swatchbook_theme=dark`;
    const html = await (await app.request('/', { headers: { cookie } })).text();
    expect(stripIds(html)).toEqual(ids);
    const locked = [...html.matchAll(/<li class="palette-strip([^"]*)"/g)].map((m) => m[1]?.includes('is-locked'));
    expect(locked).toEqual([false, true, false, false, true, false]);
    expect(html).toMatch(/<html data-theme="dark" lang="en-GB">/);
    expect(html).toContain('aria-label="Switch to light mode"');
    expect(html).toContain('value="sea &lt;green&gt;"');
    expect(html).toMatch(/<option value="Tonal" selected="">/);
    expect(firstPaintOf(html)).toMatchObject({
      source: 'cookie',
      colorIds: ids,
      dark: true,
      searchTerm: 'sea <green>',
    });
  });

  it('ignores a tampered cookie: a fresh random palette, no error', async () => {
    const { app } = await setup();
    const res = await app.request('/', {
      headers: { cookie: 'swatchbook_palette=p=<script>&l=x; swatchbook_theme=evil' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(stripIds(html)).toHaveLength(5);
    expect(html).not.toContain('data-theme=');
    expect(firstPaintOf(html)).toMatchObject({ source: 'random', dark: null });
  });
});

describe('the palette a Generate tapped at first paint shows, carried by the page', () => {
  it('is the palette with every position a paint drawn for it, none on screen, escaped, in an inert template', async () => {
    const { app } = await setup();
    const html = await (await app.request('/')).text();
    const ids = stripIds(html) as string[];
    const next = firstPaintOf(html).paints?.next?.ids ?? [];
    const early = earlyIds(html) as string[];
    expect(early).toHaveLength(5);
    expect(new Set(early).size).toBe(5);
    for (const [i, id] of early.entries()) {
      expect(ids).not.toContain(id);
      expect(next).toContain(id);
      const color = catalogue.byId.get(id);
      const strip = earlyPalette(html)?.split('<li ')[i + 1] ?? '';
      expect(strip).toContain(`<span class="palette-strip-name">${asReact(color?.colorName ?? '')}</span>`);
      expect(strip).toContain(`<span class="palette-strip-hex">${color?.hexCode}</span>`);
      expect(strip).toContain(`aria-label="Lock ${asReact(color?.colorName ?? '')}"`);
    }
    // Parsed before the first paint (which waits for the state), outside what React hydrates.
    expect(html.indexOf('<template id="early-palette">')).toBeGreaterThan(html.indexOf('<main '));
    expect(html.indexOf('<template id="early-palette">')).toBeLessThan(html.indexOf(`id="${FIRST_PAINT_ELEMENT}"`));
    expect(earlyPalette(html)).not.toMatch(/<script|<main/);
  });

  it('keeps the locked positions, and says a named palette changed', async () => {
    const { app } = await setup();
    const ids = catalogue.colors.slice(200, 206).map((c) => c.id);
    const name = `Sea </template><script>alert(1)</script> "sky's"`;
    const cookie = `swatchbook_palette=p=${ids.join('.')}&l=0.3&y=Random&r=0&n=${encodeURIComponent(name)}`;
    const html = await (await app.request('/', { headers: { cookie } })).text();
    expect(stripIds(html)).toEqual(ids);
    const early = earlyIds(html);
    expect(early).toHaveLength(6);
    expect(early[0]).toBe(ids[0]);
    expect(early[3]).toBe(ids[3]);
    for (const i of [1, 2, 4, 5]) expect(ids).not.toContain(early[i]);
    const template = earlyPalette(html) ?? '';
    expect(template).toContain(`${asReact(name)}</span><span class="palette-name-changed"> · changed</span>`);
    expect(template).not.toContain('<script');
    expect(template.match(/<li class="palette-strip is-locked"/g)).toHaveLength(2);
  });

  it("reads back a palette name and a search that hold '&', '%' and '='", async () => {
    const { app } = await setup();
    const ids = catalogue.colors.slice(30, 35).map((c) => c.id);
    const name = 'Tom & Jerry 100% = fun';
    const search = 'sea & sky';
    const cookie = `swatchbook_palette=p=${ids.join('.')}&y=Random&r=0&n=${encodeURIComponent(name)}&q=${encodeURIComponent(search)}`;
    const html = await (await app.request('/', { headers: { cookie } })).text();
    expect(firstPaintOf(html)).toMatchObject({ source: 'cookie', colorIds: ids, searchTerm: search });
    expect(html).toContain(asReact(name));
  });

  it('is not carried where a Generate draws otherwise or changes nothing: a style, every strip locked', async () => {
    const { app } = await setup();
    const ids = catalogue.colors.slice(10, 15).map((c) => c.id);
    const styled = await (
      await app.request('/', { headers: { cookie: `swatchbook_palette=p=${ids.join('.')}&y=Tonal` } })
    ).text();
    expect(stripIds(styled)).toEqual(ids);
    expect(earlyPalette(styled)).toBeNull();
    const locked = `swatchbook_palette=p=${ids.join('.')}&l=0.1.2.3.4&y=Random`;
    const allLocked = await (await app.request('/', { headers: { cookie: locked } })).text();
    expect(stripIds(allLocked)).toEqual(ids);
    expect(earlyPalette(allLocked)).toBeNull();
  });
});

describe('share pages', () => {
  async function share(app: Awaited<ReturnType<typeof setup>>['app'], name: string, colorIds: string[]) {
    const owner = await signUp(app);
    const created = await call(app, 'POST', '/api/palettes', { cookie: owner.cookie, body: { name, colorIds } });
    const palette = (await created.json()) as { id: string };
    const sharing = await call(app, 'PUT', `/api/palettes/${palette.id}/sharing`, {
      cookie: owner.cookie,
      body: { public: true },
    });
    return { owner, palette, shareId: ((await sharing.json()) as { shareId: string }).shareId };
  }

  it('holds the shared palette and escaped Open Graph tags in the HTML', async () => {
    const { app } = await setup();
    const colors = catalogue.colors.slice(200, 204);
    const name = `Tom & Jerry's "<b>den</b>"`;
    const { shareId } = await share(
      app,
      name,
      colors.map((c) => c.id),
    );
    const res = await app.request(`/share/${shareId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(stripIds(html)).toEqual(colors.map((c) => c.id));
    expect(html).not.toContain('<b>den</b>');
    const escaped = 'Tom &amp; Jerry&#39;s &quot;&lt;b&gt;den&lt;/b&gt;&quot;';
    expect(html).toContain(`<title>${escaped} — a Swatchbook palette</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped} — a Swatchbook palette" />`);
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000/share/${shareId}/preview.png" />`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/share/${shareId}" />`);
    const description = /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    for (const color of colors) expect(description).toContain(color.colorName.replace(/&/g, '&amp;'));
    expect(firstPaintOf(html)).toMatchObject({ source: 'share', share: { id: shareId, name } });
    // A cache may hold it for everyone: no paints drawn for an early Generate, nor its palette.
    expect(html).not.toContain('<template id="early-palette">');
  });

  it("draws the preview image as the palette's colours, left to right", async () => {
    const { app } = await setup();
    const colors = catalogue.colors.slice(300, 305);
    const { shareId } = await share(
      app,
      'Stripes',
      colors.map((c) => c.id),
    );
    const res = await app.request(`/share/${shareId}/preview.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 630]);
    const hexAt = (x: number, y: number) => {
      const i = (y * png.width + x) * 4;
      return `#${[0, 1, 2].map((k) => (png.data[i + k] as number).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
    };
    const stripe = png.width / colors.length;
    colors.forEach((color, i) => {
      expect(hexAt(Math.floor(stripe * i + stripe / 2), 10)).toBe(color.hexCode.toUpperCase());
      expect(hexAt(Math.floor(stripe * i + stripe / 2), 620)).toBe(color.hexCode.toUpperCase());
    });
  });

  it('answers 404 for a private, unknown or malformed share, page and image alike', async () => {
    const { app } = await setup();
    const { owner, palette, shareId } = await share(
      app,
      'Soon private',
      catalogue.colors.slice(0, 3).map((c) => c.id),
    );
    await call(app, 'PUT', `/api/palettes/${palette.id}/sharing`, { cookie: owner.cookie, body: { public: false } });
    for (const path of [`/share/${shareId}`, '/share/NoSuchShare42', '/share/abc-123', '/share/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('Soon private');
    }
    expect((await app.request(`/share/${shareId}/preview.png`)).status).toBe(404);
  });
});
