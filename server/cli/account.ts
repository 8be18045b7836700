import { accounts } from '../auth/account-queries';
import { emailSchema } from '../../shared/api/auth';
import { openStore, storeFromEnv } from '../db/open-store';

/**
 * `npm run account -- reset-password EMAIL`: for a server without SMTP, prints a one-time link
 * (1 hour) for the administrator to hand to the account's owner. Only its hash is stored; it is
 * printed here and nowhere else (never logged).
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
await sql.close();
const link = new URL(`/reset-password?token=${token}`, publicOrigin).toString();
console.log(`One-time password reset link for ${parsed.data} (works for 1 hour, once):\n${link}`);
