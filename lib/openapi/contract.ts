// The operations the contract (../shared/spec/service-interface.md, section 4) defines.
// Every other operation in the OpenAPI document is ours and is marked `x-extension: true`.
// PUT /categories/{category} and GET /feedback are called by the SDK (@itslanguage/api), which
// api-conventions.md treats as part of the contract.
export const CONTRACT_OPERATIONS = new Set([
  "POST /tokens",
  "GET /recordings",
  "POST /groups", "GET /groups", "GET /groups/{group}",
  "POST /users", "GET /users", "GET /user",
  "POST /users/{userId}/profile", "GET /users/{userId}/profile", "GET /user/profile",
  "POST /user/basicauths", "DELETE /user/basicauths/{basicauth}",
  "POST /user/emailauths", "DELETE /user/emailauths/{emailauth}", "POST /users/{userId}/emailauths",
  "GET /roles/{role}", "GET /roles",
  "GET /tenants", "GET /tenants/{tenant}", "POST /tenants",
  "GET /organisations", "GET /organisations/{organisation}", "POST /organisation",
  "GET /categories", "GET /categories/{category}/categories", "GET /categories/{category}", "POST /categories",
  "GET /categories/{category}/progress", "PUT /categories/{category}",
  "GET /challenges/choice", "GET /challenges/choice/{challenge}", "POST /challenges/choice",
  "PUT /challenges/choice/{challenge}", "DELETE /challenges/choice/{challenge}",
  "POST /challenges/choice/{challenge}/recognitions", "GET /challenges/choice/{challenge}/recognitions",
  "GET /challenges/choice/{challenge}/recognitions/{recognition}",
  "GET /challenges/pronunciation", "GET /challenges/pronunciation/{challenge}", "POST /challenges/pronunciation",
  "PUT /challenges/pronunciation/{challenge}", "DELETE /challenges/pronunciation/{challenge}",
  "POST /challenges/pronunciation/{challenge}/analyses", "GET /challenges/pronunciation/{challenge}/analyses",
  "GET /challenges/pronunciation/{challenge}/analyses/{analysis}",
  "GET /challenges/speech", "GET /challenges/speech/{challenge}", "POST /challenges/speech", "PUT /challenges/speech/{challenge}",
  "GET /challenges/speech/{challenge}/recordings", "GET /challenges/speech/{challenge}/recordings/{recording}",
  "POST /challenges/speech/{challenge}/recordings",
  "POST /feedback", "GET /feedback/{id}", "GET /feedback",
  "GET /assignments", "GET /assignment/{assignment}", "POST /assignments", "PUT /assignments/{assignment}",
  "GET /annotations", "GET /annotation/{annotation}", "POST /annotations", "PUT /annotations/{annotation}",
  "GET /organisations/{organisation}/challenges/speech/{challenge}/recordings/{recording}/reference",
  "PUT /organisations/{organisation}/challenges/speech/{challenge}/recordings/{recording}/reference",
]);
