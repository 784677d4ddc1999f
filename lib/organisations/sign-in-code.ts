import { randomInt } from "node:crypto";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/ids";
import { getOrganisation } from "./organisations";
import type { SignInCode } from "./schemas";

// A school's short sign-in code: the credential cards carry it (and its address, /s/<code>) so a
// student types only a username and password; the code stands for the tenant and organisation
// ids the card does not show. Eight characters of an alphabet without look-alikes (0/O, 1/I/L):
// 31^8 ≈ 8.5 · 10^11 codes, and a guessed one only names a school, it signs no one in.

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const LENGTH = 8;

/** What a person typed, as stored: upper case, without spaces or dashes. */
export function normaliseSignInCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

/** A code in two groups of four, as printed. */
export function formatSignInCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const newCode = () => Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** The organisation's code, made on first use (organisations made before codes existed have none). */
export async function organisationSignInCode(db: Db, caller: Principal, id: string): Promise<SignInCode> {
  const org = await getOrganisation(db, caller, id);
  let code = org.signInCode;
  for (let attempt = 0; !code; attempt++) {
    try {
      // Only where none was set meanwhile: two administrators asking at once get the same code.
      await db.organisation.updateMany({ where: { pk: org.pk, signInCode: null }, data: { signInCode: newCode() } });
      code = (await db.organisation.findUniqueOrThrow({ where: { pk: org.pk } })).signInCode;
    } catch (error) {
      // Another school holds that code: draw again (a handful of times at most, in practice never).
      if (!isUniqueViolation(error) || attempt > 5) throw error;
    }
  }
  return { code: formatSignInCode(code), path: `/s/${code}` };
}

export type SignInPlace = { tenantId: string; organisationId: string; name: string };

/** The school a code names, or null for a code no school has. No caller: the sign-in page asks. */
export async function findSignInPlace(db: Db, typed: string): Promise<SignInPlace | null> {
  const code = normaliseSignInCode(typed);
  if (code.length !== LENGTH || [...code].some((c) => !ALPHABET.includes(c))) return null;
  const org = await db.organisation.findUnique({ where: { signInCode: code }, include: { tenant: true } });
  return org ? { tenantId: org.tenant.id, organisationId: org.id, name: org.name } : null;
}
