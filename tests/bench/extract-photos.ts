import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { resample } from '../../workers/extract';
import type { Pixels } from '../../workers/extract';
import { fitWithin } from '../../workers/image-header';
import { ROOT } from '../support/server-process';

/**
 * Real photographs for the extraction benchmarks: Debian's `mate-backgrounds` package (nature photos,
 * JPEG), fetched with apt-get into the ignored .cache/ folder on first use, never committed.
 */
const PACKAGE = 'mate-backgrounds';
const CACHE = join(ROOT, '.cache', 'bench-photos');
const TREE = join(CACHE, 'tree', 'usr/share/backgrounds/mate');

export function photoFolder(): string | null {
  if (!existsSync(TREE)) {
    mkdirSync(CACHE, { recursive: true });
    try {
      execFileSync('apt-get', ['download', PACKAGE], { cwd: CACHE, stdio: 'ignore' });
      const deb = readdirSync(CACHE).find((f) => f.startsWith(PACKAGE) && f.endsWith('.deb'));
      if (!deb) return null;
      execFileSync('dpkg-deb', ['-x', join(CACHE, deb), join(CACHE, 'tree')]);
    } catch (error) {
      console.warn(`extract bench: could not fetch ${PACKAGE} (${(error as Error).message}); photo rows skipped`);
      return null;
    }
  }
  return TREE;
}

export function decodeJpeg(path: string): Pixels {
  const decoded = jpeg.decode(readFileSync(path), {
    useTArray: true,
    maxMemoryUsageInMB: 1024,
    maxResolutionInMP: 200,
  });
  return { width: decoded.width, height: decoded.height, data: decoded.data };
}

/** The nature photos, each scaled to fit 512 × 512: the same pixels for every extractor. */
export function naturePhotos(): Array<{ name: string; pixels: Pixels }> {
  const folder = photoFolder();
  if (!folder) return [];
  const dir = join(folder, 'nature');
  return readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.jpg'))
    .sort()
    .map((name) => {
      const full = decodeJpeg(join(dir, name));
      const fit = fitWithin(full.width, full.height, 512);
      return { name, pixels: resample(full, fit.width, fit.height) };
    });
}

/** A 12-megapixel photo (4000 × 3000 cropped from the 5640 × 3172 Elephants wallpaper), decoded once. */
export function twelveMegapixelPhoto(): Pixels | null {
  const folder = photoFolder();
  if (!folder) return null;
  const full = decodeJpeg(join(folder, 'abstract', 'Elephants_5640x3172.jpg'));
  const width = 4000;
  const height = 3000;
  const data = new Uint8ClampedArray(width * height * 4);
  const left = Math.floor((full.width - width) / 2);
  for (let y = 0; y < height; y++) {
    const from = ((y + Math.floor((full.height - height) / 2)) * full.width + left) * 4;
    data.set(full.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}
