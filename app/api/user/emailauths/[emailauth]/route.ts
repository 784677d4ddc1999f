import { otherMethods } from "@/lib/api/other-methods";
import { noContent } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { deleteEmailAuth } from "@/lib/credentials/email-auths";
import { db } from "@/lib/db/client";

// DELETE /api/user/emailauths/:emailauth
export const DELETE = withApi<{ emailauth: string }>(
  { policy: "credential", authenticated: true, resource: "EmailAuth", responses: { 204: null } },
  async ({ principal, params }) => {
    await deleteEmailAuth(db(), principal, params.emailauth);
    return noContent();
  },
);

export const { GET, POST, PUT, PATCH } = otherMethods("DELETE");
