import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance, textColorOn } from '../../../shared/color/contrast';
import { rgbToLab, rgbToOklab } from '../../../shared/color/spaces';

describe('WCAG contrast', () => {
  it('gives the WCAG extremes for black and white', () => {
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(21, 5);
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1, 6);
  });

  it('matches the WCAG worked value for #777777 on white (4.48:1)', () => {
    expect(contrastRatio({ r: 0x77, g: 0x77, b: 0x77 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(4.48, 2);
  });

  it('puts white text on dark paint and black text on light paint', () => {
    expect(textColorOn({ r: 0x3d, g: 0x4e, b: 0x57 })).toBe('#FFFFFF'); // Hague Blue
    expect(textColorOn({ r: 0xfb, g: 0xf8, b: 0xf4 })).toBe('#000000'); // All White
  });

  it('always reaches at least 4.5:1 with the chosen text colour', () => {
    for (let v = 0; v <= 255; v += 5) {
      const bg = { r: v, g: (v * 7) % 256, b: 255 - v };
      const text = textColorOn(bg) === '#000000' ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
      expect(contrastRatio(bg, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('colour spaces', () => {
  it('converts sRGB white to CIELAB L=100 a=b=0 under D65', () => {
    const lab = rgbToLab({ r: 255, g: 255, b: 255 });
    expect(lab.l).toBeCloseTo(100, 3);
    expect(lab.a).toBeCloseTo(0, 3);
    expect(lab.b).toBeCloseTo(0, 3);
  });

  it('matches a published CIELAB value for pure sRGB red (53.24, 80.09, 67.20)', () => {
    const lab = rgbToLab({ r: 255, g: 0, b: 0 });
    expect(lab.l).toBeCloseTo(53.24, 1);
    expect(lab.a).toBeCloseTo(80.09, 1);
    expect(lab.b).toBeCloseTo(67.2, 1);
  });

  it('matches the OKLab reference for sRGB red (0.628, 0.225, 0.126)', () => {
    const ok = rgbToOklab({ r: 255, g: 0, b: 0 });
    expect(ok.l).toBeCloseTo(0.628, 3);
    expect(ok.a).toBeCloseTo(0.225, 3);
    expect(ok.b).toBeCloseTo(0.126, 3);
  });
});
