import type { ReactNode } from "react";
import { Button } from "./button";

// What a file field (audio, image, subtitles) holds before it is sent: the chosen file's name,
// what it replaces, a button to remove it again, and its preview below.

/** A file input's classes: its "choose" button looks like ours. */
export const fileInputClass =
  "text-sm file:mr-2 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-100";

type Props = {
  file: File;
  /** What the field calls its content: "New audio: …", "Replaces the current file with …". */
  noun: string;
  /** Whether a stored one is replaced. */
  replaces: boolean;
  /** Shown in parentheses after the name (e.g. the size). */
  detail?: string;
  /** The field's label in lower case, for the Remove button's name. */
  label: string;
  onRemove: () => void;
  testId?: string;
  /** The preview. */
  children: ReactNode;
};

export function ChosenFile({ file, noun, replaces, detail, label, onRemove, testId, children }: Props) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span data-testid={testId}>
          {replaces ? `Replaces the current ${noun} with ` : `New ${noun}: `}
          <strong className="font-medium text-slate-800">{file.name}</strong>
          {detail && ` (${detail})`}
        </span>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onRemove} aria-label={`Remove the new ${label}`}>
          Remove
        </Button>
      </div>
      {children}
    </div>
  );
}
