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
  {
    version: 2,
    name: 'event store and palette projections',
    sql: `
CREATE TABLE events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  type TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  actor TEXT,
  time TEXT NOT NULL,
  UNIQUE (stream_id, version)
) STRICT;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused'); END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;

CREATE TABLE palettes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  colors TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  is_public INTEGER NOT NULL DEFAULT 0,
  share_id TEXT,
  version INTEGER NOT NULL
) STRICT;
CREATE INDEX palettes_by_user ON palettes (user_id, created_at DESC);

CREATE TABLE shares (
  share_id TEXT PRIMARY KEY,
  palette_id TEXT NOT NULL
) STRICT;`,
  },
  {
    version: 3,
    name: 'accounts and sessions',
    sql: `
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT,
  email_verified INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE identities (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (provider, subject)
) STRICT;
CREATE INDEX identities_by_user ON identities (user_id);
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE TABLE email_confirmations (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at INTEGER NOT NULL
) STRICT;`,
  },
  {
    version: 4,
    name: 'shares by palette',
    // The projection clears a palette's share on every write: without this each write scans all shares.
    sql: `CREATE INDEX shares_by_palette ON shares (palette_id);`,
  },
  {
    version: 5,
    name: 'account security: tied confirmations, resets, persistent limits, known devices, absolute session lifetime',
    sql: `
ALTER TABLE email_confirmations ADD COLUMN password_hash TEXT;
ALTER TABLE sessions ADD COLUMN absolute_expires_at INTEGER;
UPDATE sessions SET absolute_expires_at = created_at + 90 * 86400000;
CREATE INDEX email_confirmations_by_user ON email_confirmations (user_id);
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX password_resets_by_user ON password_resets (user_id);
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL
) STRICT;
CREATE TABLE known_devices (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX known_devices_by_user ON known_devices (user_id);`,
  },
  {
    version: 6,
    name: 'account erasure: the one path that may delete events',
    // The log stays append-only, with one exception: the streams of an account that no longer exists,
    // inside the erase transaction. Erasing a stream first records the account in erased_accounts
    // (only allowed once its user row is gone), then lists the stream in erasing_streams (only for
    // such an account); the DELETE trigger lets through exactly the events of listed streams, and
    // the erase empties erasing_streams before it commits. See server/account/account-erase.ts.
    sql: `
CREATE TABLE erased_accounts (
  user_id TEXT PRIMARY KEY,
  erased_at TEXT NOT NULL
) STRICT;
CREATE TABLE erasing_streams (
  stream_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES erased_accounts (user_id)
) STRICT;
CREATE TRIGGER erased_accounts_only_without_user BEFORE INSERT ON erased_accounts
WHEN EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id)
BEGIN SELECT RAISE(ABORT, 'erase the user row before recording the erasure'); END;
CREATE TRIGGER erasing_streams_only_erased BEFORE INSERT ON erasing_streams
WHEN EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id)
  OR NOT EXISTS (SELECT 1 FROM erased_accounts WHERE user_id = NEW.user_id)
BEGIN SELECT RAISE(ABORT, 'only the streams of an erased account may be purged'); END;
DROP TRIGGER events_append_only_delete;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
WHEN NOT EXISTS (SELECT 1 FROM erasing_streams WHERE stream_id = OLD.stream_id)
BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused'); END;`,
  },
  {
    version: 7,
    name: 'two-factor sign-in (TOTP) and recovery codes',
    sql: `
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE users ADD COLUMN totp_last_step INTEGER;
CREATE TABLE totp_recovery_codes (
  code_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id)
) STRICT;
CREATE INDEX totp_recovery_codes_by_user ON totp_recovery_codes (user_id);`,
  },
  {
    version: 8,
    name: 'Google sign-ins waiting for the second factor',
    sql: `
CREATE TABLE pending_sign_ins (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at INTEGER NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX pending_sign_ins_by_user ON pending_sign_ins (user_id);`,
  },
  {
    version: 9,
    name: 'shares carry the version and body of the share read',
    // Filled by the projection; rows older than this migration are filled at start-up
    // (refreshShareBodies), which also rewrites them whenever the catalogue changes.
    sql: `
ALTER TABLE shares ADD COLUMN version INTEGER;
ALTER TABLE shares ADD COLUMN body TEXT;`,
  },
  {
    version: 10,
    name: 'each owner’s count of live palettes',
    // Kept by the palette projection, so the cap check reads one row instead of counting the
    // owner's palettes on every create.
    sql: `
CREATE TABLE palette_counts (
  user_id TEXT PRIMARY KEY,
  palettes INTEGER NOT NULL CHECK (palettes >= 0)
) STRICT;
INSERT INTO palette_counts (user_id, palettes) SELECT user_id, count(*) FROM palettes GROUP BY user_id;`,
  },
];
