import type { Annotation, Role } from "../model/types";

// The editor's words: a human title (what was read, by whom, how long), and what the two
// done markers mean and who acts next — so nobody has to know the workflow by heart.

/** 351 s → "5:51"; an hour and more → "1:02:03". */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export type TitleParts = {
  topic: string | null;
  prompt: string | null;
  student: string | null;
  durationSec: number | null;
};

const MAX_QUOTE = 60;
const quote = (text: string) => `‘${text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1).trimEnd()}…` : text}’`;

/** "Annotate: ‘The north wind and the sun’ — read by Student 4F2A9C, 5:51" (topic, else the prompt's start). */
export function editorTitle(parts: TitleParts): string {
  const what = parts.topic?.trim() || parts.prompt?.trim();
  const duration = formatDuration(parts.durationSec);
  const by = [parts.student?.trim() ? `read by ${parts.student.trim()}` : "read by a student", duration]
    .filter(Boolean)
    .join(", ");
  return `Annotate: ${what ? quote(what) : "a recording"} — ${by}`;
}

export type Stage = { key: "base" | "full" | "done" | "no-base"; title: string; text: string };

type Markers = Pick<Annotation, "doneBase" | "doneFull"> | null;

/** Where the recording is in the two-stage workflow, in words, and who does what next. */
export function workflowStage(markers: Markers, hasBaseAnnotator: boolean): Stage {
  if (markers?.doneFull) {
    return {
      key: "done",
      title: "Full done",
      text: "The full annotator has checked and completed this annotation: it is finished. Reopening it (full) hands it back to the full annotator.",
    };
  }
  if (!hasBaseAnnotator) {
    return {
      key: "no-base",
      title: "Full annotation",
      text: "This assignment has no base annotator: the full annotator labels every layer and marks it “full done” when finished.",
    };
  }
  if (markers?.doneBase) {
    return {
      key: "full",
      title: "Base done — with the full annotator",
      text: "The base annotator has handed over their layers. The full annotator now corrects them, adds the remaining layers and marks it “full done”; sending it back to base reopens it for the base annotator.",
    };
  }
  return {
    key: "base",
    title: "With the base annotator",
    text: "The base annotator labels the layers they are given and marks it “base done” to hand it over. After that the full annotator corrects it and adds the remaining layers.",
  };
}

/** What the caller in particular is expected to do now. */
export function nextStepFor(role: Role, stage: Stage): string | null {
  if (role === "base")
    return stage.key === "base"
      ? "Your turn: label, save, then mark it base done."
      : stage.key === "full"
        ? "You have handed it over; reopen it only if you must change something."
        : null;
  if (role === "full") {
    if (stage.key === "base") return "Not your turn yet: the base annotator is still working on it.";
    if (stage.key === "full" || stage.key === "no-base")
      return "Your turn: correct, complete, save, then mark it full done.";
    return null;
  }
  if (role === "admin") return "As an administrator you may edit at any stage and set either marker.";
  return null;
}

/** A full annotator editing before the base annotator is done (their changes come before the hand-over). */
export const fullBeforeBase = (role: Role, markers: Markers, hasBaseAnnotator: boolean): boolean =>
  role === "full" && hasBaseAnnotator && !!markers && !markers.doneBase && !markers.doneFull;
