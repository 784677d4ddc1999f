import { createAssignment, listAssignments } from "@/lib/annotations/assignments";
import {
  ASSIGNMENT_RESOURCE,
  assignmentSchema,
  createAssignmentSchema,
  listAssignmentsQuery,
} from "@/lib/annotations/schemas";
import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";

// GET /api/assignments: administrators get those of their scope, annotators their own
export const GET = withApi(
  {
    policy: "assignment",
    authenticated: true,
    resource: ASSIGNMENT_RESOURCE,
    query: listAssignmentsQuery,
    responses: { 200: { body: assignmentSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listAssignments(db(), principal, query);
    return json(assignmentSchema.array(), page.items as never, { headers: nextLink(req, page.nextCursor) });
  },
);

// POST /api/assignments (JSON: id?, name?, baseAnnotator?, fullAnnotator, recordings, baseDueDate?, fullDueDate?)
export const POST = withApi(
  {
    policy: "assignment",
    authenticated: true,
    resource: ASSIGNMENT_RESOURCE,
    body: createAssignmentSchema,
    responses: { 201: { body: assignmentSchema, headers: ["Location"] } },
  },
  async ({ principal, body }) => {
    const assignment = await createAssignment(db(), principal, body);
    return json(assignmentSchema, assignment as never, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/assignment/${assignment.id}` },
    });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
