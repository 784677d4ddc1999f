"use client";
import { useId, useState, type ChangeEvent, type ReactNode } from "react";
import { ChosenFile, fileInputClass } from "@/components/chosen-file";
import { errorText } from "@/components/form-field";
import { describeBytes, headOf, sniffAudio } from "@/lib/web/audio/container";
import { Recorder } from "./recorder";
import { RemoteWaveform } from "./remote-waveform";
import { Waveform } from "./waveform";

// An audio field: upload a WAV or Ogg Opus file, or record one in the browser; either way it
// plays back in place over its waveform before it is sent. Stored audio (`currentUrl`) shows
// until something replaces it. Files that are neither container are refused here already.

type Props = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** The stored audio this field would replace. */
  currentUrl?: string | null;
  /** Drawn over the stored audio's waveform (e.g. its alignment). */
  currentOverlay?: (duration: number) => ReactNode;
  error?: string;
  required?: boolean;
  hint?: string;
};

const ACCEPT = ".wav,.wave,.ogg,.opus,audio/wav,audio/x-wav,audio/wave,audio/ogg,audio/opus";

const sizeText = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function AudioInput({ label, value, onChange, currentUrl, currentOverlay, error, required, hint }: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? (error ? errorText(label, error) : null);
  const lower = label.charAt(0).toLowerCase() + label.slice(1);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again is noticed.
    input.value = "";
    if (!file) return;
    const head = await headOf(file);
    if (!sniffAudio(head)) {
      setProblem(`${file.name} is ${describeBytes(head)}: choose a WAV or Ogg Opus file.`);
      return;
    }
    setProblem(null);
    onChange(file);
  };
  const onRecorded = (file: File) => {
    setProblem(null);
    onChange(file);
  };

  return (
    <fieldset className="min-w-0 space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3" aria-describedby={shown ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-medium text-slate-800">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </legend>
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-file`} className="text-sm text-slate-700">
            Upload
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPT}
            aria-label={`Upload ${lower}`}
            onChange={(e) => void onFile(e)}
            className={`max-w-64 ${fileInputClass}`}
          />
        </div>
        <span className="text-xs text-slate-500 uppercase">or</span>
        <Recorder label={lower} onRecorded={onRecorded} />
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {shown}
        </p>
      )}
      {value ? (
        <ChosenFile file={value} noun="audio" replaces={!!currentUrl} detail={sizeText(value.size)} label={lower} onRemove={() => onChange(null)} testId="audio-file">
          <Waveform blob={value} label={lower} />
        </ChosenFile>
      ) : currentUrl ? (
        <div className="space-y-1">
          <p className="text-xs text-slate-600">Current audio</p>
          <RemoteWaveform url={currentUrl} label={lower} overlay={currentOverlay} />
        </div>
      ) : (
        <p className="text-xs text-slate-500">No audio yet.</p>
      )}
    </fieldset>
  );
}
