import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AnnotationEditor } from "@/components/annotations/annotation-editor";
import { EarlyRequests } from "@/lib/web/early/early-script";
import { editorReads } from "@/lib/web/early/editor";

export const metadata: Metadata = { title: "Annotation editor · Speech training platform" };

type Props = {
  params: Promise<{ assignment: string; recording: string }>;
  searchParams: Promise<{ organisation?: string | string[] }>;
};

export default async function AnnotationEditorPage({ params, searchParams }: Props) {
  const { assignment, recording } = await params;
  const { organisation } = await searchParams;
  const id = Number(assignment);
  if (!Number.isInteger(id) || id < 1) notFound();
  const org = typeof organisation === "string" ? organisation : null;
  const recordingId = decodeURIComponent(recording);
  // Keyed: another recording is a fresh editor (no state carried over). The browser starts
  // the editor's reads as it parses the page (lib/web/early/).
  return (
    <>
      <EarlyRequests plan={editorReads(id, recordingId, org)} />
      <AnnotationEditor
        key={`${id}/${recording}/${org}`}
        assignmentId={id}
        recordingId={recordingId}
        organisation={org}
      />
    </>
  );
}
