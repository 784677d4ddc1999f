"use client";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/states";
import { useDownload } from "@/lib/web/api/use-download";
import { Waveform } from "./waveform";

// The waveform of audio the API stores (an `...Url` field), fetched by the session cookie.
export function RemoteWaveform({
  url,
  label,
  overlay,
}: {
  url: string;
  label: string;
  overlay?: (duration: number) => ReactNode;
}) {
  const file = useDownload(url);
  if (file.isError)
    return <ErrorState title={`The ${label} could not be loaded`} error={file.error} onRetry={() => file.refetch()} />;
  return <Waveform blob={file.data ?? null} label={label} overlay={overlay} />;
}
