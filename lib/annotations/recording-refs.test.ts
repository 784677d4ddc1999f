import { expect, test } from "@playwright/test";
import { ApiError } from "@/lib/api/errors";
import { buildPrincipal } from "@/lib/auth/principal";
import { createTestDb } from "@/lib/db/test-db";
import { resolveRecordingRefs } from "./recording-refs";

// An assignment may name up to 1,000 recordings (lib/annotations/schemas.ts): resolving that
// many references must stay within SQLite's limits (64 tables in a join) and answer 422 for
// unknown ones, not fail in the database.
test("1,000 references resolve in batches: unknown recordings are a 422, not a database error", async () => {
  const { db, close } = await createTestDb();
  try {
    await db.tenant.create({ data: { pk: "t1", id: "ten", name: "T" } });
    await db.organisation.create({ data: { pk: "o1", tenantPk: "t1", id: "org", name: "O" } });
    const admin = buildPrincipal({
      token: { pk: "tok", familyPk: "tok", lineage: "tok", expiresAt: new Date(8.64e15) },
      scope: "admin",
      kind: "user",
      level: "top",
      user: null,
      tenant: null,
      organisation: null,
      roles: ["ADMIN"],
      actorUserPk: null,
      actor: null,
    });
    const refs = Array.from({ length: 1000 }, (_, i) => ({
      tenant: "ten",
      organisation: "org",
      challenge: `c${i % 7}`,
      recording: `r${i}`,
    }));
    const error = await resolveRecordingRefs(db, admin, refs, "Assignment", "recordings").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("validation");
    expect((error as ApiError).errors).toEqual([expect.objectContaining({ field: "recordings", code: "missing" })]);
  } finally {
    await close();
  }
});
