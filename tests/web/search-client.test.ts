import { beforeEach, describe, expect, it } from 'vitest';
import { createSearchClient, isAbortError } from '../../web/features/search/search-client';
import { deltaELabel, purchaseHref, showingLabel } from '../../web/features/search/search-format';
import { openPurchase } from '../../web/features/search/color-actions';
import { toastState } from '../../web/stores/toast-store';
import { loadRealCatalogue } from './catalogue-fixture';

const catalogue = loadRealCatalogue();
const client = () => createSearchClient({ catalogueUrl: '/unused.json', loadColors: async () => catalogue.colors });

describe('search client without workers (the main-thread fallback)', () => {
  it('answers from the same pure index as the worker', async () => {
    const c = client();
    expect(await c.warm()).toBe('main-thread');
    const result = await c.search({ text: 'hauge blue' });
    expect(result.ids[0]).toBe('farrow-ball-hague-blue');
    const lick = await c.search({ text: '', brand: 'Lick' });
    expect(lick.ids).toHaveLength(99);
  });

  it('a newer query aborts the one before it; only the last answer arrives', async () => {
    const c = client();
    const typed = ['h', 'ha', 'hag', 'hagu', 'hague'];
    const settled = await Promise.allSettled(typed.map((text) => c.search({ text })));
    for (const s of settled.slice(0, -1)) {
      expect(s.status).toBe('rejected');
      expect(isAbortError((s as PromiseRejectedResult).reason)).toBe(true);
    }
    const last = settled.at(-1) as PromiseFulfilledResult<{ ids: string[] }>;
    expect(last.status).toBe('fulfilled');
    expect(last.value.ids).toEqual(['farrow-ball-hague-blue']);
  });

  it('an aborted signal rejects its query', async () => {
    const c = client();
    const controller = new AbortController();
    const pending = c.search({ text: 'white' }, controller.signal);
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
  });

  it('finds the closest colours in the other brands', async () => {
    const groups = await client().closest('farrow-ball-hague-blue');
    expect(groups.map((g) => g.brand).sort()).toEqual(['Lick', 'Little Greene']);
  });
});

describe('search wording', () => {
  it("says 'color' for one and 'colors' otherwise", () => {
    expect(showingLabel(1)).toBe('Showing 1 color');
    expect(showingLabel(0)).toBe('Showing 0 colors');
    expect(showingLabel(447)).toBe('Showing 447 colors');
  });

  it('describes ΔE in words up to 5, as a number beyond', () => {
    expect(deltaELabel(0.4)).toBe('near-identical');
    expect(deltaELabel(2)).toBe('near-identical');
    expect(deltaELabel(2.01)).toBe('close');
    expect(deltaELabel(5)).toBe('close');
    expect(deltaELabel(7.345)).toBe('ΔE 7.3');
  });
});

describe('buy links', () => {
  beforeEach(() => {
    toastState.toasts = [];
  });

  it('are used only when they start with http', () => {
    expect(purchaseHref('https://www.lick.com/uk/product/blue-07')).toBe('https://www.lick.com/uk/product/blue-07');
    expect(purchaseHref('http://example.com/x')).toBe('http://example.com/x');
    expect(purchaseHref('javascript:alert(1)')).toBeNull();
    expect(purchaseHref('www.lick.com')).toBeNull();
    expect(purchaseHref('')).toBeNull();
  });

  it("say 'Purchase link not available' otherwise", () => {
    openPurchase('javascript:alert(1)');
    expect(toastState.toasts.map((t) => t.message)).toEqual(['Purchase link not available']);
  });
});
