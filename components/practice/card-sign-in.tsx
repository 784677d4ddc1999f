"use client";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import type { SignInCode } from "@/lib/organisations/schemas";

// The school's part of a credential card: a QR code of its sign-in address, the address and the
// short code, so that a student needs nothing but the username and password printed below it.
export function CardSignIn({ signIn }: { signIn: SignInCode }) {
  const url = `${window.location.origin}${signIn.path}`;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // A data: URL (the page's CSP allows data: images); margin 1 keeps the card small.
    void QRCode.toDataURL(url, { margin: 1, width: 96, errorCorrectionLevel: "M" }).then((d) => live && setQr(d));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <div className="mb-2 flex items-center gap-3">
      {qr && <img src={qr} width={72} height={72} alt={`QR code of ${url}`} className="shrink-0" />}
      <div className="min-w-0 text-xs">
        <p className="break-all">
          Go to <span className="font-mono">{url}</span>
        </p>
        <p>
          or <span className="font-mono">{window.location.host}/s</span> and type the school code{" "}
          <span className="font-mono text-sm font-semibold">{signIn.code}</span>
        </p>
      </div>
    </div>
  );
}
