import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { importStudents } from "@/lib/users/import/import";
import { importFailureSchema, importReportSchema, importUsersSchema } from "@/lib/users/import/schemas";

// POST /api/users/import
export const POST = withApi(
  {
    policy: "user",
    permission: "USER_CREATE",
    resource: "User",
    body: importUsersSchema,
    responses: {
      201: importReportSchema,
      422: {
        body: importFailureSchema,
        description:
          "Some rows cannot be imported (the report names each row's problems) and nothing was created; or the CSV cannot be read",
      },
    },
    summary:
      "Import students (ours) from CSV text (header row: firstName, infix, lastName, group, username) or JSON rows, all or nothing. Each gets the STUDENT role, a username (given or made from the name) and a generated password children can type, reported once per row",
  },
  async ({ principal, body }) => json(importReportSchema, await importStudents(db(), principal, body), { status: 201 }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
