// The CSP nonce (lib/web/csp.ts) of the page this runs in, for code in the browser that adds
// <style> or <script> elements (wavesurfer's styles).

/** The nonce of the page this runs in (browsers hide the attribute but keep the property). */
export function pageNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
