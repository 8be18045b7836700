import { accounts } from '../auth/account-queries';
import { emailSchema } from '../../shared/api/auth';
import { openDatabase } from '../db/database';

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
const path = process.env.DATABASE_PATH ?? 'var/swatchbook.sqlite';
const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;
const db = openDatabase(path);
const store = accounts(db, () => new Date());
const user = store.findByEmail(parsed.data);
if (!user) {
  db.close();
  console.error(`No account for ${parsed.data} in ${path}.`);
  process.exit(1);
}
const token = store.createPasswordReset(user.id);
db.close();
const link = new URL(`/reset-password?token=${token}`, publicOrigin).toString();
console.log(`One-time password reset link for ${parsed.data} (works for 1 hour, once):\n${link}`);
