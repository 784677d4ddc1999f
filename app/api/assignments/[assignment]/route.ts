import { deleteAssignment, getAssignment, updateAssignment } from "@/lib/annotations/assignments";
import { ASSIGNMENT_RESOURCE, assignmentSchema, idParam, updateAssignmentSchema } from "@/lib/annotations/schemas";
import { otherMethods } from "@/lib/api/other-methods";
import { json, noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";

type Params = { assignment: string };
const idOf = (params: Params) => idParam(params.assignment, "Assignment");

// GET /api/assignments/:assignment (the contract's path is /assignment/:assignment; both work)
export const GET = withApi<Params>(
  { policy: "assignment", authenticated: true, resource: ASSIGNMENT_RESOURCE, responses: { 200: assignmentSchema } },
  async ({ principal, params }) =>
    json(assignmentSchema, (await getAssignment(db(), principal, idOf(params))) as never),
);

// PUT /api/assignments/:assignment (JSON, incremental; recordings replaces the list)
export const PUT = withApi<Params, typeof updateAssignmentSchema>(
  {
    policy: "assignment",
    authenticated: true,
    resource: ASSIGNMENT_RESOURCE,
    body: updateAssignmentSchema,
    responses: { 200: assignmentSchema },
  },
  async ({ principal, params, body }) =>
    json(assignmentSchema, (await updateAssignment(db(), principal, idOf(params), body)) as never),
);

// DELETE /api/assignments/:assignment (ours; refused with 409 once an annotation of it exists)
export const DELETE = withApi<Params>(
  {
    policy: "assignment",
    authenticated: true,
    resource: ASSIGNMENT_RESOURCE,
    responses: { 204: null },
    summary:
      "Delete an assignment (ours): its recordings stay. Refused with 409 once annotation has started on it (any annotation of the assignment exists)",
  },
  async ({ principal, params }) => {
    await deleteAssignment(db(), principal, idOf(params));
    return noContent();
  },
);

export const { POST, PATCH } = otherMethods("GET", "PUT", "DELETE");
