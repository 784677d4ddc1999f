import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// argon2id at the OWASP minimum: 19 MiB memory, 2 iterations, parallelism 1.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Verifying against this when the account is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** A strong generated password: 18 random bytes, URL-safe base64 (144 bits). */
export const generatePassword = (): string => randomBytes(18).toString("base64url");
