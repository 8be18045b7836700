import { proxy, ref } from 'valtio';
import type { Brand } from '../../../shared/catalogue/types';
import { PALETTE_DEFAULT } from '../../../shared/palette/limits';
import { isAbortError } from '../../lib/worker-bridge';
import { getCatalogue } from '../../stores/catalogue-store';
import { filterState } from '../../stores/filter-store';
import { replacePalette } from '../../stores/palette-store';
import { showToast } from '../../stores/toast-store';
import {
  type Algorithm,
  type DecodeResult,
  decodeImageFile,
  extractFromPixels,
  type Paint,
  type Pixels,
  type Swatch,
} from './extract-client';

const NOT_ENOUGH = 'Could not extract enough distinct colours';
const EXTRACTED = 'Palette extracted from image!';

type Phase = 'idle' | 'decoding' | 'extracting';

interface ExtractState {
  phase: Phase;
  /** 0–1 over the current job. */
  progress: number;
  algorithm: Algorithm;
  count: number;
  /** The decoded working copy of the current image (in `ref()`: a big typed array). */
  image: Pixels | null;
  fileName: string | null;
  /** The last extraction that went into the palette; `brand`: the supplier it was matched to (null: all). */
  result: { algorithm: Algorithm; count: number; brand: Brand | null; swatches: Swatch[] } | null;
  /** The last problem, shown in the dialog beside the toast. */
  problem: string | null;
}

export const extractState = proxy<ExtractState>({
  phase: 'idle',
  progress: 0,
  algorithm: 'perceptual',
  count: PALETTE_DEFAULT,
  image: null,
  fileName: null,
  result: null,
  problem: null,
});

let controller: AbortController | null = null;
let paints: { brand: Brand | null; list: Paint[] } | null = null;

/**
 * Only what matching needs: a smaller message to the worker than the full catalogue colours. With a
 * supplier chosen, only its paints: someone choosing Farrow & Ball wants a Farrow & Ball palette.
 */
function catalogPaints(brand: Brand | null): Paint[] | null {
  if (paints?.brand === brand) return paints.list;
  const catalogue = getCatalogue();
  if (!catalogue) return null;
  const list = catalogue.colors
    .filter((c) => brand === null || c.brand === brand)
    .map(({ id, hexCode, lab }) => ({ id, hexCode, lab }));
  paints = { brand, list };
  return list;
}

const FORMAT_NAMES: Record<string, string> = { heic: 'HEIC', avif: 'AVIF' };

/** The words a user sees for each way a file can fail. */
function problemMessage(result: Extract<DecodeResult, { ok: false }>): string {
  switch (result.reason) {
    case 'empty':
      return 'That file is empty. Choose a photo to extract colours from.';
    case 'not-image':
      return 'That file is not an image. Choose a JPEG, PNG, WebP or HEIC photo.';
    case 'truncated':
      return 'That image is incomplete (the file was cut short). Choose another photo.';
    case 'corrupt':
      return 'That image is damaged and could not be read. Choose another photo.';
    case 'too-large':
      return `That image is too large (${result.width} × ${result.height} pixels). Choose one under 50 megapixels.`;
    case 'undecodable':
      return `This browser cannot open ${FORMAT_NAMES[result.format ?? ''] ?? 'this kind of'} images. Choose a JPEG, PNG or WebP photo.`;
  }
}

function fail(message: string): void {
  extractState.problem = message;
  showToast(message, 'error');
}

function begin(phase: Phase): AbortSignal {
  controller?.abort();
  controller = new AbortController();
  extractState.phase = phase;
  extractState.progress = 0;
  extractState.problem = null;
  return controller.signal;
}

function end(signal: AbortSignal): void {
  if (controller?.signal === signal) {
    controller = null;
    extractState.phase = 'idle';
  }
}

/**
 * One run (a new image, or the same one again): it cancels the run before it, and a failure other
 * than that cancelling is logged and said; the phase goes back to idle unless a newer run took over.
 */
async function runPhase(
  phase: Phase,
  failed: { log: string; message: string },
  work: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const signal = begin(phase);
  try {
    await work(signal);
  } catch (error) {
    if (!isAbortError(error)) {
      console.error(failed.log, error);
      fail(failed.message);
    }
  } finally {
    end(signal);
  }
}

async function extractCurrent(signal: AbortSignal, base: number): Promise<void> {
  const image = extractState.image;
  const brand = filterState.brand;
  const catalogue = catalogPaints(brand);
  if (!image) return;
  if (!catalogue) {
    fail('The paint catalogue is still loading. Try again in a moment.');
    return;
  }
  extractState.phase = 'extracting';
  const { algorithm, count } = extractState;
  const result = await extractFromPixels(image, catalogue, { algorithm, count }, signal, (fraction) => {
    if (!signal.aborted) extractState.progress = base + (1 - base) * fraction;
  });
  if (signal.aborted) return;
  if (!result.ok) {
    fail(NOT_ENOUGH);
    return;
  }
  replacePalette(result.colorIds);
  extractState.result = { algorithm: result.algorithm, count, brand, swatches: result.swatches };
  showToast(EXTRACTED);
}

/** Reads a new image and extracts a palette from it; a bad file leaves everything as it was. */
export function extractFromFile(file: File): Promise<void> {
  const failed = {
    log: 'extract: reading the image failed',
    message: 'That image could not be read. Choose another photo.',
  };
  return runPhase('decoding', failed, async (signal) => {
    const decoded = await decodeImageFile(file, signal, (fraction) => {
      if (!signal.aborted) extractState.progress = fraction * 0.5;
    });
    if (signal.aborted) return;
    if (!decoded.ok) {
      fail(problemMessage(decoded));
      return;
    }
    extractState.image = ref(decoded.pixels);
    extractState.fileName = file.name || 'image';
    extractState.result = null;
    await extractCurrent(signal, 0.5);
  });
}

/** Runs the extraction again on the same image (after switching algorithm or count). */
export async function rerun(): Promise<void> {
  if (!extractState.image) return;
  const failed = { log: 'extract: extraction failed', message: 'Extracting the palette failed. Try again.' };
  await runPhase('extracting', failed, (signal) => extractCurrent(signal, 0));
}

export function setAlgorithm(algorithm: Algorithm): void {
  extractState.algorithm = algorithm;
}

export function setCount(count: number): void {
  extractState.count = count;
}

/** Stops the job in flight; nothing it would have changed is changed. */
export function cancelExtraction(): void {
  if (!controller) return;
  controller.abort();
  controller = null;
  extractState.phase = 'idle';
  extractState.progress = 0;
}
