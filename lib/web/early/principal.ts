import { scopeInfo } from "../session/session";
import { answeredRead, type EarlyPlan } from "./early-script";
import { serverGet } from "./server-api";

// What every app page asks first (lib/web/views/use-principal.ts): who the view is (GET /api/user,
// for a user) and what roles grant (GET /api/roles). Small answers: the server reads them (as
// the view) and the page carries them.
export const principalReads: EarlyPlan = async (view) => {
  const user = scopeInfo(view.scope).kind === "user";
  const [me, roles] = await Promise.all([user ? serverGet(view, "/api/user") : null, serverGet(view, "/api/roles")]);
  return [user && answeredRead("/api/user", me), answeredRead("/api/roles", roles)];
};
