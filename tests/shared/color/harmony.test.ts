import { describe, expect, it } from 'vitest';
import { chromaOf, harmony, hueEffect, hueOf, paletteHarmony } from '../../../shared/color/harmony';

// Expected values worked by hand from the published formulas (shared/reference/ou-luo-2006-harmony.md),
// step by step below, not taken from the code under test.

describe('Ou–Luo two-colour harmony', () => {
  it('scores two identical mid greys (L 50) at 0.2514', () => {
    // ΔC = 0 → H_C = 0.04 + 0.53·tanh(0.8) = 0.04 + 0.53·0.664037 = 0.391939
    // H_Lsum = 0.28 + 0.54·tanh(−3.88 + 2.9) = 0.28 + 0.54·(−0.753066) = −0.126656 (tanh(−0.98))
    // H_ΔL = 0.14 + 0.15·tanh(−2) = 0.14 − 0.15·0.964028 = −0.004604
    // each grey: E_C = 0.5 + 0.5·tanh(−2) = 0.017986; h = 0: H_S = −0.08 − 0.14·sin 50° − 0.07·sin 90° = −0.257246;
    //   E_Y = (−0.18)·exp(9 − e⁹) ≈ 0 → H_SY = −0.004627, twice = −0.009254
    // CH = 0.391939 − 0.126656 − 0.004604 − 0.009254 = 0.25143
    expect(harmony({ l: 50, a: 0, b: 0 }, { l: 50, a: 0, b: 0 })).toBeCloseTo(0.25143, 3);
  });

  it('scores a light yellow against a dark blue at −0.0856', () => {
    // yellow L 80 a 0 b 60 (C 60, h 90°); blue L 30 a 0 b −40 (C 40, h 270°)
    // ΔC*ab = 20, ΔE² = 100², (ΔH)² = 10000 − 400 = 9600; ΔC = sqrt(9600 + (20/1.46)²) = 98.9326
    // H_C = 0.04 + 0.53·tanh(0.8 − 4.45197) = 0.04 − 0.53·0.998655 = −0.489287
    // H_Lsum = 0.28 + 0.54·tanh(−3.88 + 3.19) = 0.28 − 0.54·0.597982 = −0.042910 (tanh(−0.69))
    // H_ΔL = 0.14 + 0.15·tanh(8) = 0.29
    // yellow: E_C ≈ 1; H_S = −0.08 − 0.14·sin 140° − 0.07·sin 270° = −0.099990; E_Y = 0.48·e⁻¹ = 0.176582 → 0.076592
    // blue:   E_C ≈ 1; H_S = −0.08 − 0.14·sin 320° − 0.07·sin 630° = 0.079990; E_Y ≈ 0 → 0.079990
    // CH = −0.489287 − 0.042910 + 0.29 + 0.076592 + 0.079990 = −0.08562
    expect(harmony({ l: 80, a: 0, b: 60 }, { l: 30, a: 0, b: -40 })).toBeCloseTo(-0.0856, 3);
  });

  it('gives the hue effect of a single yellow and the hue angle and chroma it rests on', () => {
    expect(hueOf({ l: 80, a: 0, b: 60 })).toBeCloseTo(90, 9);
    expect(hueOf({ l: 30, a: 0, b: -40 })).toBeCloseTo(270, 9);
    expect(chromaOf({ l: 50, a: 3, b: 4 })).toBeCloseTo(5, 9);
    expect(hueEffect({ l: 80, a: 0, b: 60 })).toBeCloseTo(0.07659, 4);
  });

  it('is symmetric and a palette scores the mean of its pairs', () => {
    const x = { l: 80, a: 0, b: 60 };
    const y = { l: 30, a: 0, b: -40 };
    const g = { l: 50, a: 0, b: 0 };
    expect(harmony(x, y)).toBeCloseTo(harmony(y, x), 12);
    expect(paletteHarmony([x, y, g])).toBeCloseTo((harmony(x, y) + harmony(x, g) + harmony(y, g)) / 3, 12);
    expect(paletteHarmony([g, g])).toBeCloseTo(0.25143, 3);
  });
});
