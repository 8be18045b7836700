import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FirstPaint, FIRST_PAINT_ELEMENT, scriptSafeJson } from '../../shared/session/first-paint';
import { headTags, type PageHead } from './head-tags';

/** The built index.html, taken apart once: the server fills it per request. */
export interface PageShell {
  /** As built: the client-only shell (offline, no renderer, unknown share links). */
  html: string;
  /** The first screen's stylesheet, inlined into rendered pages. */
  css: string | null;
  cssLink: string | null;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

export function readShell(distDir: string): PageShell | null {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const link = STYLESHEET.exec(html);
  const cssPath = link ? join(distDir, link[1] as string) : null;
  const css = cssPath && existsSync(cssPath) ? readFileSync(cssPath, 'utf8') : null;
  return { html, css, cssLink: css ? (link?.[0] ?? null) : null };
}

/** `'sha256-…'` sources for the shell's inline scripts (the theme script), for the CSP. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] as string)
        .digest('base64')}'`,
  );
}

const TITLE_AND_DESCRIPTION = /\s*<title>[\s\S]*?<\/title>|\s*<meta name="description"[^>]*>/g;

/**
 * The shell filled for one request: the rendered markup in #root, the state it was rendered from
 * beside it, the first screen's CSS inline (the stylesheet link moves to the end of the body, so
 * it no longer holds up the first paint), the theme on <html>, and this page's head tags.
 */
export function fillShell(shell: PageShell, markup: string, paint: FirstPaint, head: PageHead): string {
  let html = shell.html.replace(TITLE_AND_DESCRIPTION, '');
  html = html.replace('</head>', () => `    ${headTags(head)}\n  </head>`);
  if (paint.dark !== null) html = html.replace('<html ', `<html data-theme="${paint.dark ? 'dark' : 'light'}" `);
  if (shell.css && shell.cssLink) {
    const css = shell.css.replace(/<\/style/gi, '<\\/style');
    const link = shell.cssLink;
    html = html.replace(link, () => `<style>${css}</style>`);
    html = html.replace('</body>', () => `  ${link}\n  </body>`);
  }
  const state = `<script type="application/json" id="${FIRST_PAINT_ELEMENT}">${scriptSafeJson(paint)}</script>`;
  // A function replacement: `$` in the markup (a palette name) must not be read as a pattern.
  return html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>\n    ${state}`);
}
