import { otherMethods } from "@/lib/api/other-methods";

// GET /api/assignment/:assignment (the contract's singular path)
export { GET } from "../../assignments/[assignment]/route";

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
