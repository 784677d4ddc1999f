"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import type { FluencyOut } from "@/lib/reading/fluency-schemas";
import { attemptHref, downloadFluencyCsv, useFluency } from "@/lib/web/reading/use-fluency";
import { toast } from "@/lib/web/ui/toast";
import { BandsEditor } from "./bands-editor";
import { formatAccuracy, formatWcpm } from "./reading-figures";

// Fluency over time for a group: per student the WCPM of every attempt (each a link to its
// review), the latest accuracy, the trend and the band; the distribution over the school's bands;
// the words the group most often reads wrongly with links to the attempts; CSV of the same.

type Student = FluencyOut["students"][number];

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short" });
const trendText = (t: number | null) => (t === null ? "—" : `${t > 0 ? "+" : ""}${t.toFixed(1)} / week`);

function Sparkline({ student }: { student: Student }) {
  const values = student.attempts.map((a) => a.wcpm).filter((v): v is number => v !== null);
  if (values.length < 2) return null;
  const max = Math.max(...values, 1);
  const points = values.map((v, i) => `${(i / (values.length - 1)) * 80},${24 - (v / max) * 22}`).join(" ");
  return (
    <svg width="80" height="26" role="img" aria-label={`WCPM over time: ${values.join(", ")}`} className="inline-block">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" className="text-sky-700" />
    </svg>
  );
}

export function GroupFluency({ group }: { group: string }) {
  const fluency = useFluency(group);
  if (fluency.error) return <ErrorState error={fluency.error} onRetry={() => fluency.refetch()} />;
  if (!fluency.data) return <LoadingBlock label="Loading the group’s reading…" />;
  const data = fluency.data;
  const measured = data.students.length - data.unmeasured;
  const bandLabel = (band: string | null) =>
    band ?? (data.bands.length ? `At or above ${data.bands.at(-1)?.belowWcpm} WCPM` : "All measured students");

  return (
    <div className="space-y-4" data-testid="group-fluency" data-ready="true">
      <PageHeader
        title={`Reading fluency · ${data.group.name}`}
        description="Words correct per minute (WCPM) and accuracy of every read-aloud attempt, counted after teachers’ corrections."
        actions={
          <Button onClick={() => downloadFluencyCsv(group).catch((e: Error) => toast.error(e.message))}>
            Download CSV
          </Button>
        }
      />
      <section
        aria-labelledby="distribution-heading"
        className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="distribution-heading" className="text-base font-semibold">
          Distribution of the latest WCPM
        </h2>
        {data.bands.length === 0 && (
          <p className="text-sm text-slate-600">The school has set no reading bands for this group.</p>
        )}
        {data.mayEditBands && <BandsEditor group={group} bands={data.bands} />}
        <ul className="space-y-1 text-sm" data-testid="distribution">
          {data.distribution.map((d) => (
            <li key={d.band ?? "above"} className="flex items-center gap-2" data-testid="band">
              <span className="w-56 shrink-0">
                {bandLabel(d.band)}
                {d.band && ` (below ${data.bands.find((b) => b.name === d.band)?.belowWcpm} WCPM)`}
              </span>
              <span
                aria-hidden="true"
                className="h-3 rounded bg-sky-700"
                style={{ width: `${measured ? (d.students / measured) * 200 : 0}px` }}
              />
              <span className="tabular-nums" data-testid="band-count">
                {d.students} student{d.students === 1 ? "" : "s"}
              </span>
            </li>
          ))}
          {data.unmeasured > 0 && (
            <li className="text-slate-600">
              {data.unmeasured} student{data.unmeasured === 1 ? "" : "s"} without a measured attempt
            </li>
          )}
        </ul>
      </section>
      {data.students.length === 0 ? (
        <EmptyState title="No students">This group has no students you can see.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-sm" data-testid="fluency-table">
            <caption className="sr-only">WCPM and accuracy per student</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="p-2">
                  Student
                </th>
                <th scope="col" className="p-2">
                  WCPM per attempt (oldest first)
                </th>
                <th scope="col" className="p-2">
                  Latest WCPM
                </th>
                <th scope="col" className="p-2">
                  Latest accuracy
                </th>
                <th scope="col" className="p-2">
                  Trend
                </th>
                <th scope="col" className="p-2">
                  Band
                </th>
              </tr>
            </thead>
            <tbody>
              {data.students.map((s) => (
                <tr key={s.id} className="border-t border-slate-100" data-testid="fluency-row">
                  <th scope="row" className="p-2 text-left font-medium">
                    {s.name}
                  </th>
                  <td className="p-2">
                    <span className="flex flex-wrap items-center gap-1">
                      <Sparkline student={s} />
                      {s.attempts.length === 0
                        ? "No attempts"
                        : s.attempts.map((a) => (
                            <Link
                              key={a.feedbackId}
                              href={attemptHref(a.feedbackId)}
                              prefetch={false}
                              className="rounded px-1 text-sky-800 underline tabular-nums"
                              aria-label={`${s.name}, ${day(a.created)}${a.challengeName ? `, ${a.challengeName}` : ""}: ${formatWcpm(a.wcpm)} WCPM, accuracy ${formatAccuracy(a.accuracy)}`}
                            >
                              {formatWcpm(a.wcpm)}
                            </Link>
                          ))}
                    </span>
                  </td>
                  <td className="p-2 tabular-nums">{formatWcpm(s.latestWcpm)}</td>
                  <td className="p-2 tabular-nums">{formatAccuracy(s.latestAccuracy)}</td>
                  <td className="p-2 tabular-nums">{trendText(s.trend)}</td>
                  <td className="p-2" data-testid="student-band">
                    {s.band ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="misread-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="misread-heading" className="text-base font-semibold">
          Words most often read wrongly
        </h2>
        {data.misread.length === 0 ? (
          <p className="text-sm text-slate-600">No word was read wrongly.</p>
        ) : (
          <ol className="space-y-1 text-sm" data-testid="misread">
            {data.misread.map((m) => (
              <li key={m.word} data-testid="misread-word">
                <span className="font-medium">{m.word}</span> · {m.count} time{m.count === 1 ? "" : "s"}
                {m.count > m.attempts.length ? `; the latest ${m.attempts.length}` : ""}:{" "}
                {m.attempts.map((a, i) => (
                  <span key={a.feedbackId}>
                    {i > 0 && ", "}
                    <Link href={attemptHref(a.feedbackId)} prefetch={false} className="text-sky-800 underline">
                      {a.student}, {day(a.created)}
                    </Link>
                  </span>
                ))}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
