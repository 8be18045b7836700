import { describe, expect, it } from 'vitest';
import type { RegionGraph } from '../../workers/room-graph';
import { competeFrom } from '../../workers/room-compete';
import { DEFAULT_LIMITS } from '../../workers/room-grow';
import { type GraphNode, superpixelGraph } from './room-fixtures';

/** A chain of superpixels, each touching the next, with no image edge between them. */
const chain = (nodes: readonly GraphNode[]): RegionGraph =>
  superpixelGraph(
    nodes.map((node, k) => ({ ...node, at: [k * 8, 0] as [number, number] })),
    nodes.slice(1).map((_, k) => [k, k + 1] as [number, number]),
  );

const grow = (g: RegionGraph) => {
  const into = new Uint8Array(g.count);
  competeFrom(g, 0, into, DEFAULT_LIMITS);
  return Array.from(into);
};

const WALL: [number, number] = [0.5, 6];

describe('the marker flood at straight lines', () => {
  it('turns an upright corner onto more wall of the same paint in another light', () => {
    const g = chain([
      { l: 80, chroma: WALL },
      { l: 78, chroma: WALL },
      { l: 74, chroma: WALL, line: 'upright' },
      { l: 66, chroma: WALL },
      { l: 64, chroma: WALL },
    ]);
    expect(grow(g)).toEqual([1, 1, 1, 1, 1]);
  });

  it('stops at an upright corner onto another paint, and at a level line (the ceiling)', () => {
    const other = chain([
      { l: 80, chroma: WALL },
      { l: 74, chroma: WALL, line: 'upright' },
      { l: 80, chroma: [0.2, 1] },
    ]);
    expect(grow(other)).toEqual([1, 1, 0]);
    const ceiling = chain([
      { l: 80, chroma: WALL },
      { l: 76, chroma: WALL, line: 'level' },
      { l: 60, chroma: WALL },
    ]);
    expect(grow(ceiling)).toEqual([1, 1, 0]);
  });

  it('holds a wall it turned onto to the tolerance of the corner it came over: its light keeps one colour', () => {
    const drifted: [number, number] = [WALL[0], WALL[1] + 2.5];
    const straight = chain([
      { l: 80, chroma: WALL },
      { l: 78, chroma: drifted },
    ]);
    expect(grow(straight)).toEqual([1, 1]);
    const turned = chain([
      { l: 80, chroma: WALL },
      { l: 78, chroma: WALL },
      { l: 74, chroma: WALL, line: 'upright' },
      { l: 66, chroma: WALL },
      { l: 64, chroma: drifted },
    ]);
    expect(grow(turned)).toEqual([1, 1, 1, 1, 0]);
  });

  it('does not turn onto a door of the wall colour: the wall it came from lies over the door head', () => {
    // wall above, the door's head (a level line) over the door, the door's side an upright line
    const door = grow(
      room([
        ['wall', 'wall', 'wall', 'wall'],
        ['wall', 'head', 'head', 'head'],
        ['wall', 'side', 'next', 'next'],
      ]),
    );
    expect([door[10], door[11]]).toEqual([0, 0]);
    // the same corner under a ceiling of a cool white: another wall, turned onto
    const corner = grow(
      room([
        ['wall', 'wall', 'ceiling', 'ceiling'],
        ['wall', 'head', 'head', 'head'],
        ['wall', 'side', 'next', 'next'],
      ]),
    );
    expect([corner[10], corner[11]]).toEqual([1, 1]);
  });

  it('keeps a wall it turned onto where the wall it came from leaked over a little of its ceiling line', () => {
    const g = room([
      ['wall', 'wall', 'wall', 'wall', 'ceiling', 'ceiling', 'ceiling', 'ceiling', 'ceiling', 'ceiling'],
      ['wall', 'head', 'head', 'head', 'head', 'head', 'head', 'head', 'head', 'head'],
      ['wall', 'side', 'next', 'next', 'next', 'next', 'next', 'next', 'next', 'next'],
    ]);
    expect(grow(g).slice(22)).toEqual(new Array(8).fill(1));
  });
});

type Kind = 'wall' | 'ceiling' | 'head' | 'side' | 'next';

/** A grid of superpixels 8 px apart, each touching those beside, above and below it. */
function room(rows: Kind[][]): RegionGraph {
  const columns = rows[0]?.length ?? 0;
  const pairs: Array<[number, number]> = [];
  for (let y = 0; y < rows.length; y++) {
    for (let x = 0; x < columns; x++) {
      if (x < columns - 1) pairs.push([y * columns + x, y * columns + x + 1]);
      if (y < rows.length - 1) pairs.push([y * columns + x, (y + 1) * columns + x]);
    }
  }
  const node = (kind: Kind): GraphNode => {
    if (kind === 'ceiling') return { l: 90, chroma: [3, -4] };
    if (kind === 'head') return { l: 76, chroma: WALL, line: 'level' };
    if (kind === 'side') return { l: 72, chroma: WALL, line: 'upright' };
    return { l: kind === 'next' ? 70 : 80, chroma: WALL };
  };
  return superpixelGraph(
    rows.flatMap((row, y) => row.map((kind, x) => ({ ...node(kind), at: [x * 8, y * 8] as [number, number] }))),
    pairs,
  );
}
