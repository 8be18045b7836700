import { describe, expect, it } from 'vitest';
import { borderPixels } from '../../workers/room-border';
import { edgeMap } from '../../workers/room-edges';
import { buildGraph } from '../../workers/room-graph';

/**
 * Three superpixels side by side, each 8 px wide: the selected wall; a mixed one (a strip of wall,
 * then a dark post, then a strip of the wall's colour behind the post); and a piece of the wall's
 * own colour the selection left out. Colour alone cannot place the mixed one's wall strip: the
 * piece beyond is the same colour as the wall. What joins the wall is what touches it.
 */
const W = 24;
const H = 12;
const WALL: [number, number, number] = [80, 4, 12];
const POST: [number, number, number] = [30, 2, 6];
/** The mixed superpixel's columns: wall 8–10, post 11–13, the wall's colour behind the post 14–15. */
const paintAt = (x: number): [number, number, number] => (x >= 11 && x <= 13 ? POST : WALL);

function picture() {
  const lab = new Float32Array(W * H * 3);
  const labels = new Int32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      lab.set(paintAt(x), p * 3);
      labels[p] = Math.floor(x / 8);
    }
  }
  const graph = buildGraph(lab, new Uint8Array(W * H), W, { labels, count: 3 }, edgeMap(lab, W, H));
  return { lab, labels, graph };
}

describe('a mixed superpixel beside the selection', () => {
  it('joins the wall strip that touches the wall, not the post nor the same colour behind it', () => {
    const { lab, labels, graph } = picture();
    const selected = Uint8Array.from([1, 0, 0]);
    // the mixed superpixel has an edge inside; its neighbours are plain
    const edgeLimit = ((graph.inner[1] as number) + Math.max(graph.inner[0] as number, graph.inner[2] as number)) / 2;
    const mask = borderPixels(graph, labels, lab, selected, edgeLimit, W);
    const share = (x0: number, x1: number) => {
      let taken = 0;
      for (let y = 0; y < H; y++) for (let x = x0; x <= x1; x++) if ((mask[y * W + x] as number) >= 128) taken++;
      return taken / (H * (x1 - x0 + 1));
    };
    expect(share(0, 7)).toBe(1);
    expect(share(8, 10)).toBe(1);
    expect(share(11, 13)).toBe(0);
    expect(share(14, 15)).toBe(0);
    expect(share(16, 23)).toBe(0);
  });
});

describe('a mostly-wall superpixel beside the selection', () => {
  it('joins its wall pixels though its own mean, a blend, is nearer them than the lit wall', () => {
    // the selected wall in full light; then a superpixel of the wall in shade with a column of a
    // redder thing; then something dark. No superpixel here counts as having an edge inside.
    const paint = (x: number): [number, number, number] =>
      x < 8 ? [80, 4, 12] : x < 15 ? [72, 4 * (88 / 96), 12 * (88 / 96)] : x < 16 ? [72, 12, 12] : [30, 2, 4];
    const lab = new Float32Array(W * H * 3);
    const labels = new Int32Array(W * H);
    for (let p = 0; p < W * H; p++) {
      lab.set(paint(p % W), p * 3);
      labels[p] = Math.floor((p % W) / 8);
    }
    const graph = buildGraph(lab, new Uint8Array(W * H), W, { labels, count: 3 }, edgeMap(lab, W, H));
    const mask = borderPixels(graph, labels, lab, Uint8Array.from([1, 0, 0]), Number.POSITIVE_INFINITY, W);
    const taken = (x: number) => {
      let n = 0;
      for (let y = 0; y < H; y++) if ((mask[y * W + x] as number) >= 128) n++;
      return n / H;
    };
    for (let x = 8; x < 15; x++) expect(taken(x)).toBe(1);
    expect(taken(15)).toBe(0);
    expect(taken(16)).toBe(0);
  });
});
