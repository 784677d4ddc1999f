import type { IncomingMessage } from "node:http";
import { expect, test } from "@playwright/test";
import { clientAddressResolver, hops, parseTrustList } from "./client-address.mjs";

const request = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

test("without TRUST_PROXY the socket's peer is the client, whatever the headers say", () => {
  const resolve = clientAddressResolver([]);
  expect(resolve(request("203.0.113.7", { "x-forwarded-for": "198.51.100.1", forwarded: "for=198.51.100.2" }))).toBe(
    "203.0.113.7",
  );
  expect(resolve(request("::ffff:203.0.113.7"))).toBe("203.0.113.7");
});

test("X-Forwarded-For is believed hop by hop from the peer, only through trusted proxies", () => {
  const resolve = clientAddressResolver(parseTrustList("10.0.0.0/8, 192.168.1.5"));
  // An untrusted peer forges the header: ignored.
  expect(resolve(request("203.0.113.7", { "x-forwarded-for": "1.2.3.4" }))).toBe("203.0.113.7");
  // A trusted proxy forwarded the client.
  expect(resolve(request("10.1.2.3", { "x-forwarded-for": "198.51.100.9" }))).toBe("198.51.100.9");
  // The client forged hops of its own before the proxy appended its address: the first untrusted hop wins.
  expect(resolve(request("10.1.2.3", { "x-forwarded-for": "6.6.6.6, 10.9.9.9, 198.51.100.9" }))).toBe("198.51.100.9");
  // A chain of trusted proxies is walked through.
  expect(resolve(request("10.1.2.3", { "x-forwarded-for": "198.51.100.9, 192.168.1.5, 10.0.0.1" }))).toBe(
    "198.51.100.9",
  );
  // A forged client address beyond the real client is never reached.
  expect(resolve(request("10.1.2.3", { "x-forwarded-for": "10.0.0.2, 198.51.100.9" }))).toBe("198.51.100.9");
  // Ports and IPv6 brackets as some balancers write them.
  expect(resolve(request("10.1.2.3", { "x-forwarded-for": "198.51.100.9:5123" }))).toBe("198.51.100.9");
  expect(resolve(request("::ffff:10.1.2.3", { "x-forwarded-for": "[2001:db8::1]:443" }))).toBe("2001:db8::1");
  // A trusted proxy that forwarded no address: the proxy is the last hop known.
  expect(resolve(request("10.1.2.3", { "x-forwarded-for": "unknown" }))).toBe("10.1.2.3");
  expect(resolve(request("10.1.2.3"))).toBe("10.1.2.3");
});

test("with TRUST_PROXY_HEADER=forwarded only the Forwarded header counts, malformed ones not at all", () => {
  const resolve = clientAddressResolver(parseTrustList("loopback"), "forwarded");
  expect(resolve(request("127.0.0.1", { forwarded: 'for=198.51.100.9;proto=https, for="[2001:db8::2]:4711"' }))).toBe(
    "2001:db8::2",
  );
  expect(resolve(request("127.0.0.1", { forwarded: "for=198.51.100.9", "x-forwarded-for": "6.6.6.6" }))).toBe(
    "198.51.100.9",
  );
  expect(resolve(request("127.0.0.1", { "x-forwarded-for": "6.6.6.6" }))).toBe("127.0.0.1");
  expect(resolve(request("127.0.0.1", { forwarded: "for=_hidden" }))).toBe("127.0.0.1");
  expect(resolve(request("127.0.0.1", { forwarded: "for=1.2.3.4;;" }))).toBe("127.0.0.1");
  expect(hops("for=1.1.1.1, for=2.2.2.2", "forwarded")).toEqual(["2.2.2.2", "1.1.1.1"]);
});

test("a bad TRUST_PROXY entry is refused with its name", () => {
  expect(parseTrustList(" ")).toEqual([]);
  expect(parseTrustList("10.0.0.0/8,::1")).toEqual(["10.0.0.0/8", "::1"]);
  expect(() => parseTrustList("10.0.0.0/8, proxy.example.com")).toThrow(/proxy\.example\.com/);
  expect(() => parseTrustList("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
});
