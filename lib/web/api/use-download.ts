"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ApiRequestError } from "./api-client";
import { downloadFile } from "./api-upload";
import { useApiSession } from "./use-api";

// Files the API serves (`...Url` fields), fetched here (cached per URL and view) and shown
// through object URLs.

export function useDownload(url: string | null | undefined) {
  const { scope } = useApiSession();
  return useQuery<Blob, ApiRequestError>({
    queryKey: ["download", scope, url ?? ""],
    queryFn: ({ signal }) => downloadFile(url!, signal),
    enabled: !!url && !!scope,
    // A file behind a URL never changes: a new upload gets a new URL.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** An object URL for `blob`, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
