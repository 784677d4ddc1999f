import "server-only";

// The web app's Content-Security-Policy, built per page request with a fresh nonce (proxy.ts);
// Next.js reads the nonce from the request's copy of the header and puts it on its scripts.

/**
 * Scripts: files from our own origin (Next's chunks, the recorder's AudioWorklet) and inline
 * code carrying the nonce; nothing else. Not 'strict-dynamic': Chromium then also runs inline
 * scripts that any script creates, without a nonce. Files from our origin are safe to allow:
 * stored uploads are served with their own (non-script) types and `nosniff`.
 * Styles: stylesheets from us and <style> elements with the nonce (wavesurfer's is given it);
 * style *attributes* stay allowed, since React, the virtual lists and the waveform position
 * elements with them and a nonce cannot cover an attribute.
 */
export function contentSecurityPolicy(nonce: string, { dev = false, docs = false } = {}): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // React's development build evaluates code for its debugging aids; production never does.
    // The API reference (/docs, Scalar's bundle from our origin) compiles schemas with eval and
    // injects <style> elements without a nonce: that page alone gets both.
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(dev || docs ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", docs ? "'unsafe-inline'" : `'nonce-${nonce}'`],
    "style-src-attr": ["'unsafe-inline'"],
    // Downloads of the API's files become object URLs (pictures, recorded takes) or stream from /api.
    "img-src": ["'self'", "blob:", "data:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    // mediabunny (remuxing recordings) may start a timer worker from a blob: URL.
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** 128 random bits, base64: unguessable, and new for every page. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
