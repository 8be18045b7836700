import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The caller's address. Behind `trustedHops` proxies of ours, each appended the address it saw to
 * X-Forwarded-For, so the client is the entry `trustedHops` from the right: everything left of it
 * was written by the client and proves nothing. Without trusted proxies, the socket's address.
 */
export function clientIp(c: Context, trustedHops: number): string {
  if (trustedHops <= 0) return socketAddress(c);
  const entries = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length < trustedHops) return socketAddress(c);
  return entries[entries.length - trustedHops]!;
}

/** `TRUST_PROXY`: a number of hops; `true` means one (the old boolean), anything else none. */
export function parseTrustProxy(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  return Number.isInteger(hops) && hops >= 0 && hops <= 10 ? hops : 0;
}
