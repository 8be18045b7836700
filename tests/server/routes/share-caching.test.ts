import { describe, expect, it } from 'vitest';
import type { ApiPalette } from '../../../shared/api/palettes';
import { PALETTE_COOKIE } from '../../../shared/session/first-paint';
import { renderApp } from '../../../web/entry-server';
import { call, colorIds, fakeBuild, makeSharedPalette } from '../helpers';

/** A signed-in owner with one public palette. */
async function sharedPalette() {
  return makeSharedPalette({ distDir: fakeBuild(), render: renderApp });
}

const isStrong = (etag: string | null) => etag !== null && /^"[^"]+"$/.test(etag);

describe('share reads a CDN can hold', () => {
  it('answers the public palette with a strong ETag, a short public cache life and no cookie, even to a signed-in reader', async () => {
    const { app, owner, shareId } = await sharedPalette();
    const res = await call(app, 'GET', `/api/shares/${shareId}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(isStrong(res.headers.get('etag'))).toBe(true);
    expect(res.headers.getSetCookie()).toEqual([]);
    const body = (await res.json()) as ApiPalette;
    expect(body).toMatchObject({ name: 'Hall', isPublic: true, shareId, version: 2 });
    expect(body.colors.map((c) => c.id)).toEqual(colorIds(3));
  });

  it('answers 304 with no body to a reader whose copy is current, in either spelling of the tag', async () => {
    const { app, shareId } = await sharedPalette();
    const etag = (await call(app, 'GET', `/api/shares/${shareId}`)).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`]) {
      const res = await call(app, 'GET', `/api/shares/${shareId}`, { headers: { 'if-none-match': header } });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
    }
  });

  it('gives a changed palette a new tag, so an old copy gets the new body', async () => {
    const { app, owner, palette, shareId } = await sharedPalette();
    const before = (await call(app, 'GET', `/api/shares/${shareId}`)).headers.get('etag')!;
    await call(app, 'PATCH', `/api/palettes/${palette.id}`, {
      cookie: owner.cookie,
      headers: { 'if-match': 'W/"2"' },
      body: { name: 'Landing' },
    });
    const res = await call(app, 'GET', `/api/shares/${shareId}`, { headers: { 'if-none-match': before } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(before);
    expect(((await res.json()) as ApiPalette).name).toBe('Landing');
  });

  it('says at once that a palette made private or deleted is gone, whatever the reader holds, and lets nobody keep that', async () => {
    for (const end of ['private', 'deleted'] as const) {
      const { app, owner, palette, shareId } = await sharedPalette();
      const etag = (await call(app, 'GET', `/api/shares/${shareId}`)).headers.get('etag')!;
      if (end === 'private') {
        await call(app, 'PUT', `/api/palettes/${palette.id}/sharing`, {
          cookie: owner.cookie,
          body: { public: false },
        });
      } else {
        await call(app, 'DELETE', `/api/palettes/${palette.id}`, { cookie: owner.cookie });
      }
      for (const page of [`/api/shares/${shareId}`, `/share/${shareId}`, `/share/${shareId}/preview.png`]) {
        const res = await call(app, 'GET', page, { headers: { 'if-none-match': etag } });
        expect(res.status, `${end} ${page}`).toBe(404);
        if (page.startsWith('/api')) expect(res.headers.get('cache-control')).toBe('no-store');
        else expect(res.headers.get('cache-control')).toMatch(/no-store|no-cache/);
      }
    }
  });

  it('lets a CDN hold the share page and its preview for visitors without cookies, and keeps a visitor with their own palette private', async () => {
    const { app, shareId } = await sharedPalette();
    const page = await app.request(`/share/${shareId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const etag = page.headers.get('etag')!;
    expect(isStrong(etag)).toBe(true);
    expect(await page.text()).toContain('Hall');
    const again = await app.request(`/share/${shareId}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A cache that keeps the 304's headers must still know the page differs by cookie and encoding.
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    expect(again.headers.get('vary')).toBe(page.headers.get('vary'));
    const zipped = await app.request(`/share/${shareId}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const zippedAgain = await app.request(`/share/${shareId}`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers.get('etag')! },
    });
    expect(zippedAgain.status).toBe(304);
    expect(zippedAgain.headers.get('vary')).toBe(zipped.headers.get('vary'));

    // Their own palette is in the page they get: only their browser may keep it, under another tag.
    const own = encodeURIComponent(JSON.stringify({ colorIds: colorIds(4, 10), locked: [false, false, false, false] }));
    const personal = await app.request(`/share/${shareId}`, { headers: { cookie: `${PALETTE_COOKIE}=${own}` } });
    expect(personal.status).toBe(200);
    expect(personal.headers.get('cache-control')).toBe('private, no-cache');
    expect(personal.headers.get('etag')).not.toBe(etag);
    const notTheirs = await app.request(`/share/${shareId}`, {
      headers: { cookie: `${PALETTE_COOKIE}=${own}`, 'if-none-match': etag },
    });
    expect(notTheirs.status).toBe(200);

    const png = await app.request(`/share/${shareId}/preview.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    const pngAgain = await app.request(`/share/${shareId}/preview.png`, {
      headers: { 'if-none-match': png.headers.get('etag')! },
    });
    expect(pngAgain.status).toBe(304);

    // Every other page stays per visitor: asked for again each time, with no tag to hold.
    const home = await app.request('/');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(home.headers.get('etag')).toBeNull();
  });
});
