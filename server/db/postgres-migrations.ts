import type { Migration } from './migrations';

/**
 * The PostgreSQL twins of migrations.ts: the same versions and names, the same tables, keys,
 * indexes and guards, in PostgreSQL's words. Append new ones here and there together; never edit one
 * that has shipped. Differences on purpose: millisecond timestamps are BIGINT (they overflow INTEGER),
 * SQLite's triggers are plpgsql functions with the same messages, TRUNCATE of events is refused too
 * (SQLite has no TRUNCATE), and palettes has `rowid` (SQLite's is built in) so the shared
 * `ORDER BY created_at DESC, rowid DESC` means the same on both engines.
 */
export const postgresMigrations: Migration[] = [
  {
    version: 1,
    name: 'meta',
    sql: `CREATE TABLE app_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
  {
    version: 2,
    name: 'event store and palette projections',
    sql: `
CREATE TABLE events (
  position BIGSERIAL PRIMARY KEY,
  stream_id TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version >= 1),
  type TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  data TEXT NOT NULL CHECK ((data::jsonb) IS NOT NULL),
  actor TEXT,
  time TEXT NOT NULL,
  UNIQUE (stream_id, version)
);
CREATE FUNCTION events_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: UPDATE refused';
END $$;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
FOR EACH ROW EXECUTE FUNCTION events_refuse_update();
CREATE FUNCTION events_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: DELETE refused';
END $$;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
FOR EACH ROW EXECUTE FUNCTION events_refuse_delete();
-- TRUNCATE skips row triggers: without this one it would empty the log in one statement.
CREATE FUNCTION events_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: TRUNCATE refused';
END $$;
CREATE TRIGGER events_append_only_truncate BEFORE TRUNCATE ON events
FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_truncate();

CREATE TABLE palettes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  colors TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  is_public INTEGER NOT NULL DEFAULT 0,
  share_id TEXT,
  version INTEGER NOT NULL,
  rowid BIGSERIAL
);
CREATE INDEX palettes_by_user ON palettes (user_id, created_at DESC);

CREATE TABLE shares (
  share_id TEXT PRIMARY KEY,
  palette_id TEXT NOT NULL
);`,
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
);
CREATE TABLE identities (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX identities_by_user ON identities (user_id);
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE TABLE email_confirmations (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at BIGINT NOT NULL
);`,
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
    // 90 days in ms overflows INTEGER arithmetic, even folded as a constant on an empty table: BIGINT.
    sql: `
ALTER TABLE email_confirmations ADD COLUMN password_hash TEXT;
ALTER TABLE sessions ADD COLUMN absolute_expires_at BIGINT;
UPDATE sessions SET absolute_expires_at = created_at + 90::bigint * 86400000;
CREATE INDEX email_confirmations_by_user ON email_confirmations (user_id);
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at BIGINT NOT NULL
);
CREATE INDEX password_resets_by_user ON password_resets (user_id);
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  reset_at BIGINT NOT NULL
);
CREATE TABLE known_devices (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at BIGINT NOT NULL
);
CREATE INDEX known_devices_by_user ON known_devices (user_id);`,
  },
  {
    version: 6,
    name: 'account erasure: the one path that may delete events',
    // The log stays append-only, with one exception: the streams of an account that no longer exists,
    // inside the erase transaction. Erasing a stream first records the account in erased_accounts
    // (only allowed once its user row is gone), then lists the stream in erasing_streams (only for
    // such an account); the DELETE trigger lets through exactly the events of listed streams, and
    // the erase empties erasing_streams before it commits. TRUNCATE stays refused outright.
    sql: `
CREATE TABLE erased_accounts (
  user_id TEXT PRIMARY KEY,
  erased_at TEXT NOT NULL
);
CREATE TABLE erasing_streams (
  stream_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES erased_accounts (user_id)
);
CREATE FUNCTION erased_accounts_refuse_living() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id) THEN
    RAISE EXCEPTION 'erase the user row before recording the erasure';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER erased_accounts_only_without_user BEFORE INSERT ON erased_accounts
FOR EACH ROW EXECUTE FUNCTION erased_accounts_refuse_living();
CREATE FUNCTION erasing_streams_refuse_unerased() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id)
    OR NOT EXISTS (SELECT 1 FROM erased_accounts WHERE user_id = NEW.user_id) THEN
    RAISE EXCEPTION 'only the streams of an erased account may be purged';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER erasing_streams_only_erased BEFORE INSERT ON erasing_streams
FOR EACH ROW EXECUTE FUNCTION erasing_streams_refuse_unerased();
CREATE OR REPLACE FUNCTION events_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM erasing_streams WHERE stream_id = OLD.stream_id) THEN
    RAISE EXCEPTION 'events are append-only: DELETE refused';
  END IF;
  RETURN OLD;
END $$;`,
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
);
CREATE INDEX totp_recovery_codes_by_user ON totp_recovery_codes (user_id);`,
  },
  {
    version: 8,
    name: 'Google sign-ins waiting for the second factor',
    sql: `
CREATE TABLE pending_sign_ins (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  expires_at BIGINT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pending_sign_ins_by_user ON pending_sign_ins (user_id);`,
  },
  {
    version: 9,
    name: 'shares carry the version and body of the share read',
    // body: the JSON the share read returns, written by the projection, so a read is one row.
    sql: `
ALTER TABLE shares ADD COLUMN version INTEGER;
ALTER TABLE shares ADD COLUMN body TEXT;`,
  },
  {
    version: 10,
    name: 'each owner’s count of live palettes',
    sql: `
CREATE TABLE palette_counts (
  user_id TEXT PRIMARY KEY,
  palettes INTEGER NOT NULL CHECK (palettes >= 0)
);
INSERT INTO palette_counts (user_id, palettes) SELECT user_id, count(*) FROM palettes GROUP BY user_id;`,
  },
];
