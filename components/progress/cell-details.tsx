"use client";
import type { ProgressEntry } from "@/lib/progress/schemas";
import type { SpeechRecordingOut } from "@/lib/recordings/schemas";
import { formatDateTime } from "@/lib/web/format";
import { displayName } from "@/lib/web/progress-grid";
import { useApiQuery } from "@/lib/web/use-api";
import { Button } from "@/components/button";
import type { Playing } from "./audio-player";

// The chosen cell: the student's result set for the challenge, its combined audio and each of
// its recordings (with their times, GET /api/challenges/speech/:id/recordings?userId=…), and
// the challenge's reference audio.

type Props = { entry: ProgressEntry; col: number; label: string; onPlay: (playing: Playing) => void };

export function CellDetails({ entry, col, label, onPlay }: Props) {
  const challenge = entry.challenges[col]!;
  const set = challenge.recordingSet;
  const name = displayName(entry.user);
  const recordings = useApiQuery<SpeechRecordingOut[]>(set ? `/api/challenges/speech/${encodeURIComponent(challenge.id)}/recordings` : null, {
    userId: entry.user.id,
    perPage: 100,
  });
  const created = new Map((recordings.data ?? []).map((r) => [r.id, r.created]));

  return (
    <section aria-label="Selected cell" data-testid="cell-details" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold">
        {name} · <span className="font-normal">{label}</span>
      </h2>
      {set ? (
        <>
          <p className="text-sm text-slate-600">
            Result set <code className="text-xs">{set.id}</code>, {set.recordings.length} recording{set.recordings.length === 1 ? "" : "s"}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => onPlay({ url: set.combinedAudioUrl, label: `${name} · ${label} (combined audio)` })}>
              ▶ Play combined audio
            </Button>
            {challenge.referenceAudioUrl && (
              <Button onClick={() => onPlay({ url: challenge.referenceAudioUrl!, label: `${label} (reference audio)` })}>▶ Reference audio</Button>
            )}
          </div>
          <ol className="space-y-1 text-sm">
            {set.recordings.map((r, i) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2">
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={!r.audioUrl}
                  onClick={() => r.audioUrl && onPlay({ url: r.audioUrl, label: `${name} · ${label}, recording ${i + 1}` })}
                >
                  ▶ Recording {i + 1}
                </Button>
                <span className="text-slate-600">{created.has(r.id) ? formatDateTime(created.get(r.id)!) : recordings.isPending ? "…" : ""}</span>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="text-sm text-slate-600">No recording yet.</p>
      )}
    </section>
  );
}
