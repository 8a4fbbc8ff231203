import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as an ambient const enum, which isolatedModules cannot inline.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID } as const;

/**
 * Shortest password a person may choose (DESIGN §4; profile change, ADMIN_PASSWORD). The seeded
 * demo passwords are exempt: they are not chosen through the API.
 */
export const MIN_PASSWORD_LENGTH = 10;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Checked against when the username is unknown, so both failures take the same time.
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
