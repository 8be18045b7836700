import { expose } from 'comlink';
import { PNG_HEIGHT, PNG_WIDTH, type PngInput, paintPng } from './png-layout';

const api = {
  /** Draws the palette card on an OffscreenCanvas and encodes it, all off the main thread. */
  async renderPng(input: PngInput): Promise<Blob> {
    if (typeof OffscreenCanvas === 'undefined') throw new Error('OffscreenCanvas is not available in this worker');
    const canvas = new OffscreenCanvas(PNG_WIDTH, PNG_HEIGHT);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D context on OffscreenCanvas');
    paintPng(ctx, input);
    return canvas.convertToBlob({ type: 'image/png' });
  },
};

export type RenderApi = typeof api;

expose(api);
