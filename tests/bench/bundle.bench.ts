import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BenchRow, type BenchSuite, buildScratchPage } from './support';

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/** The JS and CSS that index.html makes the browser fetch before the first paint. */
export function initialAssets(distDir: string) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const js = refs.filter((r) => r.endsWith('.js'));
  const css = refs.filter((r) => r.endsWith('.css'));
  const sum = (list: string[]) => list.reduce((total, ref) => total + gz(join(distDir, ref)), 0);
  return { jsKb: sum(js), cssKb: sum(css), files: refs };
}

/** The floor: React + react-dom rendering one element, built by the same Vite, gzipped the same way. */
function reactFloorKb(): number {
  const { out } = buildScratchPage('react-floor', {
    'index.html': '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>',
    'main.js': `import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(createElement('p', null, 'hi'));\n`,
  });
  return initialAssets(out).jsKb;
}

const suite: BenchSuite = async (ctx) => {
  const { jsKb, cssKb } = initialAssets(ctx.distDir());
  const floor = reactFloorKb();
  const rows: BenchRow[] = [
    {
      name: 'gzip JS loaded by /',
      unit: 'KiB',
      median: jsKb,
      baseline: { name: 'React + react-dom alone', median: floor },
      target: '≤ 1.25 × React + react-dom',
      met: jsKb <= 1.25 * floor,
    },
    { name: 'gzip CSS loaded by /', unit: 'KiB', median: cssKb },
  ];
  return rows;
};

export default suite;
