import { otherMethods } from "@/lib/api/other-methods";

// GET /api/annotation/:annotation (the contract's singular path) and PUT there as well
export { GET, PUT } from "../../annotations/[annotation]/route";

export const { POST, PATCH, DELETE } = otherMethods("GET", "PUT");
