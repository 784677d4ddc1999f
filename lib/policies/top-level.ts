import type { Principal } from "@/lib/auth/principal";
import { adminReach } from "./reach";

// Top-level administrators alone read the service's metrics (the "operator" policy; the
// METRICS_TOKEN bearer is recognised by the metrics route itself, as it is no principal) and
// create and change custom roles (the "role" policy's changes).

/** Whether the caller is a top-level administrator. */
export function isTopAdministrator(caller: Principal | null): boolean {
  const reach = caller && adminReach(caller);
  return reach != null && "all" in reach;
}
