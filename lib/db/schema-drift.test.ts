import { expect, test } from "@playwright/test";
import { sync } from "../../scripts/db-sync";

// The SQLite and PostgreSQL schemas and migrations are generated from prisma/models.prisma;
// this fails when someone edits one of them by hand or forgets `npm run db:sync`.
test("both databases' schemas and migrations match prisma/models.prisma", () => {
  test.setTimeout(120_000);
  expect(sync(true)).toEqual([]);
});
