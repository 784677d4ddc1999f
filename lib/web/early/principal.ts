import { scopeInfo } from "../session";
import { jsonRead, type EarlyPlan } from "./early-script";

// What every app page asks first (lib/web/use-principal.ts): who the view is (GET /api/user,
// for a user) and what roles grant (GET /api/roles).
export const principalReads: EarlyPlan = async (view) => [scopeInfo(view.scope).kind === "user" && jsonRead("/api/user"), jsonRead("/api/roles")];
