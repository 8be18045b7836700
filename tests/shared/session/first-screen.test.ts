import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../server/catalogue-file';
import type { FirstPaint } from '../../../shared/session/first-paint';
import { firstScreenPaints } from '../../../shared/session/first-screen';

const catalogue = loadCatalogue();
const onScreen = catalogue.colors.slice(0, 5).map((c) => c.id);
const paint: FirstPaint = {
  colorIds: onScreen,
  locked: onScreen.map(() => false),
  searchTerm: '',
  brand: null,
  category: null,
  lightness: null,
  undertone: null,
  style: 'Random',
  source: 'random',
  dark: null,
  share: null,
  own: null,
};

describe("the first screen's paints", () => {
  it('carry the paints on screen and, drawn at random, a palette’s worth more for an early Generate', () => {
    const sent = firstScreenPaints(catalogue, paint, Math.random);
    const next = sent.next?.ids ?? [];
    expect(next).toHaveLength(10);
    expect(new Set(next).size).toBe(10);
    for (const id of next) {
      expect(onScreen).not.toContain(id);
      // Each drawn paint travels with every field its strip shows.
      expect(sent.colors[id]).toEqual(catalogue.byId.get(id));
    }
    for (const id of onScreen) expect(sent.colors[id]).toEqual(catalogue.byId.get(id));
    expect(sent.next).toMatchObject({ brand: null, category: null });
  });

  it('draw from the supplier and category chosen, and say which they were drawn for', () => {
    const sent = firstScreenPaints(catalogue, { ...paint, brand: 'Lick', category: 'Blues' }, Math.random);
    expect(sent.next).toMatchObject({ brand: 'Lick', category: 'Blues' });
    for (const id of sent.next?.ids ?? []) {
      expect(catalogue.byId.get(id)).toMatchObject({ brand: 'Lick', category: 'Blues' });
    }
    const few = catalogue.colors.filter((c) => c.brand === 'Lick' && c.category === 'Navy').map((c) => c.id);
    const navy = firstScreenPaints(catalogue, { ...paint, brand: 'Lick', category: 'Navy' }, Math.random);
    expect([...(navy.next?.ids ?? [])].sort()).toEqual(few.filter((id) => !onScreen.includes(id)).sort());
  });

  it('draw every paint as likely as any other', () => {
    const times = new Map<string, number>();
    const runs = 5000;
    for (let run = 0; run < runs; run++) {
      for (const id of firstScreenPaints(catalogue, paint, Math.random).next?.ids ?? []) {
        times.set(id, (times.get(id) ?? 0) + 1);
      }
    }
    // 10 of 442 per draw: about 113 each (5 standard deviations either side allowed); a skewed shuffle (e.g. always the first paints) is far off.
    const expected = (runs * 10) / (catalogue.colors.length - onScreen.length);
    expect(times.size).toBe(catalogue.colors.length - onScreen.length);
    for (const count of times.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.5);
  });

  it('carry none on a shared page (a cache may hold it for everyone) or for a palette style', () => {
    const share = { ...paint, source: 'share' as const, share: { id: 'abc', name: 'Hall' } };
    expect(firstScreenPaints(catalogue, share, Math.random).next).toBeUndefined();
    expect(firstScreenPaints(catalogue, { ...paint, style: 'Analogous' }, Math.random).next).toBeUndefined();
    expect(Object.keys(firstScreenPaints(catalogue, paint).colors).sort()).toEqual([...onScreen].sort());
  });
});
