import type { Catalogue } from '../../shared/catalogue/catalogue';
import type { FirstPaint } from '../../shared/session/first-paint';
import type { Accounts } from '../auth/account-queries';
import type { UserRow } from '../auth/user-queries';
import type { GoogleConfig } from '../auth/google';
import type { Mailer } from '../auth/mailer';
import type { AuthLimits, RateLimitConfig } from '../auth/rate-limit';
import type { TwoFactor } from '../auth/two-factor';
import type { EventStore } from '../events/event-store';
import type { PaletteCommands } from '../palettes/palette-commands';
import type { PaletteQueries } from '../palettes/palette-queries';
import type { Sql } from '../db/sql';
import type { UserCaps } from '../palettes/user-caps';

// The context every route and middleware sees; its own module so that routes never import the app.

export interface AppConfig {
  /** Public origin, e.g. https://swatchbook.example; used for links in mails and OAuth redirects. */
  publicOrigin: string;
  auth: {
    google: GoogleConfig | null;
    /**
     * Attempts per 10 minutes: 100 per address, 10 failed sign-ins per (account, address), 50 failed
     * sign-ins per account from anywhere (past it only a device that signed in before may try), 10
     * mails per address asked for; and 120 palette writes per user per minute.
     */
    rateLimits?: RateLimitConfig;
  };
  /**
   * How many proxies of ours stand in front (`TRUST_PROXY`): the client address is the entry that
   * many from the right of X-Forwarded-For. 0 or unset: the socket's address.
   */
  trustProxy?: number;
  /** Per-account ceilings (defaults: 1 000 palettes, 1 000 versions per palette). */
  caps?: Partial<UserCaps>;
}

export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

export const silentLogger: Logger = { info() {}, error() {} };

/**
 * React's server render of the app (dist/ssr/entry-server.js), from the state given; `next`, the
 * same after the Generate a tap at first paint makes, where the page can show one (or null).
 */
export type PageRenderer = (catalogue: Catalogue, paint: FirstPaint) => { markup: string; next: string | null };

/** Everything the app needs from the outside, so tests inject a fresh store (either engine) and a fixed clock. */
export interface AppDeps {
  /** The store: SQLite or PostgreSQL, chosen at start-up (db/open-store.ts). */
  sql: Sql;
  catalogue: Catalogue;
  config: AppConfig;
  now: () => Date;
  logger: Logger;
  /** Folder of the built SPA; omitted in API-only tests. */
  distDir?: string;
  /** Sends confirmation mails when SMTP is configured; without it links are logged and accounts work at once. */
  mailer?: Mailer | null;
  /** Renders the first screen into the pages; without it they are the client-only shell. */
  render?: PageRenderer | null;
}

/** Built once per app from the deps: the event store, the palette slice and the accounts. */
export interface AppServices {
  store: EventStore;
  palettes: PaletteCommands;
  paletteQueries: PaletteQueries;
  /** Part of a share's ETag: the stored share bodies hold the catalogue's colours. */
  shareTag: string;
  accounts: Accounts;
  twoFactor: TwoFactor;
  limits: AuthLimits;
}

/** The security headers of this answer, still to be set unless a route took them (http/security-headers.ts). */
interface SecurityHeaderSet {
  readonly headers: Readonly<Record<string, string>>;
  taken: boolean;
}

export type AppEnv = {
  Variables: { deps: AppDeps; services: AppServices; user: UserRow | null; securityHeaders?: SecurityHeaderSet };
};
