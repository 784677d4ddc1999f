import { otherMethods } from "@/lib/api/other-methods";
import { noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { deleteBasicAuth } from "@/lib/credentials/basic-auths";
import { db } from "@/lib/db/client";

// DELETE /api/user/basicauths/:basicauth
export const DELETE = withApi<{ basicauth: string }>(
  { policy: "credential", authenticated: true, resource: "BasicAuth", responses: { 204: null } },
  async ({ principal, params }) => {
    await deleteBasicAuth(db(), principal, params.basicauth);
    return noContent();
  },
);

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
