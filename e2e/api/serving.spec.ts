// The HTTP server in production conditions, on a private server (its log and process are read):
// keep-alive connections reused across idle gaps around Node's old 5 s limit never meet a
// reset; headers sent a byte a second are cut off at HEADERS_TIMEOUT_SECONDS while others are
// served; a stalled upload is closed at UPLOAD_STALL_SECONDS, a slow but moving one is not;
// TRUST_PROXY decides the client address in the logs; and downloads cut off at random points
// leave no uncaught exception and no open file behind.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { makeLongSpeech } from "../../lib/audio/test-audio";
import { ADMIN_PASSWORD, PORTS } from "../support/env";
import { cutDownloads, openDescriptors, rawExchange, settledDescriptorCount } from "../support/raw-http";
import { type PrivateServer, privateServer, seedOrganisation, serverCall } from "../support/server";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const HEADERS_TIMEOUT_S = 3;
const UPLOAD_STALL_S = 3;
const TRUSTED_PROXY = "127.0.0.2"; // the whole of 127/8 is loopback: tests connect from it as "the proxy"
let server: PrivateServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await privateServer(PORTS.sqlite + 5, {
    LOG_LEVEL: "info",
    TRUST_PROXY: `${TRUSTED_PROXY}, 10.0.0.0/8`,
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
    UPLOAD_STALL_SECONDS: String(UPLOAD_STALL_S),
  });
});
test.afterAll(async () => {
  if (server && /uncaught|"level":"error"/i.test(server.log())) console.error(`--- server log ---\n${server.log()}`);
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const port = () => Number(new URL(server.url).port);
type LogLine = Record<string, unknown>;
const logLines = (): LogLine[] =>
  server
    .log()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);

// Node 20 closes an idle connection about a second after its keepAliveTimeout (5 s by default):
// gaps from 4.5 to 6.5 s straddle both, where a client's reuse meets the server's close.
test("keep-alive connections reused after idle gaps of 4.5 to 6.5 s never meet a reset", async () => {
  test.setTimeout(120_000);
  const CONNECTIONS = 40;
  const REQUESTS = 6; // 5 reuses each: 200 in all
  let reused = 0;
  const errors: string[] = [];
  const get = (agent: http.Agent) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: port(), path: "/api/tenants", agent }, (res) => {
        if (req.reusedSocket) reused++;
        res.resume();
        res.on("end", () => {
          if (res.statusCode !== 401) errors.push(`status ${res.statusCode}`);
          resolve();
        });
      });
      req.on("error", (e) => {
        errors.push(`${(e as NodeJS.ErrnoException).code ?? e.message} (reused socket: ${req.reusedSocket})`);
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      await sleep(Math.random() * 1000);
      for (let i = 0; i < REQUESTS; i++) {
        if (i > 0) await sleep(4500 + Math.random() * 2000);
        await get(agent);
      }
      agent.destroy();
    }),
  );
  expect(errors).toEqual([]);
  expect(reused).toBe(CONNECTIONS * (REQUESTS - 1));
});

test("headers sent a byte a second are cut off at the bound while other clients are served", async () => {
  const SLOW = 10;
  const slow = Array.from({ length: SLOW }, () => {
    const socket = net.connect(port(), "127.0.0.1");
    const started = Date.now();
    let received = "";
    socket.on("data", (d) => (received += d.toString("latin1")));
    socket.on("error", () => {});
    const closed = new Promise<{ ms: number; received: string }>((resolve) =>
      socket.on("close", () => resolve({ ms: Date.now() - started, received })),
    );
    socket.write("GET /api/health HTTP/1.1\r\nHost: slow.test\r\nX-Slow: ");
    const drip = setInterval(() => (socket.destroyed ? clearInterval(drip) : socket.write("a")), 1000);
    return closed.finally(() => clearInterval(drip));
  });
  // Meanwhile, other clients are answered promptly.
  const served: number[] = [];
  const stop = Date.now() + (HEADERS_TIMEOUT_S + 2) * 1000;
  while (Date.now() < stop) {
    const t = Date.now();
    const response = await fetch(`${server.url}/api/tenants`);
    expect(response.status).toBe(401);
    served.push(Date.now() - t);
    await sleep(200);
  }
  const results = await Promise.all(slow);
  for (const { ms, received } of results) {
    expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_S * 1000 - 100);
    // Checked each second (connectionsCheckingInterval), plus scheduling on a busy machine.
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_S * 1000 + 3000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('"requestId"');
  }
  expect(served.length).toBeGreaterThan(10);
  expect(Math.max(...served)).toBeLessThan(2000);
});

test("a stalled upload is closed at the bound; a slow one that keeps moving completes", async () => {
  const form = `grant_type=password&username=admin&password=${encodeURIComponent(ADMIN_PASSWORD)}`;
  const head = (length: number) =>
    `POST /api/tokens HTTP/1.1\r\nHost: upload.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;

  // 20 bytes of a declared 200, then nothing.
  const stalled = net.connect(port(), "127.0.0.1");
  stalled.on("error", () => {});
  const lastByte = Date.now();
  const closedAfter = new Promise<number>((resolve) => stalled.on("close", () => resolve(Date.now() - lastByte)));
  stalled.write(head(200) + form.slice(0, 20));

  // The whole form, a few bytes a second for longer than the stall bound.
  const slow = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: port(),
        path: "/api/tokens",
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": form.length },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    void (async () => {
      const piece = Math.ceil(form.length / 8);
      for (let i = 0; i < form.length; i += piece) {
        req.write(form.slice(i, i + piece));
        await sleep(1000);
      }
      req.end();
    })();
  });

  const ms = await closedAfter;
  expect(ms).toBeGreaterThanOrEqual(UPLOAD_STALL_S * 1000 - 100);
  expect(ms).toBeLessThan(UPLOAD_STALL_S * 1000 + 3000);
  const completed = await slow;
  expect(completed.status, completed.body).toBe(200);
  expect(JSON.parse(completed.body)).toHaveProperty("access_token");
  await expect
    .poll(() => logLines().filter((l) => l.event === "upload-stalled" && l.path === "/api/tokens").length)
    .toBe(1);
  // The route that was reading the body sees a client gone, not a server fault.
  expect(logLines().filter((l) => l.level === "error")).toEqual([]);
});

test("TRUST_PROXY: forwarding from an untrusted peer is ignored, a trusted proxy's is believed", async () => {
  const exchange = (headers: string, localAddress?: string) =>
    rawExchange(server.url, `GET /api/tenants HTTP/1.1\r\nHost: proxy.test\r\n${headers}\r\n`, { localAddress });
  const clientOf = async (response: { headers: Record<string, string> }) => {
    const id = response.headers["x-request-id"];
    await expect.poll(() => logLines().some((l) => l.requestId === id)).toBe(true);
    return logLines().find((l) => l.requestId === id)!.client;
  };
  // A client (not a trusted proxy) forging both the forwarding header and the decided address.
  expect(await clientOf(await exchange("X-Forwarded-For: 203.0.113.50\r\nX-Client-Address: 198.51.100.66\r\n"))).toBe(
    "127.0.0.1",
  );
  // The trusted proxy forwards a client.
  expect(await clientOf(await exchange("X-Forwarded-For: 203.0.113.51\r\n", TRUSTED_PROXY))).toBe("203.0.113.51");
  // The client had put a forged hop in front: the proxy's own addition wins; the forged header is replaced.
  expect(
    await clientOf(
      await exchange(
        "X-Forwarded-For: 10.1.1.1, 198.51.100.66, 203.0.113.52\r\nX-Client-Address: 198.51.100.66\r\n",
        TRUSTED_PROXY,
      ),
    ),
  ).toBe("203.0.113.52");
  // Through a second trusted proxy (10/8) to the client.
  expect(await clientOf(await exchange("X-Forwarded-For: 203.0.113.53, 10.2.3.4\r\n", TRUSTED_PROXY))).toBe(
    "203.0.113.53",
  );
  // The Forwarded header is not the one configured (TRUST_PROXY_HEADER): not believed.
  expect(await clientOf(await exchange("Forwarded: for=203.0.113.54\r\n", TRUSTED_PROXY))).toBe(TRUSTED_PROXY);
  // Requests the HTTP server answers itself are logged with the client too.
  const refused = await rawExchange(
    server.url,
    "TRACE /api/tenants HTTP/1.1\r\nHost: proxy.test\r\nX-Forwarded-For: 203.0.113.56\r\n\r\n",
    { localAddress: TRUSTED_PROXY },
  );
  expect(refused.status).toBe(405);
  expect(await clientOf(refused)).toBe("203.0.113.56");
});

test("sign-in throttling counts per account and client address: a guesser behind the proxy locks out only itself; a forged X-Forwarded-For changes nothing", async () => {
  const { asStudent, studentId } = await seedOrganisation(server, "throttle-t", "throttle-o");
  const username = `thr-${studentId.slice(0, 8)}`;
  await serverCall(
    server,
    "POST",
    "/user/basicauths",
    asStudent,
    JSON.stringify({ username, password: "right-password-1" }),
    "application/json",
  );
  const scope = "tenant/throttle-t/organisation/throttle-o";
  const attempt = async (password: string, headers: string, localAddress?: string) => {
    const body = new URLSearchParams({ grant_type: "password", username, password, scope }).toString();
    const request = `POST /api/tokens HTTP/1.1\r\nHost: proxy.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`;
    return (await rawExchange(server.url, request, { localAddress })).status;
  };
  // Through the trusted proxy, client 203.0.113.70 guesses until locked out.
  const guesser = "X-Forwarded-For: 203.0.113.70\r\n";
  for (let i = 0; i < 5; i++) expect(await attempt(`wrong-${i}`, guesser, TRUSTED_PROXY)).toBe(400);
  expect(await attempt("right-password-1", guesser, TRUSTED_PROXY)).toBe(429);
  // The account's owner, another client behind the same proxy, still signs in.
  expect(await attempt("right-password-1", "X-Forwarded-For: 203.0.113.71\r\n", TRUSTED_PROXY)).toBe(200);
  // An untrusted peer forging a fresh X-Forwarded-For on each guess is one address to the throttle.
  for (let i = 0; i < 5; i++) expect(await attempt(`wrong-${i}`, `X-Forwarded-For: 198.51.100.${i}\r\n`)).toBe(400);
  expect(await attempt("right-password-1", "X-Forwarded-For: 198.51.100.99\r\n")).toBe(429);
});

test("200 downloads cut off at random points: no uncaught exception, no descriptor left open", async () => {
  test.setTimeout(180_000);
  const { org } = await seedOrganisation(server, "serve-t", "serve-o");
  const audioDir = fs.mkdtempSync(path.join(os.tmpdir(), "serve-audio-"));
  try {
    // 9.6 MB: more than the socket buffers hold, so slow readers hold the server up.
    const wav = fs.readFileSync(await makeLongSpeech(audioDir, 300, { format: "wav" }));
    const body = new FormData();
    body.append("language", "eng");
    for (const c of ["a long recording", "nothing"]) body.append("choices", c);
    body.append("audio", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "long.wav");
    const challenge = await serverCall<{ choices: { audioUrl: string }[] }>(
      server,
      "POST",
      "/challenges/choice",
      org,
      body,
    );
    const url = challenge.choices[0].audioUrl;

    const pid = server.httpPid()!;
    expect(pid).toBeTruthy();
    const storedFiles = () =>
      openDescriptors(pid).filter((target) => target.startsWith(path.join(server.dataDir, "files")));
    // Warm up (first requests open what the server keeps open), then count.
    for (const range of [undefined, "bytes=100-200000"]) {
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${org}`, ...(range ? { Range: range } : {}) },
      });
      expect(response.status).toBe(range ? 206 : 200);
      await response.arrayBuffer();
    }
    const before = await settledDescriptorCount(pid, port());

    // HEAD of a range: the answer's headers only, and no file opened for a body nobody reads.
    for (let i = 0; i < 10; i++) {
      const head = await fetch(url, {
        method: "HEAD",
        headers: { Authorization: `Bearer ${org}`, Range: `bytes=${i * 1000}-${i * 1000 + 99}` },
      });
      expect(head.status).toBe(206);
      expect(head.headers.get("content-length")).toBe("100");
    }
    const results = await cutDownloads(url, org, wav.length, 200);
    expect(results).toHaveLength(200);
    const answered = results.filter((r) => r.status !== null);
    expect(answered.every((r) => r.status === (r.range ? 206 : 200))).toBe(true);
    expect(
      results.filter((r) => r.status !== null && r.received < (r.range ? r.range[1] - r.range[0] + 1 : wav.length))
        .length,
    ).toBeGreaterThan(100);

    await expect.poll(storedFiles, { timeout: 15_000 }).toEqual([]);
    expect(await settledDescriptorCount(pid, port())).toBe(before);
    // Also not by the garbage collector, which would hide a leak from the counts above.
    expect(server.log()).not.toMatch(
      /uncaughtException|Controller is already closed|ERR_INVALID_STATE|on garbage collection/,
    );
  } finally {
    fs.rmSync(audioDir, { recursive: true, force: true });
  }
});
