/** A seeded generator (mulberry32): the same image always gives the same palette. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Clustering {
  /** k × 3 centres, in the points' space. */
  centres: Float64Array;
  /** Total weight of the points in each cluster. */
  weights: Float64Array;
  /** Weighted sum of squared distances to the assigned centre (lower is tighter). */
  inertia: number;
}

const dist2 = (p: Float64Array, i: number, c: Float64Array, j: number) => {
  const d0 = (p[i * 3] as number) - (c[j * 3] as number);
  const d1 = (p[i * 3 + 1] as number) - (c[j * 3 + 1] as number);
  const d2 = (p[i * 3 + 2] as number) - (c[j * 3 + 2] as number);
  return d0 * d0 + d1 * d1 + d2 * d2;
};

function pickWeighted(scores: Float64Array, total: number, random: () => number): number {
  let target = random() * total;
  for (let i = 0; i < scores.length; i++) {
    target -= scores[i] as number;
    if (target <= 0 && (scores[i] as number) > 0) return i;
  }
  for (let i = scores.length - 1; i >= 0; i--) if ((scores[i] as number) > 0) return i;
  return 0;
}

/** k-means++ seeding (Arthur & Vassilvitskii 2007), weighted: stops early when every point is a centre. */
function seed(points: Float64Array, weights: Float64Array, k: number, random: () => number): Float64Array {
  const n = weights.length;
  const centres: number[] = [];
  const nearest = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const scores = new Float64Array(n);
  let total = weights.reduce((a, b) => a + b, 0);
  let chosen = pickWeighted(weights, total, random);
  for (let c = 0; c < k; c++) {
    centres.push(points[chosen * 3] as number, points[chosen * 3 + 1] as number, points[chosen * 3 + 2] as number);
    const last = Float64Array.of(...centres.slice(-3));
    total = 0;
    for (let i = 0; i < n; i++) {
      const d = dist2(points, i, last, 0);
      if (d < (nearest[i] as number)) nearest[i] = d;
      scores[i] = (weights[i] as number) * (nearest[i] as number);
      total += scores[i] as number;
    }
    if (total <= 0) break;
    chosen = pickWeighted(scores, total, random);
  }
  return Float64Array.from(centres);
}

/** Lloyd's iterations from one seeding, until no point changes cluster or `maxIterations` runs. */
function lloyd(points: Float64Array, weights: Float64Array, centres: Float64Array, maxIterations: number): Clustering {
  const n = weights.length;
  const k = centres.length / 3;
  const assignment = new Int32Array(n).fill(-1);
  const sums = new Float64Array(k * 3);
  const clusterWeights = new Float64Array(k);
  let inertia = 0;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    let changed = false;
    inertia = 0;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let j = 0; j < k; j++) {
        const d = dist2(points, i, centres, j);
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      inertia += (weights[i] as number) * bestD;
      if (assignment[i] !== best) {
        assignment[i] = best;
        changed = true;
      }
    }
    if (!changed) break;
    sums.fill(0);
    clusterWeights.fill(0);
    for (let i = 0; i < n; i++) {
      const j = assignment[i] as number;
      const w = weights[i] as number;
      clusterWeights[j] = (clusterWeights[j] as number) + w;
      for (let d = 0; d < 3; d++) sums[j * 3 + d] = (sums[j * 3 + d] as number) + w * (points[i * 3 + d] as number);
    }
    for (let j = 0; j < k; j++) {
      const w = clusterWeights[j] as number;
      if (w > 0) for (let d = 0; d < 3; d++) centres[j * 3 + d] = (sums[j * 3 + d] as number) / w;
    }
  }
  const finalWeights = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const j = assignment[i] as number;
    finalWeights[j] = (finalWeights[j] as number) + (weights[i] as number);
  }
  return { centres, weights: finalWeights, inertia };
}

/**
 * Weighted k-means with k-means++ seeding: `points` is n × 3, `weights` n. Runs `restarts` seedings and
 * keeps the tightest, since one unlucky seed can merge two real colours.
 */
export function kmeans(
  points: Float64Array,
  weights: Float64Array,
  k: number,
  options: { random: () => number; restarts?: number; maxIterations?: number },
): Clustering {
  let best: Clustering | null = null;
  for (let r = 0; r < (options.restarts ?? 3); r++) {
    const centres = seed(points, weights, Math.min(k, weights.length), options.random);
    const result = lloyd(points, weights, centres, options.maxIterations ?? 12);
    if (!best || result.inertia < best.inertia) best = result;
  }
  return best ?? { centres: new Float64Array(), weights: new Float64Array(), inertia: 0 };
}
