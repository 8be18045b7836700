import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended floor (19 MiB, 2 passes, 1 lane): ~30 ms on one core here.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Unknown emails are checked against this hash too, so a response's timing does not reveal which accounts exist.
let decoy: Promise<string> | null = null;
export async function burnVerify(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoy, password);
}
