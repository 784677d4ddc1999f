"use client";
import { useEffect, useRef, useState } from "react";
import { Button } from "../button";

// A password shown once, right after it was set: copy it now, it is never shown again
// (the API stores only its hash). "Done" forgets it.

export function OneTimeSecret({ login, secret, onDone }: { login: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      // No clipboard access (permissions, insecure origin): select it for the person to copy.
      field.current?.select();
      setCopied(document.execCommand?.("copy") ? "yes" : "no");
    }
  };

  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="region"
      aria-label="New password"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-semibold">Password for {login}</p>
      <p className="mt-1" id="one-time-note">
        Copy it now and give it to its owner: <strong>you will not see this password again.</strong>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          ref={field}
          readOnly
          aria-label={`Password for ${login}`}
          aria-describedby="one-time-note"
          data-testid="one-time-password"
          value={secret}
          onFocus={(e) => e.target.select()}
          className="min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-3 py-2 font-mono text-sm"
        />
        <Button onClick={copy}>Copy</Button>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
      <p role="status" className="mt-2 text-xs">
        {copied === "yes"
          ? "Copied to the clipboard."
          : copied === "no"
            ? "Copying is blocked here: the password is selected, press Ctrl+C."
            : ""}
      </p>
    </div>
  );
}
