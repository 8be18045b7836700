import { accounts } from '../auth/account-queries';
import { emailSchema } from '../../shared/api/auth';
import { openStore, storeFromEnv } from '../db/open-store';

/**
 * `npm run account -- reset-password EMAIL`: for a server without SMTP, prints a one-time link
 * (1 hour) for the administrator to hand to the account's owner. Only its hash is stored; it is
 * printed here and nowhere else (never logged). For an address nobody confirmed it says what the
 * link does: it is the address owner's claim, and starts the account clean (routes/password-routes.ts).
 */
const [command, rawEmail] = process.argv.slice(2);
const usage = 'Usage: npm run account -- reset-password EMAIL';

if (command !== 'reset-password' || !rawEmail) {
  console.error(usage);
  process.exit(2);
}
const parsed = emailSchema.safeParse(rawEmail);
if (!parsed.success) {
  console.error(`Not an email address: ${rawEmail}`);
  process.exit(2);
}
const target = storeFromEnv(process.env);
const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;
const sql = await openStore(target, { max: 1 });
const store = accounts(sql, () => new Date());
const user = await store.findByEmail(parsed.data);
if (!user) {
  await sql.close();
  console.error(`No account for ${parsed.data} in ${target.label}.`);
  process.exit(1);
}
const token = await store.createPasswordReset(user.id);
const palettes =
  (await sql.get<{ palettes: number }>('SELECT palettes FROM palette_counts WHERE user_id = ?', [user.id]))?.palettes ??
  0;
await sql.close();
const link = new URL(`/reset-password?token=${token}`, publicOrigin).toString();
console.log(`One-time password reset link for ${parsed.data} (works for 1 hour, once):\n${link}`);
if (user.email_verified !== 1) {
  // Whoever made an account nobody confirmed may not own the address: the link is the owner's claim.
  console.log(
    `\nThis address was never confirmed, so whoever made the account may not own it. Hand the link only to ` +
      `the person who receives mail at ${parsed.data}: used in a browser that never signed in to the account, ` +
      `it starts the account clean, erasing its ${palettes} saved palette${palettes === 1 ? '' : 's'}, ` +
      `its two-factor sign-in and every session. Used in a browser that signed in to it before, it keeps them.`,
  );
}
