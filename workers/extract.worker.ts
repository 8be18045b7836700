import { expose, transfer } from 'comlink';
import { type DecodeResult, decodeImage } from './decode-image';
import { type ExtractOptions, type ExtractResult, extractPalette, type Paint, type Pixels } from './extract';

type Progress = (fraction: number) => void;

const api = {
  /** Header check and decode to a small RGBA working copy, handed back (transferred) to the page. */
  async decode(file: Blob, onProgress?: Progress): Promise<DecodeResult> {
    const result = await decodeImage(file, onProgress);
    return result.ok ? transfer(result, [result.pixels.data.buffer as ArrayBuffer]) : result;
  },

  /** One extraction on an already decoded working copy; re-runs reuse it. */
  async extract(
    image: Pixels,
    paints: readonly Paint[],
    options: Omit<ExtractOptions, 'onProgress'>,
    onProgress?: Progress,
  ): Promise<ExtractResult> {
    return extractPalette(image, paints, { ...options, onProgress });
  },
};

export type ExtractApi = typeof api;

expose(api);
