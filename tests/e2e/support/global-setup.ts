import { buildAppInto } from '../../support/build-app';

/** Builds the real app once per run (tests/support/build-app.ts); the server fixture serves it. */
export default function globalSetup() {
  if (process.env.E2E_DIST_DIR) return;
  process.env.E2E_DIST_DIR = buildAppInto('swatchbook-e2e-dist-');
}
