"use client";
import { useRef } from "react";
import { Button, buttonClass } from "@/components/button";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/web/annotations/saving/annotation-api";

// Exports of the saved annotation (downloaded by the session cookie) and the TextGrid/EAF import,
// which is previewed first (tiers mapped, changes per layer) and then becomes an undoable edit
// of the draft. Finished work (doneFull) takes no import until it is reopened.

type Props = {
  canImport: boolean;
  importBlocked?: string | null;
  busy: boolean;
  dirty: boolean;
  onExport: (format: ExportFormat) => void;
  onImport: (file: File) => void;
};

export function ExchangeControls({ canImport, importBlocked = null, busy, dirty, onExport, onImport }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="exchange">
      <span
        className="text-slate-700"
        title={dirty ? "Exports hold the saved version, without your unsaved changes" : undefined}
      >
        Export{dirty ? " (saved version)" : ""}:
      </span>
      {EXPORT_FORMATS.map((f) => (
        <Button
          key={f.format}
          className="px-2 py-1"
          onClick={() => onExport(f.format)}
          aria-label={`Export ${f.label}`}
        >
          {f.label}
        </Button>
      ))}
      {canImport && importBlocked && (
        <span className="text-xs text-slate-600" data-testid="import-blocked">
          Import: {importBlocked}
        </span>
      )}
      {canImport && !importBlocked && (
        <label
          className={buttonClass(
            "secondary",
            `cursor-pointer px-2 py-1 ${busy ? "pointer-events-none opacity-60" : ""}`,
          )}
        >
          Import TextGrid / EAF…
          <input
            ref={input}
            type="file"
            accept=".TextGrid,.textgrid,.eaf"
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onImport(file);
              if (input.current) input.current.value = "";
            }}
          />
        </label>
      )}
    </div>
  );
}
