import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EARLY_PALETTE_ELEMENT,
  type FirstPaint,
  FIRST_PAINT_ELEMENT,
  scriptSafeJson,
} from '../../shared/session/first-paint';
import { headTags, type PageHead } from './head-tags';

/** The built index.html, taken apart once: the server fills it per request. */
export interface PageShell {
  /** As built: the client-only shell (offline, no renderer, unknown share links). */
  html: string;
  /**
   * SHA-256 (hex) of that shell, sent with every page (SHELL_HEADER): the service worker serves the
   * server's page only when it is of the release it has installed (its precached shell hashes the same).
   */
  revision: string;
  /** The first screen's stylesheet, inlined into rendered pages. */
  css: string | null;
  cssLink: string | null;
  /** The app's entry `<script type="module">` as built, and what replaces it in rendered pages. */
  entryTag: string | null;
  entryLoader: string | null;
  /** The shell's preload of the catalogue file, which a rendered page's loader makes later instead. */
  catalogueLink: string | null;
  /** What replaces the entry in a shared palette's page, which fetches nothing before its first paint (`shareLoaderFor`). */
  shareLoader: string | null;
}

/** The response header that carries `PageShell.revision` (vite.config.ts reads it in the service worker). */
export const SHELL_HEADER = 'Swatchbook-Shell';

const ENTRY = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/**
 * Until the app has hydrated the page looks alive and is not: from the first moment it can be
 * touched, every input is held here, in order, with the element it was meant for (and where that
 * sits under #root, should the app render it anew), and
 * `web/app/held-input.ts` takes the queue (`__held`) and applies it once the app is live: clicks on
 * any element, keys (not Tab, which moves focus, nor the letters a text field types itself), and
 * the value a field or select was given (natively, so the person sees it at once). A button or link
 * keeps its own Enter and Space: the click they make is held. What the app replays (`replaying`) passes.
 *
 * Except the first Generate, when nothing was held before it (the order of inputs is kept): a click
 * on a Generate button, Enter or Space on one, or Space on the page (the app's shortcut). The page
 * carries what the app renders after it (`earlyPaletteTemplate`): that takes the place of `<main>`'s
 * content, the Undo button is enabled, as the app would have done, and `early` on the queue tells the
 * app, which puts its stores in that state before hydrating (web/app/hydrate-page.tsx) and sets
 * `early` to false, so from then on the tap is held. Anything missing or failing: the tap is held.
 */
const HOLD =
  '(function(){var q=[],kinds=["click","keydown","input","change"],h={queue:q,replaying:false};' +
  'function text(t){return t.tagName==="TEXTAREA"||t.tagName==="INPUT"&&!/^(checkbox|radio|button|submit|reset|file|range|color|image)$/.test(t.type)}' +
  'function early(e,t){try{var g=t.closest(".generate-button,.footer-generate"),k=e.key,d=document,m=d.getElementById("' +
  EARLY_PALETTE_ELEMENT +
  '"),r=d.getElementById("main"),u=d.querySelector("button[aria-label=Undo]");' +
  'if(q.length||h.early!==void 0||!m||!r||!u||!(e.type==="click"?g:!e.ctrlKey&&!e.metaKey&&!e.altKey&&(k==="Enter"?g:k===" "&&(g||t===d.body))))return;' +
  'r.replaceChildren(m.content);u.disabled=false;return h.early=true}catch(x){}}' +
  'function at(t){var p=[];for(;t.parentElement&&t.id!=="root";t=t.parentElement)p.unshift([].indexOf.call(t.parentElement.children,t));return p}' +
  'function hold(e){var t=e.target;if(h.replaying||!(t instanceof Element))return;' +
  'if(e.type==="input"||e.type==="change"){if(e.type==="input"?text(t):t.tagName==="SELECT")q.push({type:"value",target:t,path:at(t),value:t.value});return}' +
  'if(t.closest("select"))return;if(early(e,t)){e.preventDefault();e.stopPropagation();return}' +
  'if(e.type==="keydown"){if(e.key==="Tab"||/^(Shift|Control|Alt|Meta|CapsLock)$/.test(e.key))return;' +
  'if(text(t)&&!/^(Enter|Escape|ArrowUp|ArrowDown)$/.test(e.key))return;' +
  'if(text(t)||!t.closest("button,a,summary,input"))e.preventDefault()}else e.preventDefault();' +
  'e.stopPropagation();q.push({type:e.type,target:t,path:at(t),event:e})}' +
  'kinds.forEach(function(k){addEventListener(k,hold,true)});' +
  'h.release=function(){kinds.forEach(function(k){removeEventListener(k,hold,true)})};window.__held=h})();';

/**
 * In a rendered page the app's code is fetched and run after the first paint, not before it (on a
 * slow phone evaluating it would hold the paint back), by a tiny inline script one frame after the
 * page is ready to paint (the CSP allows it by its hash): the entry and, at once, what the way to a
 * working first screen needs rather than when the code that imports it runs (one round trip each on
 * a slow link): `chunks`, the entry's own imports, the hydration chunk (`web/app/hydrate-page.tsx`,
 * which the entry imports on a rendered page only) and the code that reads the catalogue
 * (Generate needs the whole catalogue), each with its imports. Asked for from the head, they
 * arrived before the paint on any fast link, so Lighthouse's simulation counted all ~90 KB of them
 * in the LCP of a page that needs none of them to paint; on the phone profile, where the link is
 * busy with the page until it paints, asking after it costs the time to live some 50 ms, well
 * within its 300 (the commit that made this has the figures). A tab opened in the background
 * makes no frame: there the code is fetched at once, so it is live when shown. The catalogue file
 * itself (30 KiB gzip) is asked for only once the entry's script has arrived: sharing the slow link
 * with it made the script, and so the page's being live, come later, while the file still arrives
 * before the hydration is over.
 */
function loaderFor(src: string, chunks: readonly string[], catalogue: string | null): string {
  const go = `function go(){${preloadAll(chunks)}${addEntry(src)}}`;
  return `<script>${holdAndCatalogue(src, catalogue)}(function(){${go}if(document.visibilityState==='hidden')go();else ${GO_AFTER_FRAME}})()</script>`;
}

/** A loader's `go()` run in the task after the next frame. */
const GO_AFTER_FRAME = 'requestAnimationFrame(function(){setTimeout(go)})';

/** A loader's start of the app: its entry `src` as a module script. */
function addEntry(src: string): string {
  return `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src='${src}';document.head.append(s);`;
}

/** A loader's preloads of the app's `chunks` (each link added starts its fetch there and then). */
function preloadAll(chunks: readonly string[]): string {
  return `${JSON.stringify(chunks)}.forEach(function(u){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=u;document.head.append(k)});`;
}

/** The loaders' common start: `HOLD`, and the catalogue file asked for once the entry `src` has arrived. */
function holdAndCatalogue(src: string, catalogue: string | null): string {
  const fetchCatalogue = catalogue
    ? `new PerformanceObserver(function(l,o){if(l.getEntries().some(function(e){return e.name.slice(-${src.length})==='${src}'})){o.disconnect();var k=document.createElement('link');k.rel='preload';k.as='fetch';k.crossOrigin='';k.href='${catalogue}';document.head.append(k)}}).observe({type:'resource',buffered:true});`
    : '';
  return `${HOLD}${fetchCatalogue}`;
}

/**
 * A shared palette's page: the visitor came for the palette, which the page paints on its own, so
 * nothing else is fetched until that paint is on screen (the paint timing entry says so; without
 * one, after the next frame): the app's code (the same chunks as `loaderFor` preloads), the
 * catalogue once the entry has arrived, and the page's stylesheet (held back as 'print', its rules
 * are inline). Fetched in the head, they shared a slow link with the rest of the page and its
 * state, which the paint waits for; and Lighthouse's simulation counts every request that ends
 * before the largest paint as on its way, so on a fast machine ~100 KB of code ended up in the
 * LCP of a page that needs none of it to paint.
 */
function shareLoaderFor(src: string, chunks: readonly string[], cssHref: string | null, catalogue: string | null) {
  const css = cssHref
    ? `var c=document.createElement('link');c.rel='stylesheet';c.media='print';c.crossOrigin='';c.href='${cssHref}';c.setAttribute('data-inlined','');document.body.append(c);`
    : '';
  // The entry first, then its chunks' preloads in a task of their own (each one added starts a
  // fetch there and then: on a slow phone one task for all of them was a long one).
  const go = `function go(){${addEntry(src)}${css}setTimeout(function(){${preloadAll(chunks.filter((c) => c !== src))}})}`;
  const afterPaint =
    "var P=window.PerformanceObserver;if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true});" +
    `else ${GO_AFTER_FRAME}`;
  return `<script>${holdAndCatalogue(src, catalogue)}(function(){${go}${afterPaint}})()</script>`;
}

const SHELL_PRELOAD_LINE = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

const HYDRATE_CHUNK = /\.\/(hydrate-page-[\w-]+\.js)/;
/** The chunk that reads the catalogue file, as `web/stores/catalogue-store.ts` imports it. */
const CATALOGUE_CHUNK = /import\(`\.\/(catalogue-(?!store)[\w-]+\.js)`\)/;
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+\.js)"/g;
const SHELL_PRELOAD = /<link rel="modulepreload" crossorigin href="\/assets\/([^"]+\.js)">/g;
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
const CATALOGUE_PRELOAD = /\s*<link rel="preload" href="(\/assets\/catalogue-[\w-]+\.json)" as="fetch" crossorigin="">/;

/** A built chunk (in `assets/`) and every chunk it imports statically, itself first. */
function withStaticImports(assets: string, chunk: string): string[] {
  const found = [chunk];
  for (let i = 0; i < found.length; i++) {
    const path = join(assets, found[i] as string);
    if (!existsSync(path)) continue;
    for (const m of readFileSync(path, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!found.includes(m[1] as string)) found.push(m[1] as string);
    }
  }
  return found;
}

/** The chunks beyond the entry's own that a rendered page fetches from its first bytes (see `loaderFor`). */
function criticalChunks(distDir: string, shellPreloads: ReadonlySet<string>, entry: string): string[] {
  const assets = join(distDir, 'assets');
  const entryChunks = withStaticImports(assets, entry);
  const read = (chunk: string) => {
    const path = join(assets, chunk);
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  };
  const hydrate = HYDRATE_CHUNK.exec(read(entry))?.[1];
  const reader = entryChunks.map((chunk) => CATALOGUE_CHUNK.exec(read(chunk))?.[1]).find(Boolean);
  const chunks = [hydrate, reader].flatMap((chunk) => (chunk ? withStaticImports(assets, chunk) : []));
  // The shell's own preloads (the entry's imports) stay where the build put them, first.
  return [...new Set(chunks)].filter((chunk) => chunk !== entry && !shellPreloads.has(chunk));
}

export function readShell(distDir: string): PageShell | null {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const link = STYLESHEET.exec(html);
  const cssPath = link ? join(distDir, link[1] as string) : null;
  const css = cssPath && existsSync(cssPath) ? readFileSync(cssPath, 'utf8') : null;
  const entry = ENTRY.exec(html);
  const src = entry?.[1];
  // The entry, then its own imports (the shell's preloads), which it needs before it can run at
  // all, then the rest: on HTTP/1.1's six connections a request asked for later also starts later.
  const shellChunks = new Set([...html.matchAll(SHELL_PRELOAD)].map((m) => m[1] as string));
  const preloads = src ? criticalChunks(distDir, shellChunks, src.replace('/assets/', '')) : [];
  const catalogue = CATALOGUE_PRELOAD.exec(html);
  const cssHref = css && link ? `/${link[1]}` : null;
  const chunks = src
    ? [src, ...[...shellChunks].map((c) => `/assets/${c}`), ...preloads.map((c) => `/assets/${c}`)]
    : [];
  return {
    html,
    revision: createHash('sha256').update(html).digest('hex'),
    css,
    cssLink: css ? (link?.[0] ?? null) : null,
    entryTag: entry?.[0] ?? null,
    entryLoader: src ? loaderFor(src, chunks, catalogue?.[1] ?? null) : null,
    catalogueLink: src && catalogue ? catalogue[0] : null,
    shareLoader: src ? shareLoaderFor(src, chunks, cssHref, catalogue?.[1] ?? null) : null,
  };
}

/** `'sha256-…'` sources for the inline scripts of the shell and of rendered pages, for the CSP. */
export function inlineScriptHashes(shell: PageShell): string[] {
  return [
    ...`${shell.html}${shell.entryLoader ?? ''}${shell.shareLoader ?? ''}`.matchAll(/<script>([\s\S]*?)<\/script>/g),
  ].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] as string)
        .digest('base64')}'`,
  );
}

const THEME_COLOR = /<meta name="theme-color" content="([^"]+)" media="\(prefers-color-scheme: (light|dark)\)" \/>/g;
const TITLE_AND_DESCRIPTION = /\s*<title>[\s\S]*?<\/title>|\s*<meta name="description"[^>]*>/g;

/** An enabled Undo button, as `markup` has it disabled (the one attribute the loader changes outside `<main>`). */
const UNDO_DISABLED = /(<button[^>]* aria-label="Undo"[^>]*?) disabled=""/;

/** The inside of the app's `<main>`, and the markup around it. */
function splitMain(markup: string): { inside: string; outside: string } | null {
  const open = markup.indexOf('<main ');
  const start = markup.indexOf('>', open) + 1;
  const end = markup.indexOf('</main>', start);
  if (open < 0 || end < 0) return null;
  return { inside: markup.slice(start, end), outside: markup.slice(0, start) + markup.slice(end) };
}

/**
 * What a Generate tapped before the app is live shows (see `HOLD`): the inside of `<main>` from
 * `next` (the app rendered after that Generate, web/entry-server.tsx), in an inert `<template>`,
 * React's own markup (its text escaped, its ids and markers those hydration will find). Only when
 * the rest of the page differs from `markup` by the Undo button alone, which the loader enables:
 * anything else a Generate changed would be left as it was, so then there is none (the tap is held).
 */
export function earlyPaletteTemplate(markup: string, next: string | null): string {
  const now = next ? splitMain(markup) : null;
  const then = next ? splitMain(next) : null;
  if (!now || !then) return '';
  const enabled = now.outside.replace(UNDO_DISABLED, '$1');
  if (enabled === now.outside || enabled !== then.outside) return '';
  return `<template id="${EARLY_PALETTE_ELEMENT}">${then.inside}</template>`;
}

/**
 * The shell filled for one request: the rendered markup in #root, the state it was rendered from
 * beside it, the first screen's CSS inline (the stylesheet link moves to the end of the body, so
 * it no longer holds up the first paint), the theme on <html>, and this page's head tags. `next`:
 * the app after a Generate at first paint, for `earlyPaletteTemplate`, before the state, so it is
 * parsed before the first paint (which waits for the state).
 */
export function fillShell(
  shell: PageShell,
  markup: string,
  paint: FirstPaint,
  head: PageHead,
  next: string | null = null,
): string {
  let html = shell.html.replace(TITLE_AND_DESCRIPTION, '');
  // Nothing paints until the whole first screen is parsed (Chromium): a half-parsed palette, one
  // strip wide, then five, would be a layout shift.
  const expect = `<link rel="expect" href="#${FIRST_PAINT_ELEMENT}" blocking="render" />`;
  html = html.replace('</head>', () => `    ${headTags(head)}\n    ${expect}\n  </head>`);
  if (paint.dark !== null) {
    const theme = paint.dark ? 'dark' : 'light';
    html = html.replace('<html ', `<html data-theme="${theme}" `);
    // The toolbar's colour for the theme chosen in the app, whatever the system's scheme.
    html = html.replace(THEME_COLOR, (_tag, content, scheme) =>
      scheme === theme ? `<meta name="theme-color" content="${content}" />` : '',
    );
  }
  const share = Boolean(paint.share && shell.entryTag && shell.shareLoader);
  if (shell.css && shell.cssLink) {
    const css = shell.css.replace(/<\/style/gi, '<\\/style');
    // The same sheet, kept for the rest of the visit but never render-blocking: 'print' until the
    // app's code (hydrate-page.tsx) switches it on; its rules are already inline. A share's loader
    // adds it after the paint.
    const link = shell.cssLink.replace('<link ', '<link media="print" data-inlined ');
    html = html.replace(shell.cssLink, () => `<style>${css}</style>`);
    if (!share) html = html.replace('</body>', () => `  ${link}\n  </body>`);
  }
  // Either page asks for none of the app's code in its markup: its loader does, after the paint.
  const loader = share ? shell.shareLoader : shell.entryLoader;
  if (shell.entryTag && loader) {
    html = html.replace(SHELL_PRELOAD_LINE, '').replace(shell.entryTag, () => loader);
    if (shell.catalogueLink) html = html.replace(shell.catalogueLink, '');
  }
  const state = `<script type="application/json" id="${FIRST_PAINT_ELEMENT}">${scriptSafeJson(paint)}</script>`;
  // A function replacement: `$` in the markup (a palette name) must not be read as a pattern.
  const early = earlyPaletteTemplate(markup, next);
  return html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>\n    ${early}${state}`);
}
