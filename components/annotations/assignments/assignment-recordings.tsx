"use client";
import Link from "next/link";
import { buttonClass } from "@/components/button";
import { editorHref } from "@/lib/web/annotations/editor/links";
import type { Assignment, Role } from "@/lib/web/annotations/model/types";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { formatDuration } from "../picker/recording-rows";
import { type PickerRecording, recordingKey, usePickerData } from "../picker/use-picker-data";

// The recordings of an assignment as the recording picker shows them: the student (a pseudonym
// for callers who may not see names), the challenge topic, the date and the duration, the id only
// as secondary text; each with its state and a link into the editor. Names come from the
// picker's own data (lib: picker/use-picker-data); until they arrive, or where the caller may not
// list a recording, the row falls back to the id.

type Row = Assignment["recordings"][number];

function stateOf(a: Assignment, r: Row) {
  const n = a.annotations.find(
    (x) => x.recording.recording === r.recording && x.recording.organisation === r.organisation,
  );
  if (!n) return { text: "Not started", tone: "bg-slate-100 text-slate-700", started: false };
  if (n.doneFull) return { text: "Done (full)", tone: "bg-emerald-100 text-emerald-900", started: true };
  if (n.doneBase) return { text: "Done (base)", tone: "bg-sky-100 text-sky-900", started: true };
  return { text: "In progress", tone: "bg-amber-100 text-amber-900", started: true };
}

export function AssignmentRecordings({ assignment: a, role }: { assignment: Assignment; role: Role }) {
  // An assignment's recordings all belong to one organisation (the one it was made in).
  const data = usePickerData(a.recordings[0]?.organisation ?? "", a.id);
  const known = new Map<string, PickerRecording>(data.rows.map((p) => [recordingKey(p.challenge, p.id), p]));
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="assignment-recordings" data-ready={!data.isPending}>
        <caption className="sr-only">Recordings of this assignment</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Recording
            </th>
            <th scope="col" className="hidden px-4 py-3 md:table-cell">
              Duration
            </th>
            <th scope="col" className="px-4 py-3">
              State
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {a.recordings.map((r) => {
            const state = stateOf(a, r);
            const p = known.get(recordingKey(r.challenge, r.recording));
            const title = p
              ? `${p.student}, ${p.challengeName}, ${formatDateTime(p.created)} (recording ${r.recording})`
              : `recording ${r.recording}`;
            const open = state.started || role === "none";
            return (
              <tr
                key={`${r.organisation}/${r.recording}`}
                className="border-b border-slate-100 last:border-0"
                data-testid="assignment-recording"
              >
                <td className="px-4 py-3">
                  {p ? (
                    <>
                      <span className="block">
                        <span className="font-medium" data-testid="recording-student">
                          {p.student}
                        </span>{" "}
                        · {p.challengeName}
                      </span>
                      <span className="block text-xs text-slate-600" data-testid="recording-secondary">
                        {formatDateTime(p.created)}
                        <span className="md:hidden"> · {formatDuration(p.duration)}</span> ·{" "}
                        <span className="font-mono">{r.recording}</span>
                      </span>
                    </>
                  ) : (
                    <span className="block text-slate-700">
                      Recording <span className="font-mono text-xs">{r.recording}</span>
                    </span>
                  )}
                </td>
                <td className="hidden px-4 py-3 tabular-nums md:table-cell">{p ? formatDuration(p.duration) : "—"}</td>
                <td className="px-4 py-3">
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${state.tone}`}>{state.text}</span>
                </td>
                <td className="px-4 py-3 text-right">
                  <Link href={editorHref(a.id, r)} className={buttonClass(open ? "secondary" : "primary", "px-2 py-1")}>
                    {open ? "Open" : "Annotate"}
                    <span className="sr-only"> {title}</span>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
