/**
 * Ordered schema migrations. Append new ones; never edit one that has shipped, since self-hosted
 * databases have already run it.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'meta',
    sql: `CREATE TABLE app_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`,
  },
];
