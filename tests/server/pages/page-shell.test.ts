import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { earlyPaletteTemplate, fillShell, readShell } from '../../../server/pages/page-shell';
import type { FirstPaint } from '../../../shared/session/first-paint';

/**
 * A build laid out as Vite's: the entry imports the catalogue store statically (the shell preloads
 * it) and the hydration chunk dynamically; the hydration chunk imports a chunk of its own, the
 * store loads the catalogue's reading code, which imports another.
 */
function build(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-shell-'));
  mkdirSync(join(dir, 'assets'));
  const chunks: Record<string, string> = {
    'index-e1.js':
      'import{a}from"./catalogue-store-s1.js";import"./runtime-r1.js";c(()=>import(`./hydrate-page-h1.js`))',
    'runtime-r1.js': 'var r=1;export{r}',
    'catalogue-store-s1.js':
      'import{r}from"./runtime-r1.js";const l=()=>n(()=>import(`./catalogue-c1.js`).then(e=>e.t));export{l as a}',
    'hydrate-page-h1.js':
      'import{r}from"./runtime-r1.js";import{t}from"./session-now-n1.js";import{a}from"./index-e1.js";',
    'session-now-n1.js': 'export const t=1',
    'catalogue-c1.js': 'import{t}from"./hex-x1.js";import{r}from"./runtime-r1.js";export const t=1',
    'hex-x1.js': 'export const t=1',
    'later-l1.js': 'export const t=1',
    'index-c1.css': '.app{color:red}',
  };
  for (const [name, text] of Object.entries(chunks)) writeFileSync(join(dir, 'assets', name), text);
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Swatchbook — paint palettes</title>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-r1.js">
    <link rel="modulepreload" crossorigin href="/assets/catalogue-store-s1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">
    <link rel="preload" href="/assets/catalogue-k1.json" as="fetch" crossorigin="">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
  );
  return dir;
}

const paint = { dark: null } as FirstPaint;
const head = { title: 'T', description: 'D', url: 'https://example.com/' };

/** The chunks a loader's inline script preloads, in its order. */
const loaderChunks = (loader: string) => JSON.parse(/(\["\/assets[^\]]*\])/.exec(loader)?.[1] ?? '[]') as string[];
const loaderOf = (html: string) => /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';

describe('the rendered page’s first bytes', () => {
  it('ask for none of the app’s code: the loader preloads the way to a live Generate after the paint, the entry’s own imports first', () => {
    const shell = readShell(build());
    if (!shell) throw new Error('no shell');
    const html = fillShell(shell, '<main></main>', paint, head);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toContain('<script type="module"');
    const loader = loaderOf(html);
    // One frame after the page is ready to paint (at once in a tab in the background, which makes none).
    expect(loader).toMatch(/requestAnimationFrame\(function\(\)\{setTimeout\(go\)\}\)/);
    expect(loader).toContain("document.visibilityState==='hidden'");
    // The entry and its own imports first (it cannot run without them), then the rest, each once.
    expect(loaderChunks(loader)).toEqual(
      [
        'index-e1.js',
        'runtime-r1.js',
        'catalogue-store-s1.js',
        'hydrate-page-h1.js',
        'session-now-n1.js',
        'catalogue-c1.js',
        'hex-x1.js',
      ].map((c) => `/assets/${c}`),
    );
    expect(loader).toContain("s.src='/assets/index-e1.js'");
    expect(html).not.toContain('later-l1.js');
  });

  it('ask for the catalogue file only once the entry script has arrived; the offline shell keeps its preload', () => {
    const shell = readShell(build());
    if (!shell) throw new Error('no shell');
    const html = fillShell(shell, '<main></main>', paint, head);
    expect(html).not.toContain('<link rel="preload" href="/assets/catalogue-k1.json"');
    const loader = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain("'/assets/index-e1.js'");
    expect(loader).toContain("k.href='/assets/catalogue-k1.json'");
    expect(shell.html).toContain('<link rel="preload" href="/assets/catalogue-k1.json" as="fetch" crossorigin="">');
  });
});

describe('a shared palette’s page', () => {
  const shared = { dark: null, share: { id: 's1', name: 'Hall' } } as FirstPaint;

  it('asks for nothing in its markup: the loader fetches the same code, the stylesheet and the catalogue after the first paint', () => {
    const shell = readShell(build());
    if (!shell) throw new Error('no shell');
    const html = fillShell(shell, '<main></main>', shared, head);
    expect(html).not.toMatch(/<link rel="(modulepreload|stylesheet|preload)"/);
    expect(html).not.toContain('<script type="module"');
    const loader = loaderOf(html);
    expect(loader).toContain('first-contentful-paint');
    const home = loaderChunks(loaderOf(fillShell(shell, '<main></main>', paint, head)));
    expect(['/assets/index-e1.js', ...loaderChunks(loader)]).toEqual(home);
    expect(loader).toContain("k.href='/assets/catalogue-k1.json'");
    expect(loader).toContain("s.src='/assets/index-e1.js'");
    expect(loader).toContain("c.href='/assets/index-c1.css'");
    expect(html).toContain('<style>.app{color:red}</style>');
  });
});

describe('the palette a Generate tapped before the app is live shows', () => {
  const page = (strips: string, undo: string, name = 'Swatchbook') =>
    `<header><h1>${name}</h1></header><main class="app-main" id="main"><ol>${strips}</ol></main>` +
    `<div class="generate-bar"><button type="button" class="icon-button" aria-label="Undo" title="Undo"${undo}>U</button>` +
    '<button type="button" class="generate-button">Generate New Palette</button></div>';
  const now = page('<li>a</li>', ' disabled=""');

  it('is the inside of <main> after it, in a template, where that and the Undo button enabled are all it changed', () => {
    expect(earlyPaletteTemplate(now, page('<li>b</li>', ''))).toBe(
      '<template id="early-palette"><ol><li>b</li></ol></template>',
    );
    // Filled in before the state, which the first paint waits for.
    const html = fillShell(
      readShell(build()) as NonNullable<ReturnType<typeof readShell>>,
      now,
      paint,
      head,
      page('<li>b</li>', ''),
    );
    expect(html).toContain(`<div id="root">${now}</div>`);
    expect(html.indexOf('<template id="early-palette"><ol><li>b</li></ol></template>')).toBeLessThan(
      html.indexOf('id="first-paint"'),
    );
  });

  it('is none when anything else changed, which the loader would leave as it was, or there is no page after it', () => {
    expect(earlyPaletteTemplate(now, page('<li>b</li>', '', 'Other'))).toBe('');
    expect(earlyPaletteTemplate(now, page('<li>b</li>', ' disabled=""'))).toBe('');
    expect(earlyPaletteTemplate(now, null)).toBe('');
    expect(earlyPaletteTemplate('<div>no main</div>', '<div>no main</div>')).toBe('');
  });
});
