// The authorization policies: who may see and who may change each kind of row, once the
// route's permission (lib/permissions/catalog.ts) has let the caller in. Every route declares
// its policy (withApi's `policy`), and lists, reads, updates, downloads, exports and progress
// all ask the policy's rules in lib/policies/registry.ts. The audiences:
//
//   admin      an administrator whose reach covers the row: a top-level ADMIN everything; a
//              tenant (acting as itself, or a tenant-level user with TENANT) its organisations;
//              an organisation (acting as itself, or a user with ORGANISATION) its own
//   member     a caller acting in the row's namespace (the organisation itself or its users)
//   staff      a TEACHER of the row's organisation
//   owner      the user who submitted the row
//   annotator  a base or full annotator named on an assignment that holds the recording
//   full       a full annotator named on such an assignment
//   outranks   an administrator who ranks above the user, judged by the person who signed in
//   self       the caller's own account or token family
//   anyone     every authenticated caller
//
// | policy       | sees (lists, reads, downloads, exports)        | changes                          |
// |--------------|------------------------------------------------|----------------------------------|
// | tenant       | admin                                          | admin (top level creates)        |
// | organisation | admin, member                                  | admin (its tenant creates)       |
// | user         | member with USER_LIST, self (admins act in its | member with USER_CREATE          |
// |              | namespace: a tenant impersonates the org first)|                                  |
// | credential   | outranks, self when impersonated by outranking | outranks                         |
// | group        | member                                         | member with GROUP_CREATE         |
// | challenge    | member, admin (downloads); a speech challenge's| member with the route permission |
// |              | files also its recordings' annotators; choice  |                                  |
// |              | preparation: administrators                    |                                  |
// | category     | member, admin (downloads)                      | member with CATEGORY_CREATE      |
// | progress     | admin, staff, owner (own rows only)            | —                                |
// | submission   | admin, staff, owner                            | owner (creates)                  |
// | correction   | admin, staff, owner (a feedback's corrections  | admin, staff (our POST           |
// |              | and their history)                             | /feedback/:id/corrections, and   |
// |              |                                                | /feedback/:id/recording)         |
// | recording    | admin, staff, owner, annotator                 | owner (creates)                  |
// | reference    | admin, staff, owner, annotator                 | admin, full                      |
// | assignment   | admin, annotator (others without               | admin                            |
// |              | ASSIGNMENT_LIST: 403)                          |                                  |
// | annotation   | admin, annotator                               | admin, annotator (by stage)      |
// | scheme       | admin, member, annotator of one of its         | admin                            |
// |              | organisation's recordings                      |                                  |
// | file         | whoever sees the row that owns the file        | —                                |
// | role         | anyone                                         | admin: top-level only (custom    |
// |              |                                                | roles; built-in ones are fixed)  |
// | token        | self; impersonation: top-down within the reach | self                             |
// |              | of both the token and the person signed in     |                                  |
// | public       | anyone, also without a token                   | —                                |
// | operator     | top-level admins, or the METRICS_TOKEN bearer  | —                                |
//
// The organisation policy also covers its sign-in code (our GET /organisations/:o/sign-in-code).
// The file policy also covers what is made from a file on request: our GET /download/:file/spectrogram
// (tiles) and GET /download/:file/peaks (waveform peaks; made on first request for an upload kept as it was).
// Where each is applied: lib/policies/registry.ts maps every policy to the functions that filter
// its lists, reads, updates, downloads and exports (one file of rules per family: submissions.ts,
// files.ts, annotation-access.ts, scheme-access.ts, credential-access.ts, impersonation.ts,
// tenancy.ts, members.ts, top-level.ts, built on reach.ts), and domain code asks that map.
// lib/policies/registry.test.ts fails when a route declares a policy the map lacks.
// Our PUT /users/:u/basicauths/:b (the password reset, lib/credentials/reset-password.ts) is
// the credential policy's update.
//
// Other tenants' rows are never in any audience, so they answer exactly like missing ones.

export type Audience = "admin" | "member" | "staff" | "owner" | "annotator" | "full" | "outranks" | "self" | "anyone";

export const POLICIES = {
  tenant: { sees: ["admin"], changes: ["admin"] },
  organisation: { sees: ["admin", "member"], changes: ["admin"] },
  user: { sees: ["admin", "member", "self"], changes: ["admin", "member"] },
  credential: { sees: ["outranks", "self"], changes: ["outranks", "self"] },
  group: { sees: ["member"], changes: ["member"] },
  challenge: { sees: ["member", "admin"], changes: ["member"] },
  category: { sees: ["member", "admin"], changes: ["member"] },
  progress: { sees: ["admin", "staff", "owner"], changes: [] },
  submission: { sees: ["admin", "staff", "owner"], changes: ["owner"] },
  correction: { sees: ["admin", "staff", "owner"], changes: ["admin", "staff"] },
  recording: { sees: ["admin", "staff", "owner", "annotator"], changes: ["owner"] },
  reference: { sees: ["admin", "staff", "owner", "annotator"], changes: ["admin", "full"] },
  assignment: { sees: ["admin", "annotator"], changes: ["admin"] },
  annotation: { sees: ["admin", "annotator"], changes: ["admin", "annotator"] },
  scheme: { sees: ["admin", "member", "annotator"], changes: ["admin"] },
  file: { sees: ["admin", "member", "staff", "owner", "annotator"], changes: [] },
  role: { sees: ["anyone"], changes: ["admin"] },
  token: { sees: ["self"], changes: ["self"] },
  public: { sees: ["anyone"], changes: [] },
  operator: { sees: ["admin"], changes: [] },
} as const satisfies Record<string, { sees: readonly Audience[]; changes: readonly Audience[] }>;

export type PolicyName = keyof typeof POLICIES;
