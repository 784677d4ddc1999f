import { ApiError } from "./errors";
import { withApi } from "./with-api";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * JSON 405 answers (with `Allow`) for the methods a route does not implement; Next's
 * own 405 has an empty body, and clients of this API expect every error as JSON.
 * Usage in a route file: `export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");`
 */
export function otherMethods(...allowed: Method[]) {
  const allow = [...allowed, "OPTIONS"].join(", ");
  const handler = withApi({ public: true, policy: "public", resource: "Route" }, async ({ req }) => {
    throw new ApiError(
      "method_not_allowed",
      `${req.method} is not allowed here; use ${allowed.join(" or ")}`,
      undefined,
      { Allow: allow },
    );
  });
  return Object.fromEntries(METHODS.filter((m) => !allowed.includes(m)).map((m) => [m, handler])) as Record<
    Exclude<Method, never>,
    typeof handler
  >;
}
