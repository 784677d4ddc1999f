"use client";
import { useDownload, useObjectUrl } from "@/lib/web/api/use-download";

// An image the API serves (an `...Url` field): fetched by the session cookie and shown
// through an object URL; a grey box while it loads or when it cannot be had.
export function ApiImage({ url, alt, className = "" }: { url: string; alt: string; className?: string }) {
  const file = useDownload(url);
  const src = useObjectUrl(file.data);
  if (!src)
    return (
      <span
        aria-hidden
        className={`inline-block bg-slate-200 ${className}`}
        title={file.isError ? file.error.message : undefined}
      />
    );
  // A plain <img>: an object URL leaves nothing for next/image to optimise.
  return <img src={src} alt={alt} className={`object-cover ${className}`} />;
}
