import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, type AppDeps, createApp, silentLogger } from '../../server/app';
import { loadCatalogue } from '../../server/catalogue-file';
import { openDatabase } from '../../server/db/database';

export const testConfig: AppConfig = { publicOrigin: 'http://localhost:3000', auth: { google: null } };

let catalogue: ReturnType<typeof loadCatalogue> | null = null;

/** A fresh app on a temporary SQLite file (the real engine, WAL and all), with a fixed clock. */
export function makeTestApp(overrides: Partial<AppDeps> = {}) {
  catalogue ??= loadCatalogue();
  const dir = mkdtempSync(join(tmpdir(), 'swatchbook-test-'));
  const db = overrides.db ?? openDatabase(join(dir, 'test.sqlite'));
  const deps: AppDeps = {
    db,
    catalogue,
    config: testConfig,
    now: () => new Date('2026-11-22T12:00:00Z'),
    logger: silentLogger,
    ...overrides,
  };
  return { app: createApp(deps), deps, dir };
}
