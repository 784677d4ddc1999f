"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { ImportReport, ImportReportRow } from "@/lib/users/import/schemas";
import { ApiRequestError } from "@/lib/web/api/api-client";
import { useApi } from "@/lib/web/api/use-api";
import { useSignInCode } from "@/lib/web/practice/use-sign-in-code";
import { PageHeader } from "../page-header";
import { CardSignIn } from "../practice/card-sign-in";

// Importing students from a CSV file (POST /api/users/import): the file is read in the browser
// and sent as text; the answer is shown row by row. After a successful import the credential
// sheets (one per group, a card per student with username and password) print on their own
// pages: everything else on the page is hidden from print (print: classes).

const EXAMPLE = "firstName,infix,lastName,group,username\nAnna,van,Berg,Group 6B,\nDaan,,Jansen,Group 6B,daan";

export function UserImportView() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState("");
  const [createGroups, setCreateGroups] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failed, setFailed] = useState<{ message: string; rows: ImportReportRow[] } | null>(null);
  const run = useMutation({
    mutationFn: async () =>
      (await api<ImportReport>("/api/users/import", { method: "POST", json: { csv, createGroups } })).data,
    onMutate: () => {
      setReport(null);
      setFailed(null);
    },
    onSuccess: async (r) => {
      setReport(r);
      await queryClient.invalidateQueries({ queryKey: ["api"] });
    },
    onError: (error) => {
      const rows =
        error instanceof ApiRequestError && Array.isArray(error.body.rows)
          ? (error.body.rows as ImportReportRow[])
          : [];
      setFailed({ message: error.message, rows });
    },
  });
  // The school's sign-in address and code, printed on every card.
  const signInCode = useSignInCode();
  const rows = report?.rows ?? failed?.rows ?? [];
  const groups = report ? [...new Set(report.rows.map((r) => r.group ?? "No group"))].sort() : [];
  return (
    <>
      <div className="print:hidden">
        <Link href="/users" className="mb-4 inline-block rounded text-sm text-blue-800 hover:underline">
          ← All users
        </Link>
        <PageHeader
          title="Import students"
          description="Add a whole class at once from a spreadsheet saved as CSV. Each student gets a username and a password that is easy to type."
        />
        <form
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
          onSubmit={(e) => {
            e.preventDefault();
            run.mutate();
          }}
        >
          <div>
            <label htmlFor="import-file" className="mb-1 block text-sm font-medium text-slate-800">
              CSV file
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv,text/plain"
              className="text-sm"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (file) setCsv(await file.text());
              }}
            />
          </div>
          <div>
            <label htmlFor="import-csv" className="mb-1 block text-sm font-medium text-slate-800">
              Or paste the rows
            </label>
            <p id="import-csv-hint" className="mb-1 text-sm text-slate-600">
              The first line names the columns: firstName and lastName, and if you like infix, group and username.
              Commas, semicolons or tabs.
            </p>
            <textarea
              id="import-csv"
              aria-describedby="import-csv-hint"
              rows={8}
              value={csv}
              placeholder={EXAMPLE}
              onChange={(e) => setCsv(e.target.value)}
              className="w-full rounded-md border border-slate-300 p-2 font-mono text-sm"
            />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={createGroups} onChange={(e) => setCreateGroups(e.target.checked)} />
            Create groups that do not exist yet
          </label>
          <button
            type="submit"
            disabled={run.isPending || !csv.trim()}
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {run.isPending ? "Importing…" : "Import students"}
          </button>
        </form>

        {(report || failed) && (
          <section aria-labelledby="import-result" className="mt-6">
            <h2 id="import-result" className="mb-2 text-lg font-semibold">
              {report ? `${report.created} students imported` : "Nothing was imported"}
            </h2>
            <p role="status" className={`mb-3 text-sm ${report ? "text-green-800" : "text-red-700"}`}>
              {report
                ? `Print the credential sheets below and hand each student their card.${report.createdGroups.length ? ` New groups: ${report.createdGroups.join(", ")}.` : ""}`
                : failed!.message}
            </p>
            {rows.length > 0 && (
              <table className="w-full border-collapse bg-white text-sm">
                <caption className="sr-only">Import report, row by row</caption>
                <thead>
                  <tr className="border-b border-slate-300 text-left">
                    <th scope="col" className="p-2">
                      Row
                    </th>
                    <th scope="col" className="p-2">
                      Name
                    </th>
                    <th scope="col" className="p-2">
                      Group
                    </th>
                    <th scope="col" className="p-2">
                      Username
                    </th>
                    <th scope="col" className="p-2">
                      Result
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.row} className="border-b border-slate-200">
                      <td className="p-2">{r.row}</td>
                      <td className="p-2">{[r.firstName, r.infix, r.lastName].filter(Boolean).join(" ") || "—"}</td>
                      <td className="p-2">{r.group ?? "—"}</td>
                      <td className="p-2 font-mono">{r.username ?? "—"}</td>
                      <td className={`p-2 ${r.errors.length ? "text-red-700" : "text-green-800"}`}>
                        {r.errors.length
                          ? r.errors.map((e) => `${e.field} ${e.message}`).join("; ")
                          : report
                            ? "Created"
                            : "OK"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {report && (
              <button
                type="button"
                onClick={() => window.print()}
                className="mt-4 rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
              >
                Print credential sheets
              </button>
            )}
          </section>
        )}
      </div>

      {report && (
        <div aria-label="Credential sheets" role="region" className="mt-8">
          {groups.map((group) => (
            <section key={group} aria-labelledby={`sheet-${group}`} className="mb-8 break-after-page">
              <h2 id={`sheet-${group}`} className="mb-3 text-lg font-semibold">
                Sign-in cards · {group}
              </h2>
              <ul className="grid grid-cols-2 gap-3 print:gap-2">
                {report.rows
                  .filter((r) => (r.group ?? "No group") === group)
                  .map((r) => (
                    <li
                      key={r.row}
                      className="break-inside-avoid rounded-md border-2 border-dashed border-slate-400 bg-white p-3"
                    >
                      {signInCode.data && <CardSignIn signIn={signInCode.data} />}
                      <p className="font-semibold">{[r.firstName, r.infix, r.lastName].filter(Boolean).join(" ")}</p>
                      <p className="text-sm">
                        Username: <span className="font-mono text-base">{r.username}</span>
                      </p>
                      <p className="text-sm">
                        Password: <span className="font-mono text-base">{r.password}</span>
                      </p>
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
