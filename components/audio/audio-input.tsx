"use client";
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { ChosenFile, fileInputClass } from "@/components/chosen-file";
import { errorText } from "@/components/form-field";
import { describeBytes, headOf, sniffAudio } from "@/lib/web/audio/container";
import { toOggOpus } from "@/lib/web/audio/to-ogg-opus";
import { Recorder } from "./recorder";
import { RemoteWaveform } from "./remote-waveform";
import { Waveform } from "./waveform";

// An audio field: upload an audio file, or record one in the browser; either way it plays back
// in place over its waveform before it is sent. WAV and Ogg Opus go as they are; any other audio
// the browser can decode (MP3, M4A/AAC, WebM, FLAC, ...) is converted to Ogg Opus here first,
// with its progress shown, since the API takes only those two. Stored audio (`currentUrl`)
// shows until something replaces it.

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

const ACCEPT = "audio/*,.wav,.wave,.ogg,.opus,.oga,.mp3,.m4a,.aac,.mp4,.webm,.weba,.flac";

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function AudioInput({ label, value, onChange, currentUrl, currentOverlay, error, required, hint }: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [converting, setConverting] = useState<{ name: string; kind: string; progress: number } | null>(null);
  const [convertedFrom, setConvertedFrom] = useState<string | null>(null);
  const shown = problem ?? (error ? errorText(label, error) : null);
  const lower = label.charAt(0).toLowerCase() + label.slice(1);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again is noticed.
    input.value = "";
    if (!file) return;
    const head = await headOf(file);
    setProblem(null);
    if (sniffAudio(head)) {
      setConvertedFrom(null);
      onChange(file);
      return;
    }
    const kind = describeBytes(head);
    const known = kind !== "not audio the API accepts";
    setConverting({ name: file.name, kind: known ? kind : "audio", progress: 0 });
    try {
      const converted = await toOggOpus(file, (progress) => setConverting((c) => c && { ...c, progress }));
      setConvertedFrom(`${file.name} (${known ? kind : "audio"})`);
      onChange(converted);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      setProblem(
        `${file.name} could not be used: ${why}. Choose an audio file (WAV, Ogg Opus, MP3, M4A/AAC, WebM or FLAC).`,
      );
    } finally {
      setConverting(null);
    }
  };
  const onRecorded = (file: File) => {
    setProblem(null);
    setConvertedFrom(null);
    onChange(file);
  };

  return (
    <fieldset
      className="min-w-0 space-y-2 rounded-md border border-slate-200 bg-slate-50/60 p-3"
      aria-describedby={shown ? `${id}-error` : undefined}
    >
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
            disabled={!!converting}
            className={`max-w-64 ${fileInputClass}`}
          />
        </div>
        <span className="text-xs text-slate-500 uppercase">or</span>
        <Recorder label={lower} onRecorded={onRecorded} />
      </div>
      {converting && (
        <div
          className="flex flex-wrap items-center gap-2 text-xs text-slate-700"
          role="status"
          data-testid="audio-converting"
        >
          <label htmlFor={`${id}-progress`}>
            Converting {converting.name} ({converting.kind}) to Ogg Opus…
          </label>
          <progress id={`${id}-progress`} max={1} value={converting.progress} className="h-2 w-40" />
          <span>{Math.round(converting.progress * 100)}%</span>
        </div>
      )}
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {shown}
        </p>
      )}
      {value ? (
        <ChosenFile
          file={value}
          noun="audio"
          replaces={!!currentUrl}
          detail={
            convertedFrom ? `${sizeText(value.size)}, Ogg Opus converted from ${convertedFrom}` : sizeText(value.size)
          }
          label={lower}
          onRemove={() => onChange(null)}
          testId="audio-file"
        >
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
