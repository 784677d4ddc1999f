"use client";
import type { SpeechRecordingOut } from "@/lib/recordings/schemas";
import { formatDateTime } from "@/lib/web/format";
import { displayName, formatDuration, formatScore, type GridCell, type Student } from "@/lib/web/progress-grid";
import { useApiQuery } from "@/lib/web/use-api";
import { Button } from "@/components/button";
import type { Playing } from "./audio-player";

// The chosen cell: the student's most recent result set for the challenge, its combined audio
// and each of its recordings (with their times, GET /api/challenges/speech/:id/recordings?userId=…),
// and the challenge's reference audio.

type Props = { student: Student; challenge: { id: string; referenceAudioUrl: string | null }; cell: GridCell; label: string; onPlay: (playing: Playing) => void };

export const combinedAudioPath = (resultSet: string) => `/api/resultsets/${encodeURIComponent(resultSet)}/audio`;

export function CellDetails({ student, challenge, cell, label, onPlay }: Props) {
  const name = displayName(student);
  const recordings = useApiQuery<SpeechRecordingOut[]>(`/api/challenges/speech/${encodeURIComponent(challenge.id)}/recordings`, { userId: student.id, perPage: 100 });
  const inSet = (recordings.data ?? []).filter((r) => r.resultSet?.id === cell.resultSet);

  return (
    <section aria-label="Selected cell" data-testid="cell-details" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">
        {name} · <span className="font-normal">{label}</span>
      </h2>
      <p className="text-sm text-slate-700">
        {cell.attempts} attempt{cell.attempts === 1 ? "" : "s"} in all; the most recent answer lasts {formatDuration(cell.durationMs)}
        {cell.score !== null && `; pronunciation score ${formatScore(cell.score)}`}.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => onPlay({ url: combinedAudioPath(cell.resultSet), label: `${name} · ${label} (combined audio)` })}>
          ▶ Play combined audio
        </Button>
        {challenge.referenceAudioUrl && <Button onClick={() => onPlay({ url: challenge.referenceAudioUrl!, label: `${label} (reference audio)` })}>▶ Reference audio</Button>}
      </div>
      {recordings.isPending ? (
        <p className="text-sm text-slate-600">Loading the recordings…</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {inSet.length} recording{inSet.length === 1 ? "" : "s"} in the most recent answer.
          </p>
          <ol className="space-y-1 text-sm">
            {inSet.map((r, i) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2">
                <Button variant="ghost" className="px-2 py-1" disabled={!r.audioUrl} onClick={() => r.audioUrl && onPlay({ url: r.audioUrl, label: `${name} · ${label}, recording ${i + 1}` })}>
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
