"use client";
import { Button } from "@/components/button";
import { ErrorState } from "@/components/states";
import type { ProgressCell } from "@/lib/progress/schemas";
import {
  displayName,
  formatDuration,
  formatScore,
  type GridCell,
  type Student,
} from "@/lib/web/progress/progress-grid";
import { formatDateTime } from "@/lib/web/ui/display-format";
import type { Playing } from "./audio-player";

// The chosen cell: what the grid knows of it (attempts, duration, score) at once, then from our
// GET /api/categories/:id/progress/cell the student's most recent result set for the challenge:
// its combined audio, each of its recordings with their times, and the reference audio.

type Opened = { data?: ProgressCell; isPending: boolean; error: Error | null; refetch: () => unknown };
type Props = { student: Student; cell: GridCell; label: string; opened: Opened; onPlay: (playing: Playing) => void };

export const combinedAudioPath = (resultSet: string) => `/api/resultsets/${encodeURIComponent(resultSet)}/audio`;

export function CellDetails({ student, cell, label, opened, onPlay }: Props) {
  const name = displayName(student);
  const set = opened.data?.recordingSet ?? null;
  const reference = opened.data?.referenceAudioUrl ?? null;

  return (
    <section
      aria-label="Selected cell"
      data-testid="cell-details"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-base font-semibold">
        {name} · <span className="font-normal">{label}</span>
      </h2>
      <p className="text-sm text-slate-700">
        {cell.attempts} attempt{cell.attempts === 1 ? "" : "s"} in all; the most recent answer lasts{" "}
        {formatDuration(cell.durationMs)}
        {cell.score !== null && `; pronunciation score ${formatScore(cell.score)}`}.
      </p>
      {opened.error ? (
        <ErrorState error={opened.error} onRetry={() => opened.refetch()} />
      ) : opened.isPending ? (
        <p className="text-sm text-slate-600">Loading the recordings…</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              disabled={!set}
              onClick={() =>
                set && onPlay({ url: combinedAudioPath(set.id), label: `${name} · ${label} (combined audio)` })
              }
            >
              ▶ Play combined audio
            </Button>
            {reference && (
              <Button onClick={() => onPlay({ url: reference, label: `${label} (reference audio)` })}>
                ▶ Reference audio
              </Button>
            )}
          </div>
          <p className="text-sm text-slate-700">
            {set?.recordings.length ?? 0} recording{set?.recordings.length === 1 ? "" : "s"} in the most recent answer.
          </p>
          <ol className="space-y-1 text-sm">
            {(set?.recordings ?? []).map((r, i) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2">
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={!r.audioUrl}
                  onClick={() =>
                    r.audioUrl && onPlay({ url: r.audioUrl, label: `${name} · ${label}, recording ${i + 1}` })
                  }
                >
                  ▶ Recording {i + 1}
                </Button>
                <span className="text-slate-700">{formatDateTime(r.created)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
