import { expect, test } from './support/fixtures';
import {
  grantClipboard,
  openSaved,
  openSignedIn,
  row,
  saveCurrent,
  setPublic,
  stripIds,
  toast,
} from './support/saved-flows';

/**
 * The one browser smoke test on PostgreSQL: the real app on a server whose store is a PostgreSQL
 * this worker starts itself. (Every other browser test runs on SQLite.)
 */
test.use({ engine: 'postgres' });

test('on PostgreSQL: sign up, save, share, and a stranger opens the link; a fresh load finds it in the account', async ({
  page,
  browser,
  server,
}) => {
  expect(server.logs.join('')).toMatch(/"database":"postgres(ql)?:\/\//);
  await grantClipboard(page.context(), server.url);
  await openSignedIn(page);
  const ids = await stripIds(page);
  await saveCurrent(page, 'Boot room');
  await openSaved(page);
  await expect(row(page, 'Boot room')).toBeVisible();
  const sheet = await setPublic(page, 'Boot room', true);
  await sheet.getByRole('button', { name: 'Copy link' }).click();
  await expect(toast(page, 'Share link copied to clipboard!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());

  const stranger = await browser.newContext({ baseURL: server.url });
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect.poll(() => stripIds(visitor)).toEqual(ids);
  await expect(toast(visitor, 'Loaded Boot room')).toBeVisible();
  await stranger.close();

  // The saved list comes back from the database on a fresh load.
  await page.reload();
  await openSaved(page);
  await expect(row(page, 'Boot room')).toBeVisible();
  await expect(row(page, 'Boot room').getByText('Public')).toBeVisible();
});
