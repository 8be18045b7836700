import { beforeEach, describe, expect, it } from 'vitest';
import { createSearchClient } from '../../../../web/stores/search-client';
import { isAbortError } from '../../../../web/lib/worker-bridge';
import { deltaELabel, purchaseHref, showingLabel } from '../../../../web/features/search/search-format';
import { openPurchase } from '../../../../web/features/search/color-commands';
import { toastState } from '../../../../web/stores/toast-store';
import { loadRealCatalogue } from '../../catalogue-fixture';

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

  it("once started, answers synchronously in the caller's task, with the Did you mean", async () => {
    const c = client();
    expect(c.searchNow({ text: 'hague' })).toBeNull(); // nothing in hand yet: the caller must wait
    await c.warm();
    expect(c.searchNow({ text: 'hague' })?.ids[0]).toBe('farrow-ball-hague-blue');
    expect(c.searchNow({ text: 'hgaeu blue' })).toMatchObject({ ids: [], suggestion: 'Hague Blue' });
    // It supersedes a query still in flight.
    const pending = c.search({ text: 'white' });
    c.searchNow({ text: 'blue' });
    await expect(pending).rejects.toSatisfy(isAbortError);
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
    expect(showingLabel(1)).toBe('Showing 1 colour');
    expect(showingLabel(0)).toBe('Showing 0 colours');
    expect(showingLabel(447)).toBe('Showing 447 colours');
  });

  it('describes ΔE in words only, by what a CIEDE2000 difference looks like', () => {
    expect(deltaELabel(0.4)).toBe('same to the eye');
    expect(deltaELabel(1)).toBe('very close');
    expect(deltaELabel(1.99)).toBe('very close');
    expect(deltaELabel(2)).toBe('close');
    expect(deltaELabel(4.99)).toBe('close');
    expect(deltaELabel(5.1)).toBe('similar');
    expect(deltaELabel(9.9)).toBe('similar');
    expect(deltaELabel(12)).toBe('different');
    for (const d of [0.4, 1.5, 3, 5.1, 7.345, 12, 30]) expect(deltaELabel(d)).not.toMatch(/\d|ΔE/);
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
