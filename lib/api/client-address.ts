// The client's address as decided by the HTTP server (scripts/http-server.mjs): the socket's
// peer, or, when that peer is a trusted proxy (TRUST_PROXY), the address it forwarded. The
// server always overwrites this header, so a client cannot set it.
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export function clientAddress(req: { headers: Headers }): string | null {
  const value = req.headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return value ? value.slice(0, 64) : null;
}
