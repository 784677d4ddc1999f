import { isIP } from "node:net";
import parseForwarded from "forwarded-parse";
import proxyaddr from "proxy-addr";

// Which address a request came from. Forwarding headers are written by whoever sends them,
// so they are believed only hop by hop from the socket's peer inwards, as long as each hop
// is a trusted proxy (TRUST_PROXY): the first untrusted hop is the client. Only one header
// is read (TRUST_PROXY_HEADER): a proxy that maintains one of them passes the other on as
// the client sent it, so reading both would let the client choose.

export const CLIENT_ADDRESS_HEADER = "x-client-address";

/**
 * Checks a TRUST_PROXY value (comma-separated addresses, CIDR ranges or proxy-addr's names
 * loopback, linklocal, uniquelocal) and returns its entries; throws a TypeError naming a bad one.
 */
export function parseTrustList(value) {
  const entries = (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length) proxyaddr.compile(entries);
  return entries;
}

/** `(req) => address` for node:http requests. */
export function clientAddressResolver(trustList, header = "x-forwarded-for") {
  if (!trustList.length) return (req) => plain(req.socket.remoteAddress ?? "");
  const trust = proxyaddr.compile(trustList);
  return (req) => decide(plain(req.socket.remoteAddress ?? ""), hops(req.headers[header], header), trust);
}

/** The client behind `peer`, given the forwarded hops nearest first. Exported for tests. */
export function decide(peer, forwardedHops, trust) {
  let address = peer;
  for (let i = 0; i < forwardedHops.length && trust(address, i); i++) {
    const next = plain(forwardedHops[i]);
    // A trusted proxy that forwarded no address ("unknown", an obfuscated name) is the last hop known.
    if (!isIP(next)) break;
    address = next;
  }
  return address;
}

/** The addresses a forwarding header lists, nearest hop first. Exported for tests. */
export function hops(value, header) {
  if (!value) return [];
  const text = Array.isArray(value) ? value.join(",") : value;
  if (header === "forwarded") {
    try {
      return parseForwarded(text)
        .map((element) => element.for ?? "")
        .reverse();
    } catch {
      return []; // malformed: nothing in it can be believed
    }
  }
  return text
    .split(",")
    .map((e) => e.trim())
    .reverse();
}

// "1.2.3.4:5678", "[2001:db8::1]:443", "::ffff:1.2.3.4" → the bare address.
function plain(address) {
  let a = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(a);
  return mapped ? mapped[1] : a;
}
