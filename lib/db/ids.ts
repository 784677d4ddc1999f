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

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/** The referenced row is gone (e.g. a parent deleted while a child was being stored). */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2003";
}
