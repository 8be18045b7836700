import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const SESSION_COOKIE = 'swatchbook_session';

export const isHttps = (c: Context, publicOrigin: string) =>
  publicOrigin.startsWith('https:') || new URL(c.req.url).protocol === 'https:';

export const readSessionCookie = (c: Context) => getCookie(c, SESSION_COOKIE);

/** HttpOnly so scripts never see it, SameSite=Lax against cross-site posts, Secure under HTTPS. */
export function writeSessionCookie(c: Context, publicOrigin: string, token: string, expiresAt: number, now: number) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, publicOrigin),
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt - now) / 1000)),
  });
}

export function clearSessionCookie(c: Context, publicOrigin: string) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c, publicOrigin), httpOnly: true, sameSite: 'Lax' });
}

export function writeShortCookie(c: Context, publicOrigin: string, name: string, value: string, path: string) {
  setCookie(c, name, value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, publicOrigin),
    path,
    maxAge: 600,
  });
}
