import type { Sql } from '../db/sql';
import { deviceQueries } from './device-queries';
import { linkQueries } from './link-queries';
import { pendingSignInQueries } from './pending-sign-in-queries';
import { sessionQueries } from './session-queries';
import { userQueries } from './user-queries';

export type { UserRow } from './user-queries';

export type Accounts = ReturnType<typeof accounts>;

/**
 * Users, identities, sessions, mailed links, waiting sign-ins and device marks: plain tables, not
 * event sourced. One object for the routes, put together from each resource's queries.
 */
export function accounts(sql: Sql, now: () => Date) {
  return {
    ...userQueries(sql, now),
    ...sessionQueries(sql, now),
    ...linkQueries(sql, now),
    ...pendingSignInQueries(sql, now),
    ...deviceQueries(sql, now),
  };
}
