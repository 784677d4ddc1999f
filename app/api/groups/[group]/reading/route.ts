import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { wantsCsv } from "@/lib/progress/respond";
import { fluencyCsv } from "@/lib/reading/fluency-csv";
import { FLUENCY_RESOURCE, fluencyQuery, fluencySchema } from "@/lib/reading/fluency-schemas";
import { groupFluency } from "@/lib/reading/group-fluency";

const safeName = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();

// GET /api/groups/:group/reading?challenge=&from=&to= (ours: fluency over time of the group's students; Accept: text/csv for a spreadsheet)
export const GET = withApi<{ group: string }, undefined, typeof fluencyQuery>(
  {
    policy: "progress",
    in: "organisation",
    permission: "GROUP_LIST",
    resource: FLUENCY_RESOURCE,
    query: fluencyQuery,
    responses: {
      200: {
        body: fluencySchema,
        alsoText: ["text/csv"],
        headers: ["Content-Disposition"],
        description:
          "Per student every read-aloud attempt's WCPM and accuracy, the trend and band; the distribution over the school's bands; the most misread words. With `Accept: text/csv`, one line per attempt (Student, Challenge, Date (UTC), WCPM, Accuracy (%), Errors, Words counted, Not assessed, Trend, Band)",
      },
    },
    extension: true,
    summary: "Reading fluency over time for a group",
  },
  async ({ req, principal, params, query }) => {
    const fluency = await groupFluency(db(), principal, params.group, query);
    if (!wantsCsv(req.headers.get("accept") ?? "")) return json(fluencySchema, fluency);
    const name = `reading-${safeName(fluency.group.name) || "group"}-${new Date().toISOString().slice(0, 10)}.csv`;
    return new Response(fluencyCsv(fluency), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}"` },
    });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
