"use client";
import { useEffect, useRef } from "react";
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
// its combined audio and the reference audio, then every answer (one attempt each), newest first,
// each playable as a whole or recording by recording.

type Opened = { data?: ProgressCell; isPending: boolean; error: Error | null; refetch: () => unknown };
type Props = { student: Student; cell: GridCell; label: string; opened: Opened; onPlay: (playing: Playing) => void };

export const combinedAudioPath = (resultSet: string) => `/api/resultsets/${encodeURIComponent(resultSet)}/audio`;

export function CellDetails({ student, cell, label, opened, onPlay }: Props) {
  const name = displayName(student);
  // A cell opened below the grid is brought into view (at 1280×800 it opened below the fold).
  const section = useRef<HTMLElement>(null);
  const key = `${student.id}\u0000${label}`;
  const loaded = !opened.isPending;
  useEffect(() => {
    if (key) section.current?.scrollIntoView({ block: loaded ? "nearest" : "start" });
  }, [key, loaded]);
  const set = opened.data?.recordingSet ?? null;
  const reference = opened.data?.referenceAudioUrl ?? null;
  const answers = opened.data?.answers ?? [];

  return (
    <section
      ref={section}
      aria-label="Selected cell"
      data-testid="cell-details"
      className="min-w-0 scroll-mt-4 space-y-3 overflow-hidden rounded-lg border border-slate-200 bg-white p-4 break-words"
    >
      <h2 className="text-base font-semibold">
        {name} · <span className="font-normal">{label}</span>
      </h2>
      <p className="text-sm text-slate-700">
        {cell.attempts} attempt{cell.attempts === 1 ? "" : "s"} (one per answer, however many sentences it has); the
        most recent answer lasts {formatDuration(cell.durationMs)}
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
          <h3 className="text-sm font-semibold">
            {answers.length} answer{answers.length === 1 ? "" : "s"}, newest first
          </h3>
          <ol className="space-y-3 text-sm" data-testid="cell-answers">
            {answers.map((answer, k) => {
              const n = answers.length - k;
              return (
                <li key={answer.id} className="rounded-md border border-slate-200 p-2" data-testid="cell-answer">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">
                      Answer {n}
                      {k === 0 ? " (most recent)" : ""}
                    </span>
                    <span className="text-slate-700">
                      {formatDateTime(answer.created)} · {formatDuration(answer.durationMs)} ·{" "}
                      {answer.recordings.length} recording{answer.recordings.length === 1 ? "" : "s"}
                    </span>
                    <Button
                      className="px-2 py-1"
                      onClick={() =>
                        onPlay({ url: combinedAudioPath(answer.id), label: `${name} · ${label}, answer ${n}` })
                      }
                    >
                      ▶ Play answer {n}
                    </Button>
                  </div>
                  <ol className="mt-1 flex flex-wrap gap-1">
                    {answer.recordings.map((r, i) => (
                      <li key={r.id}>
                        <Button
                          variant="ghost"
                          className="px-2 py-1"
                          disabled={!r.audioUrl}
                          aria-label={`Play answer ${n}, recording ${i + 1}`}
                          onClick={() =>
                            r.audioUrl &&
                            onPlay({ url: r.audioUrl, label: `${name} · ${label}, answer ${n}, recording ${i + 1}` })
                          }
                        >
                          ▶ Recording {i + 1}
                        </Button>
                      </li>
                    ))}
                  </ol>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
