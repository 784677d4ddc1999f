"use client";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/button";
import { ChosenFile, fileInputClass } from "@/components/chosen-file";
import { errorText } from "@/components/form-field";
import { ErrorState } from "@/components/states";
import { useDownload, useObjectUrl } from "@/lib/web/api/use-download";

// A file part of a speech challenge (its SubRip subtitles or its image): choose a file, see
// what it holds, and see what is stored now until a new file replaces it or it is marked to be
// removed when the form is saved.

type Kind = "image" | "srt";

type Props = {
  label: string;
  kind: Kind;
  value: File | null;
  onChange: (file: File | null) => void;
  currentUrl?: string | null;
  error?: string;
  hint?: string;
  /** Offered when given: the stored file is marked (or unmarked) for removal on save. */
  onRemoveStored?: (remove: boolean) => void;
  removing?: boolean;
};

const ACCEPT: Record<Kind, string> = {
  image: "image/png,image/jpeg,image/gif,image/webp",
  srt: ".srt,application/x-subrip,text/plain",
};

function check(kind: Kind, file: File): string | null {
  if (kind === "image" && !/^image\/(png|jpeg|gif|webp)$/.test(file.type))
    return `${file.name} is not a PNG, JPEG, GIF or WebP image.`;
  if (kind === "srt" && !/\.srt$/i.test(file.name)) return `${file.name} is not a SubRip (.srt) file.`;
  return null;
}

function Preview({ kind, blob, label }: { kind: Kind; blob: Blob; label: string }) {
  const url = useObjectUrl(kind === "image" ? blob : null);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (kind !== "srt") return;
    let live = true;
    void blob.text().then((t) => live && setText(t));
    return () => {
      live = false;
    };
  }, [kind, blob]);
  if (kind === "image") {
    // A plain <img>: an object URL leaves nothing for next/image to optimise.
    return url ? (
      <img
        src={url}
        alt={label}
        className="max-h-48 max-w-full rounded border border-slate-200 bg-white object-contain"
      />
    ) : null;
  }
  return (
    <pre
      className="max-h-40 overflow-auto rounded border border-slate-200 bg-white p-2 text-xs whitespace-pre-wrap"
      aria-label={label}
      tabIndex={0}
    >
      {text === null ? "…" : text.length > 2000 ? `${text.slice(0, 2000)}\n…` : text}
    </pre>
  );
}

function Stored({ kind, url, label }: { kind: Kind; url: string; label: string }) {
  const file = useDownload(url);
  if (file.isError)
    return (
      <ErrorState
        title={`The current ${label} could not be loaded`}
        error={file.error}
        onRetry={() => file.refetch()}
      />
    );
  if (!file.data) return <p className="text-xs text-slate-500">Loading the current {label}…</p>;
  return <Preview kind={kind} blob={file.data} label={`Current ${label}`} />;
}

export function FileField({
  label,
  kind,
  value,
  onChange,
  currentUrl,
  error,
  hint,
  onRemoveStored,
  removing = false,
}: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? (error ? errorText(label, error) : null);
  const lower = label.toLowerCase();
  return (
    <fieldset className="min-w-0 space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        aria-label={`Upload ${lower}`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          const bad = check(kind, file);
          setProblem(bad);
          if (!bad) onChange(file);
        }}
        className={`max-w-full ${fileInputClass}`}
      />
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {shown}
        </p>
      )}
      {value ? (
        <ChosenFile file={value} noun="file" replaces={!!currentUrl} label={lower} onRemove={() => onChange(null)}>
          <Preview kind={kind} blob={value} label={`New ${lower}`} />
        </ChosenFile>
      ) : currentUrl && removing ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-700" role="status">
          The current {lower} will be removed when you save.
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onRemoveStored?.(false)}>
            Keep the current {lower}
          </Button>
        </p>
      ) : currentUrl ? (
        <>
          <Stored kind={kind} url={currentUrl} label={lower} />
          {onRemoveStored && (
            <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onRemoveStored(true)}>
              Remove the current {lower}
            </Button>
          )}
        </>
      ) : (
        <p className="text-xs text-slate-500">None yet.</p>
      )}
    </fieldset>
  );
}
