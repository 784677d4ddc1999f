import { ApiError } from "@/lib/api/errors";
import { withApi } from "@/lib/api/with-api";

// Any method on an unknown API path: a JSON 404.
const unknownRoute = withApi<{ path?: string[] }>({ policy: "public", public: true, resource: "Route" }, async () => {
  throw new ApiError("not_found", "No such API endpoint");
});

export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
};
