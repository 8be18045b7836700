import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sayNotices } from '../../../web/app/notices';
import { signOut } from '../../../web/features/account/account-commands';
import type { ApiUser } from '../../../web/lib/api-client';
import {
  askForPasswordReset,
  changePassword,
  confirmEmailAddress,
  deleteAccount,
  disableTwoFactor,
  downloadAccountData,
  enableTwoFactor,
  handleArrival,
  resendConfirmation,
  resetPassword,
  resumeOffline,
  signInWithGoogle,
  signInWithPassword,
  signInWithSecondFactor,
  signOutEverywhere,
  signUpWithPassword,
} from '../../../web/stores/account-actions';
import { authState } from '../../../web/stores/auth-store';
import { forgetRemote, localRepository, setRepositories } from '../../../web/stores/saved-repository';
import { savedState } from '../../../web/stores/saved-store';
import { syncState } from '../../../web/stores/sync-store';
import { toastState } from '../../../web/stores/toast-store';
import { uiState } from '../../../web/stores/ui-store';
import { loadRealCatalogue } from '../catalogue-fixture';

// The account actions against the real stores, the real API client, the real repositories and the
// real outbox (IndexedDB by fake-indexeddb): only `fetch` (our server's answers) and the browser's
// window, address bar and storage are stood in.

type Reply = { status?: number; body?: unknown; html?: boolean };
type Handler = (body: Record<string, unknown>) => Reply;

const ana: ApiUser = {
  id: 'u1',
  email: 'ana@example.com',
  emailVerified: true,
  providers: ['password'],
  createdAt: '2026-01-01T09:00:00.000Z',
};

let colorIds: string[];
let routes: Record<string, Handler>;
let calls: { route: string; body: Record<string, unknown> }[];
let offline: boolean;
/** Who the server's session cookie belongs to. */
let sessionUser: ApiUser | null;
let serverPalettes: { id: string; name: string }[];
let address: URL;
let replaced: string[];
let assigned: string[];
let storage: Map<string, string>;
let downloads: { name: string; text: string }[];

/** The server's answer that starts (or, with null, ends) the session cookie. */
function session(user: ApiUser | null): Reply {
  sessionUser = user;
  return user ? { body: { user } } : { status: 204 };
}

const refuse = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

function apiPalette(p: { id: string; name: string }) {
  return {
    id: p.id,
    name: p.name,
    colors: colorIds.map((id) => ({ id })),
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    isPublic: false,
    shareId: null,
    version: 1,
  };
}

/** What the server answers when a test does not say otherwise. */
function defaultRoutes(): Record<string, Handler> {
  return {
    'GET /api/config': () => ({ body: { auth: { google: true, mail: true } } }),
    'GET /api/auth/session': () => ({ body: { user: sessionUser } }),
    'GET /api/palettes': () =>
      sessionUser
        ? { body: { palettes: serverPalettes.map(apiPalette) } }
        : refuse(401, 'unauthenticated', 'Sign in first.'),
    'POST /api/palettes/import': (body) => {
      const added = (body.palettes as { localId: string; name: string }[]).map((p) => ({
        id: `i${p.localId.replace(/[^a-z0-9]/g, '')}`.slice(0, 20),
        name: p.name,
      }));
      serverPalettes = [...serverPalettes, ...added];
      return { body: { palettes: added.map(apiPalette), created: added.length } };
    },
    'POST /api/auth/signin': (body) => {
      if (body.email === ana.email && body.password === 'correct horse') {
        sessionUser = ana;
        return { body: { user: ana } };
      }
      return refuse(401, 'invalid_credentials', 'Wrong email or password.');
    },
    'POST /api/auth/signout': () => {
      sessionUser = null;
      return { status: 204 };
    },
  };
}

function standInFetch() {
  return async (url: string, init: RequestInit = {}) => {
    if (offline) throw new TypeError('Failed to fetch');
    const route = `${init.method ?? 'GET'} ${url}`;
    const body = (init.body ? JSON.parse(String(init.body)) : {}) as Record<string, unknown>;
    calls.push({ route, body });
    const handler = routes[route];
    const reply = handler ? handler(body) : refuse(404, 'not_found', 'No such route.');
    if (reply.status === 204) return new Response(null, { status: 204 });
    if (reply.html) return new Response('<!doctype html><title>Not found</title>', { status: reply.status ?? 404 });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The address bar and history of a page opened at `url`. */
function visit(url: string): void {
  address = new URL(url, 'https://swatchbook.test');
  vi.stubGlobal('location', {
    get pathname() {
      return address.pathname;
    },
    get search() {
      return address.search;
    },
    get hash() {
      return address.hash;
    },
    get href() {
      return address.href;
    },
    assign: (to: string) => assigned.push(to),
  });
  vi.stubGlobal('history', {
    state: { kept: true },
    replaceState: (_state: unknown, _title: string, to: string) => {
      replaced.push(to);
      address = new URL(to, address);
    },
  });
}

// What happens unasked (the session ended, a sign-in link's error) is said by the app's notices;
// Sign out is called as the account menu calls it.
sayNotices();

const toasts = () => toastState.toasts.map((t) => t.message);
const shown = () => savedState.palettes.map((p) => p.name);
const routesCalled = () => calls.map((c) => c.route);
const outboxDatabases = async () =>
  (await indexedDB.databases()).map((d) => d.name).filter((name) => name?.startsWith('swatchbook-outbox'));

/** A palette kept on this device only (the real local repository). */
async function saveOnThisDevice(name: string): Promise<void> {
  const created = await localRepository().create(name, colorIds);
  expect(created.ok).toBe(true);
}

/** Ana signs in here while the server is reachable; her list is the server's. */
async function signInAna(): Promise<void> {
  expect(await signInWithPassword(ana.email, 'correct horse')).toEqual({ ok: true });
  expect(savedState.source).toBe('remote');
}

/** The tab closes: what lives in memory goes; IndexedDB and localStorage stay. */
function closeTab(): void {
  forgetRemote();
  authState.user = null;
  authState.backend = 'checking';
  savedState.source = 'local';
  savedState.palettes = [];
  savedState.loaded = false;
  syncState.status = 'idle';
}

beforeAll(() => {
  colorIds = loadRealCatalogue()
    .colors.slice(0, 3)
    .map((c) => c.id);
});

beforeEach(() => {
  routes = defaultRoutes();
  calls = [];
  offline = false;
  sessionUser = null;
  serverPalettes = [{ id: 's1', name: 'Kitchen' }];
  replaced = [];
  assigned = [];
  storage = new Map();
  downloads = [];
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('fetch', standInFetch());
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  visit('/');
  setRepositories({ local: null, remote: null });
  authState.user = null;
  authState.backend = 'available';
  authState.google = false;
  authState.mail = false;
  savedState.source = 'local';
  savedState.palettes = [];
  savedState.loadedFrom = null;
  syncState.status = 'idle';
  toastState.toasts = [];
  uiState.overlays = [];
});

afterEach(() => {
  forgetRemote();
  setRepositories({ local: null, remote: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing in with a password', () => {
  it('signs the person in and shows the server’s list in place of this device’s, uploaded', async () => {
    await saveOnThisDevice('Hallway');
    await signInAna();
    expect(authState.user?.email).toBe(ana.email);
    expect(calls.find((c) => c.route === 'POST /api/auth/signin')?.body).toEqual({
      email: ana.email,
      password: 'correct horse',
    });
    // This device's palette went up to the account and left the device; the list is the account's.
    expect(calls.find((c) => c.route === 'POST /api/palettes/import')?.body.palettes).toMatchObject([
      { name: 'Hallway' },
    ]);
    expect(shown().sort()).toEqual(['Hallway', 'Kitchen']);
    const onDevice = await localRepository().readAll();
    expect(onDevice.ok && onDevice.value.records).toEqual([]);
    expect(syncState.status).toBe('synced');
    expect(toasts()).toEqual([]);
  });

  it('a refused sign-in keeps the person signed out and hands back the server’s message and code', async () => {
    await saveOnThisDevice('Hallway');
    const outcome = await signInWithPassword(ana.email, 'wrong');
    expect(outcome).toEqual({ ok: false, message: 'Wrong email or password.', code: 'invalid_credentials' });
    expect(authState.user).toBeNull();
    expect(savedState.source).toBe('local');
    expect(routesCalled()).toEqual(['POST /api/auth/signin']);
    expect(toasts()).toEqual([]);
  });

  it('sends the authenticator code when there is one', async () => {
    routes['POST /api/auth/signin'] = (body) =>
      body.totp === '123456' ? session(ana) : refuse(401, 'totp_required', 'Code?');
    expect(await signInWithPassword(ana.email, 'correct horse')).toEqual({
      ok: false,
      message: 'Code?',
      code: 'totp_required',
    });
    expect(authState.user).toBeNull();
    expect(await signInWithPassword(ana.email, 'correct horse', '123456')).toEqual({ ok: true });
    expect(authState.user?.id).toBe(ana.id);
  });

  it('without a server (static host) says authentication is not configured and asks nothing more', async () => {
    routes['POST /api/auth/signin'] = () => ({ status: 404, html: true });
    expect(await signInWithPassword(ana.email, 'correct horse')).toEqual({
      ok: false,
      message: 'Authentication not configured',
    });
    authState.backend = 'unavailable';
    calls = [];
    expect(await signInWithPassword(ana.email, 'correct horse')).toEqual({
      ok: false,
      message: 'Authentication not configured',
    });
    expect(calls).toEqual([]);
    expect(authState.user).toBeNull();
  });

  it('with no connection says so, and the person stays signed out', async () => {
    offline = true;
    const outcome = await signInWithPassword(ana.email, 'correct horse');
    expect(outcome).toMatchObject({ ok: false, code: 'network' });
    expect(outcome.ok ? '' : outcome.message).toMatch(/connection/);
    expect(authState.user).toBeNull();
  });
});

describe('signing up', () => {
  it('with confirmation mail: the account waits for its link, nobody is signed in', async () => {
    routes['POST /api/auth/signup'] = () => ({ status: 201, body: { user: ana, confirmationRequired: true } });
    expect(await signUpWithPassword(ana.email, 'correct horse')).toEqual({ ok: true, signedIn: false });
    expect(authState.user).toBeNull();
    expect(routesCalled()).not.toContain('GET /api/auth/session');
  });

  it('without mail: the new account is signed in at once and its list is in use', async () => {
    routes['POST /api/auth/signup'] = () => {
      sessionUser = ana;
      return { status: 201, body: { user: ana, confirmationRequired: false } };
    };
    expect(await signUpWithPassword(ana.email, 'correct horse')).toEqual({ ok: true, signedIn: true });
    expect(authState.user?.id).toBe(ana.id);
    expect(savedState.source).toBe('remote');
    expect(shown()).toEqual(['Kitchen']);
  });

  it('an address already in use comes back with its code, so the modal can switch to sign-in', async () => {
    routes['POST /api/auth/signup'] = () => refuse(409, 'email_taken', 'An account with this email already exists.');
    expect(await signUpWithPassword(ana.email, 'correct horse')).toEqual({
      ok: false,
      message: 'An account with this email already exists.',
      code: 'email_taken',
    });
    expect(authState.user).toBeNull();
  });
});

describe('signing out', () => {
  it('signs the person out and the saved list becomes this device’s', async () => {
    await signInAna();
    await saveOnThisDevice('Attic');
    await signOut();
    expect(routesCalled()).toContain('POST /api/auth/signout');
    expect(authState.user).toBeNull();
    expect(savedState.source).toBe('local');
    await vi.waitFor(() => expect(shown()).toEqual(['Attic']));
    expect(toasts()).toEqual([]);
  });

  it('when the server does not answer, the person stays signed in and is told', async () => {
    await signInAna();
    offline = true;
    await signOut();
    expect(authState.user?.id).toBe(ana.id);
    expect(savedState.source).toBe('remote');
    expect(shown()).toEqual(['Kitchen']);
    expect(syncState.status).toBe('error');
    expect(toasts()).toEqual(['Failed to sign out']);
  });

  it('everywhere: every session ends, this one included, and the list is this device’s', async () => {
    routes['POST /api/auth/signout-everywhere'] = () => session(null);
    await signInAna();
    expect(await signOutEverywhere()).toEqual({ ok: true });
    expect(authState.user).toBeNull();
    expect(savedState.source).toBe('local');
    expect(shown()).toEqual([]);
  });

  it('everywhere, refused: the person stays signed in and gets the server’s message', async () => {
    routes['POST /api/auth/signout-everywhere'] = () => refuse(500, 'internal', 'Something went wrong.');
    await signInAna();
    expect(await signOutEverywhere()).toEqual({ ok: false, message: 'Something went wrong.', code: 'internal' });
    expect(authState.user?.id).toBe(ana.id);
    expect(savedState.source).toBe('remote');
  });

  it('a later start without signal does not resume a session that was signed out', async () => {
    await signInAna();
    await signOut();
    closeTab();
    offline = true;
    expect(await resumeOffline()).toBe(false);
    expect(authState.user).toBeNull();
  });
});

describe('a start without signal (resumeOffline)', () => {
  it('someone signed in here before carries on with the list the server last gave', async () => {
    await signInAna();
    closeTab();
    offline = true;
    expect(await resumeOffline()).toBe(true);
    expect(authState.user?.email).toBe(ana.email);
    expect(authState.backend).toBe('available');
    expect(savedState.source).toBe('remote');
    expect(shown()).toEqual(['Kitchen']);
  });

  it('nobody signed in here before: no resumption', async () => {
    offline = true;
    expect(await resumeOffline()).toBe(false);
    expect(authState.user).toBeNull();
    expect(savedState.source).toBe('local');
  });

  it('signed in before, but no list kept on this device: no resumption', async () => {
    await signInAna();
    closeTab();
    vi.stubGlobal('indexedDB', new IDBFactory());
    offline = true;
    expect(await resumeOffline()).toBe(false);
    expect(authState.user).toBeNull();
  });

  it('when the connection returns and the session has ended, this tab signs out and says so', async () => {
    await signInAna();
    closeTab();
    offline = true;
    expect(await resumeOffline()).toBe(true);
    sessionUser = null;
    offline = false;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(authState.user).toBeNull());
    expect(savedState.source).toBe('local');
    expect(toasts()).toEqual(['Your session has ended. Please sign in again.']);
  });

  it('when the connection returns and the session is still good, the list syncs as at sign-in', async () => {
    await signInAna();
    closeTab();
    offline = true;
    expect(await resumeOffline()).toBe(true);
    serverPalettes = [{ id: 's2', name: 'Study' }, ...serverPalettes];
    offline = false;
    calls = [];
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(syncState.status).toBe('synced'));
    expect(routesCalled()).toContain('GET /api/auth/session');
    expect(authState.user?.id).toBe(ana.id);
    expect(shown().sort()).toEqual(['Kitchen', 'Study']);
    expect(toasts()).toEqual([]);
  });
});

describe('arriving from a link (handleArrival)', () => {
  it('a confirmation link opens its page with the token', () => {
    visit('/confirm?token=abc123');
    handleArrival();
    expect(uiState.overlays).toEqual([{ name: 'account-link', params: { kind: 'confirm', token: 'abc123' } }]);
  });

  it('a reset link opens its page with the token', () => {
    visit('/reset-password?token=r3s3t');
    handleArrival();
    expect(uiState.overlays).toEqual([{ name: 'account-link', params: { kind: 'reset-password', token: 'r3s3t' } }]);
  });

  it('back from Google with the second-factor step: asks for the code and the step leaves the address', () => {
    visit('/?auth_step=second-factor&utm=x#about');
    handleArrival();
    expect(uiState.overlays).toEqual([{ name: 'auth', params: { mode: 'second-factor' } }]);
    expect(replaced).toEqual(['/?utm=x#about']);
    expect(address.search).toBe('?utm=x');
  });

  it('an unknown step is taken out of the address and opens nothing', () => {
    visit('/?auth_step=elsewhere');
    handleArrival();
    expect(uiState.overlays).toEqual([]);
    expect(replaced).toEqual(['/']);
  });

  it('back from Google with an error: its fixed text, and the error leaves the address', () => {
    visit('/?auth_error=google_email_unverified');
    handleArrival();
    expect(toasts()).toEqual(['Failed to sign in with Google: your Google email address is not verified.']);
    expect(toastState.toasts[0]?.tone).toBe('error');
    expect(replaced).toEqual(['/']);
  });

  it('an expired confirmation link says how to get a new one', () => {
    visit('/?auth_error=confirmation_invalid#x');
    handleArrival();
    expect(toasts()).toEqual(['This confirmation link is invalid or has expired. Sign in to get a new one.']);
    expect(replaced).toEqual(['/#x']);
  });

  it('an error code nobody knows never shows text from the link', () => {
    visit('/?auth_error=%3Cb%3EYou%20won%3C%2Fb%3E');
    handleArrival();
    expect(toasts()).toEqual(['Failed to sign in with Google']);
    expect(address.search).toBe('');
  });

  it('a plain visit opens nothing and leaves the address alone', () => {
    visit('/?palette=abc');
    handleArrival();
    expect(uiState.overlays).toEqual([]);
    expect(toasts()).toEqual([]);
    expect(replaced).toEqual([]);
  });
});

describe('Google and the second factor', () => {
  it('Google sign-in leaves for the server’s Google route', () => {
    signInWithGoogle();
    expect(assigned).toEqual(['/api/auth/google']);
  });

  it('a wrong code keeps the person signed out with the server’s message; the right one signs them in', async () => {
    routes['POST /api/auth/second-factor'] = (body) =>
      body.totp === '654321' ? session(ana) : refuse(401, 'invalid_totp', 'That code is not right.');
    expect(await signInWithSecondFactor('000000')).toEqual({
      ok: false,
      message: 'That code is not right.',
      code: 'invalid_totp',
    });
    expect(authState.user).toBeNull();
    expect(await signInWithSecondFactor('654321')).toEqual({ ok: true });
    expect(authState.user?.id).toBe(ana.id);
    expect(savedState.source).toBe('remote');
  });

  it('turning two-factor on shows the recovery codes and marks the account; off unmarks it', async () => {
    routes['POST /api/auth/totp/enable'] = () => ({ body: { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] } });
    routes['POST /api/auth/totp/disable'] = (body) =>
      body.password === 'correct horse' ? { status: 204 } : refuse(401, 'invalid_credentials', 'Wrong password.');
    await signInAna();
    expect(await enableTwoFactor('123456')).toEqual({ ok: true, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
    expect(authState.user?.totp).toBe(true);
    expect(await disableTwoFactor('wrong')).toEqual({
      ok: false,
      message: 'Wrong password.',
      code: 'invalid_credentials',
    });
    expect(authState.user?.totp).toBe(true);
    expect(await disableTwoFactor('correct horse')).toEqual({ ok: true });
    expect(authState.user?.totp).toBe(false);
  });
});

describe('password reset', () => {
  it('a new password from a reset link signs this browser in', async () => {
    routes['POST /api/auth/password-reset/confirm'] = (body) =>
      body.token === 't1' ? session(ana) : refuse(400, 'invalid_token', 'Expired.');
    expect(await resetPassword('old', 'new password!')).toEqual({
      ok: false,
      message: 'Expired.',
      code: 'invalid_token',
    });
    expect(authState.user).toBeNull();
    expect(await resetPassword('t1', 'new password!')).toEqual({ ok: true });
    expect(authState.user?.id).toBe(ana.id);
    expect(savedState.source).toBe('remote');
  });
});

describe('mail links and passwords', () => {
  it('asking for a reset link or a new confirmation link says who helps: the mail or an administrator', async () => {
    routes['POST /api/auth/password-reset'] = () => ({ status: 202, body: { delivery: 'administrator' } });
    routes['POST /api/auth/resend-confirmation'] = () => ({ status: 202, body: { delivery: 'mail' } });
    expect(await askForPasswordReset(ana.email)).toEqual({ ok: true, delivery: 'administrator' });
    expect(await resendConfirmation(ana.email)).toEqual({ ok: true });
    expect(calls.map((c) => [c.route, c.body.email])).toEqual([
      ['POST /api/auth/password-reset', ana.email],
      ['POST /api/auth/resend-confirmation', ana.email],
    ]);
  });

  it('confirming an address signs nobody in; an expired link gets the server’s message', async () => {
    routes['POST /api/auth/confirm'] = (body) =>
      body.token === 'good' ? { body: { email: ana.email } } : refuse(400, 'invalid_token', 'This link has expired.');
    expect(await confirmEmailAddress('stale', { password: 'correct horse' })).toEqual({
      ok: false,
      message: 'This link has expired.',
      code: 'invalid_token',
    });
    expect(await confirmEmailAddress('good', { password: 'correct horse' })).toEqual({ ok: true });
    expect(await confirmEmailAddress('good', { newPassword: 'moss green larder' })).toEqual({ ok: true });
    // The password goes with the link, the one or the other, never the link alone.
    expect(calls.filter((c) => c.route === 'POST /api/auth/confirm').map((c) => c.body)).toEqual([
      { token: 'stale', password: 'correct horse' },
      { token: 'good', password: 'correct horse' },
      { token: 'good', newPassword: 'moss green larder' },
    ]);
    expect(authState.user).toBeNull();
    expect(savedState.source).toBe('local');
  });

  it('a wrong current password leaves the person signed in with the server’s message', async () => {
    routes['POST /api/auth/password'] = (body) =>
      body.currentPassword === 'correct horse'
        ? { status: 204 }
        : refuse(401, 'invalid_credentials', 'Wrong password.');
    await signInAna();
    expect(await changePassword('nope', 'a new password')).toEqual({
      ok: false,
      message: 'Wrong password.',
      code: 'invalid_credentials',
    });
    expect(authState.user?.id).toBe(ana.id);
    expect(await changePassword('correct horse', 'a new password')).toEqual({ ok: true });
  });

  it('on a static host every account action says authentication is not configured, even without signal', async () => {
    authState.backend = 'unavailable';
    offline = true;
    expect(await askForPasswordReset(ana.email)).toEqual({ ok: false, message: 'Authentication not configured' });
    expect(await signInWithSecondFactor('123456')).toEqual({ ok: false, message: 'Authentication not configured' });
  });
});

describe('the account’s data', () => {
  it('downloads the export as a dated JSON file holding what the server sent', async () => {
    const exported = { user: { email: ana.email }, palettes: [{ id: 's1', versions: [] }] };
    routes['GET /api/account/export'] = () => ({ body: exported });
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.set(`blob:${blobs.size}`, blob as Blob);
      return `blob:${blobs.size - 1}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    vi.stubGlobal('document', {
      createElement: () => {
        const link = { href: '', download: '', click: () => clicked.push(link) };
        return link;
      },
    });
    await signInAna();
    expect(await downloadAccountData()).toEqual({ ok: true });
    for (const link of clicked) downloads.push({ name: link.download, text: await blobs.get(link.href)!.text() });
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toMatch(/^swatchbook-account-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(downloads[0]?.text ?? '')).toEqual(exported);
  });

  it('deleting with the wrong password keeps the account signed in with the server’s message', async () => {
    routes['DELETE /api/account'] = () => refuse(401, 'invalid_credentials', 'Wrong password.');
    await signInAna();
    expect(await deleteAccount('wrong')).toEqual({
      ok: false,
      message: 'Wrong password.',
      code: 'invalid_credentials',
    });
    expect(authState.user?.id).toBe(ana.id);
    expect(savedState.source).toBe('remote');
    expect(await outboxDatabases()).toEqual([`swatchbook-outbox:${ana.id}`]);
  });

  it('deleting signs out to this device’s list and the account’s outbox leaves the device', async () => {
    routes['DELETE /api/account'] = (body) =>
      body.password === 'correct horse' ? { status: 204 } : refuse(401, 'x', 'x');
    await signInAna();
    expect(await outboxDatabases()).toEqual([`swatchbook-outbox:${ana.id}`]);
    await saveOnThisDevice('Porch');
    expect(await deleteAccount('correct horse')).toEqual({ ok: true });
    expect(authState.user).toBeNull();
    expect(savedState.source).toBe('local');
    await vi.waitFor(() => expect(shown()).toEqual(['Porch']));
    await vi.waitFor(async () => expect(await outboxDatabases()).toEqual([]));
    // Nor can a start without signal bring the deleted account back.
    closeTab();
    offline = true;
    expect(await resumeOffline()).toBe(false);
  });
});
