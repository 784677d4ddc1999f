"use client";
import Script from "next/script";
import { useCallback, useEffect, useRef, useState } from "react";

type ScalarGlobal = {
  createApiReference: (el: HTMLElement, config: Record<string, unknown>) => { destroy?: () => void };
};

// Matches the app's slate palette and system fonts (no web fonts are downloaded).
const CUSTOM_CSS = `
.light-mode {
  --scalar-color-1: #0f172a; --scalar-color-2: #475569; --scalar-color-3: #64748b;
  --scalar-color-accent: #0f172a; --scalar-background-1: #ffffff; --scalar-background-2: #f8fafc;
  --scalar-background-3: #f1f5f9; --scalar-border-color: #e2e8f0;
}
:root { --scalar-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --scalar-radius: 6px; }
`;

/** Scalar's reference, loaded from /docs/scalar.js, with the caller's token pre-filled. */
export function ApiReference({ token }: { token: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const onLoad = useCallback(() => setLoaded(true), []);

  useEffect(() => {
    const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
    if (!loaded || !scalar || !ref.current) return;
    const app = scalar.createApiReference(ref.current, {
      url: "/api/openapi.json",
      withDefaultFonts: false,
      hideDownloadButton: false,
      hideModels: false,
      telemetry: false,
      theme: "none",
      customCss: CUSTOM_CSS,
      defaultOpenAllTags: false,
      // Nothing that leaves this installation: no hosted client link, no AI agent.
      hideClientButton: true,
      showDeveloperTools: "never",
      agent: { disabled: true },
      authentication: token
        ? { preferredSecurityScheme: "bearerAuth", securitySchemes: { bearerAuth: { token } } }
        : { preferredSecurityScheme: "bearerAuth" },
    });
    return () => app?.destroy?.();
  }, [loaded, token]);

  return (
    <>
      <Script src="/docs/scalar.js" strategy="afterInteractive" onLoad={onLoad} onReady={onLoad} />
      <div ref={ref} className="flex-1" data-testid="api-reference" />
    </>
  );
}
