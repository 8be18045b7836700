import { describe, expect, it } from 'vitest';
import { PNG_WIDTH } from '../../workers/png-layout';
import { captionBand } from '../../workers/room-caption';

describe('captionBand', () => {
  it('lays the card out at least as wide as the PNG export and scales it to span the picture', () => {
    for (const [width, height] of [
      [1024, 768],
      [768, 1024],
      [1633, 1225],
      [400, 300],
    ] as const) {
      const { scale, layoutWidth, band } = captionBand(width, height);
      expect(layoutWidth).toBeGreaterThanOrEqual(PNG_WIDTH - 1);
      expect(Math.abs(layoutWidth * scale - width)).toBeLessThan(1);
      expect(band).toBeGreaterThan(0);
      expect(band).toBeLessThanOrEqual(Math.ceil((height * 2) / 3));
    }
  });

  it('gives a panorama a wider card, not a band taller than the picture', () => {
    const { layoutWidth, band } = captionBand(3873, 516);
    expect(band).toBeLessThanOrEqual(344);
    expect(layoutWidth).toBeGreaterThan(PNG_WIDTH * 2);
  });
});
