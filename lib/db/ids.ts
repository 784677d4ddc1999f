import { randomUUID } from "node:crypto";

/** Internal primary keys and generated public ids. */
export const newPk = (): string => randomUUID();
export const newId = (): string => randomUUID();

/** Namespace keys: public ids are unique within one of these. */
export const ns = {
  top: "",
  tenant: (tenantPk: string) => `t:${tenantPk}`,
  organisation: (organisationPk: string) => `o:${organisationPk}`,
};

/** The organisation of an organisation namespace key, or null for a tenant or the top. */
export const organisationPkOf = (key: string): string | null => (key.startsWith("o:") ? key.slice(2) : null);

// Prisma's model queries report a violated constraint as P2002 or P2003; its raw queries (the
// hot answer writes: lib/recordings/insert-recording.ts) as P2010 "raw query failed", with the
// driver adapter's classification of the database error in meta.
const violated = (error: unknown, code: string, kind: string): boolean => {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } };
  return e.code === code || (e.code === "P2010" && e.meta?.driverAdapterError?.cause?.kind === kind);
};

/** A unique key is taken (a model or a raw query). */
export const isUniqueViolation = (error: unknown): boolean => violated(error, "P2002", "UniqueConstraintViolation");

/** The referenced row is gone (e.g. a parent deleted while a child was being stored). */
export const isForeignKeyViolation = (error: unknown): boolean =>
  violated(error, "P2003", "ForeignKeyConstraintViolation");
