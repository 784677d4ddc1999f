"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { usePrepareForAnnotation } from "@/lib/web/reading/use-review";

// "Prepare for annotation": the attempt's audio becomes a speech recording of the student (made
// once; asking again finds the same one), whose annotation can then start from the reviewed
// words (the editor's pre-fill). Annotating goes through an assignment, which administrators make.

type Props = { feedbackId: string; student: string; challenge: string };

export function PrepareAnnotation({ feedbackId, student, challenge }: Props) {
  const prepare = usePrepareForAnnotation(feedbackId);
  return (
    <section
      aria-labelledby="annotation-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="prepare-annotation"
    >
      <h2 id="annotation-heading" className="text-base font-semibold">
        Annotation
      </h2>
      {prepare.data ? (
        <p role="status">
          The attempt is ready as a recording of {student} in {challenge}. To annotate it, an administrator adds it to
          an assignment (choose that challenge and student):{" "}
          <Link href="/assignments/new" className="text-sky-800 underline">
            new assignment
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
