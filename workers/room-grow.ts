/**
 * The units a border between two superpixels is measured in. A wall darkens with distance from
 * the light and under shadows, so neighbours may differ in lightness more than in chromaticity;
 * what marks a border is an image edge or a change of colour. A border at exactly one of these
 * limits costs 1 (`borderCost` in `room-compete.ts`).
 */
export interface GrowLimits {
  /** Border edge strength, as a multiple of the picture's noise. */
  edgeOverNoise: number;
  /** …but never below this many ΔE per pixel (a clean synthetic picture has no noise at all). */
  edgeFloor: number;
  /** Step (ΔE) between neighbours' mean colours beyond their ramp of light. */
  step: number;
  /** Chromaticity step between neighbours. */
  chromaStep: number;
  /** Chromaticity distance from the tapped superpixel that a surface's own light can make. */
  chromaDrift: number;
  /** L* step between neighbours. */
  lightnessStep: number;
}

export const DEFAULT_LIMITS: GrowLimits = {
  edgeOverNoise: 4,
  edgeFloor: 1.2,
  step: 2,
  chromaStep: 3,
  chromaDrift: 8,
  lightnessStep: 6,
};

/** The edge strength (ΔE per pixel) that marks a border in picture `g`, with its noise: `limits`' own measure. */
export const edgeLimitOf = (g: { edgeNoise: number }, limits: GrowLimits = DEFAULT_LIMITS): number =>
  Math.max(limits.edgeFloor, limits.edgeOverNoise * g.edgeNoise);
