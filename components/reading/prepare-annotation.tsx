"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { usePrepareForAnnotation } from "@/lib/web/reading/use-review";

// "Prepare for annotation": the attempt's audio becomes a speech recording of the student (made
// once; asking again finds the same one), whose annotation can then start from the reviewed
// words (the editor's pre-fill). Annotating goes through an assignment, which administrators make:
// the link opens a new one with this recording already chosen.

type Props = {
  feedbackId: string;
  student: string;
  challenge: { id: string; name: string };
  /** The recording made of this attempt before (the review says so), or null. */
  prepared: { id: string } | null;
};

export const newAssignmentHref = (challengeId: string, recordingId: string) =>
  `/assignments/new?${new URLSearchParams({ challenge: challengeId, recording: recordingId })}`;

export function PrepareAnnotation({ feedbackId, student, challenge, prepared }: Props) {
  const prepare = usePrepareForAnnotation(feedbackId, challenge.id);
  const recording = prepared ?? prepare.data ?? null;
  return (
    <section
      aria-labelledby="annotation-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="prepare-annotation"
    >
      <h2 id="annotation-heading" className="text-base font-semibold">
        Annotation
      </h2>
      {recording ? (
        <p role="status">
          The attempt is ready as a recording of {student} in {challenge.name}. To annotate it, an administrator adds it
          to an assignment:{" "}
          <Link href={newAssignmentHref(challenge.id, recording.id)} className="text-sky-800 underline">
            new assignment with this recording
          </Link>
          . In the editor, “Pre-fill words” then offers the reviewed attempt&apos;s words.
        </p>
      ) : (
        <>
          <p className="text-slate-700">
            Make this attempt a recording that can be annotated, starting from its words as reviewed here.
          </p>
          <Button disabled={prepare.isPending} onClick={() => prepare.mutate()}>
            {prepare.isPending ? "Preparing…" : "Prepare for annotation"}
          </Button>
        </>
      )}
    </section>
  );
}
