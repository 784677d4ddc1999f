import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { log } from "@/lib/api/log";
import { liveTokens, resolveToken } from "@/lib/auth/tokens";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { metrics } from "@/lib/metrics/registry";
import { isDraining, onDrain } from "@/lib/server/lifecycle.mjs";
import { engineSummary } from "../engines/registry";
import { recognitionLimits } from "../limits";
import { allProcedures } from "../procedures/all";
import { dropIdleAnswers } from "../procedures/answers";
import { ERRORS, WampError } from "../wamp/messages";
import { WampSession } from "../wamp/wamp-session";

// The recognition server: WAMP v2 (JSON) sessions at /ws on the app's own port. The HTTP server
// (scripts/http-server.mjs) hands it every upgrade of /ws through the handler registered here on
// globalThis, so sessions use the same database client, token cache and metrics as the API.
// Every second the open sessions' tokens are checked again, all in one query: a revoked or expired
// one ends its session. Each session's principal (roles, permissions) is read again every
// PRINCIPAL_REFRESH_MS, in turns, so that a classroom of open sessions does not cost a token
// resolution per session per second.

export const UPGRADE_HANDLER = Symbol.for("speech-platform.ws-upgrade");
const PROTOCOLS = ["wamp.2.json"];
const TICK_MS = 1000;
const PRINCIPAL_REFRESH_MS = 10_000;

type Server = { sessions: Set<WampSession> };

/** Starts the recognition server on this process (once) and registers its upgrade handler. */
export function startRecognitionServer(): void {
  const g = globalThis as unknown as Record<symbol, unknown>;
  if (g[UPGRADE_HANDLER]) return;
  const limits = recognitionLimits();
  const server: Server = { sessions: new Set() };
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    handleProtocols: (offered) => PROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  const procedures = allProcedures();
  const perUser = new Map<string, number>();
  const admitted = new Set<WampSession>();
  const userKey = (s: WampSession) => s.principal?.user?.pk ?? s.principal?.scope ?? "";

  g[UPGRADE_HANDLER] = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isDraining()) return refuse(socket, 503, "The server is shutting down");
    if (server.sessions.size >= limits.sessionsPerInstance) {
      metrics().wsSessionsRefused.inc({ reason: "instance_limit" });
      return refuse(socket, 503, `This instance has its ${limits.sessionsPerInstance} sessions (WS_MAX_SESSIONS)`);
    }
    const client = String(req.headers["x-client-address"] ?? req.socket.remoteAddress ?? "");
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (ws.protocol !== "wamp.2.json") return ws.close(1002, "Offer the wamp.2.json subprotocol");
      const session = new WampSession(ws, {
        authenticate: (ticket) => resolveToken(db(), ticket),
        admit: (s) => {
          const key = userKey(s);
          const open = perUser.get(key) ?? 0;
          if (open >= limits.sessionsPerUser) {
            metrics().wsSessionsRefused.inc({ reason: "user_limit" });
            return new WampError(
              ERRORS.limitExceeded,
              `At most ${limits.sessionsPerUser} sessions per user (WS_MAX_SESSIONS_PER_USER)`,
            );
          }
          perUser.set(key, open + 1);
          admitted.add(s);
          metrics().wsSessions.inc();
          log("info", "ws-session", {
            session: s.id,
            user: s.principal?.user?.id ?? null,
            scope: s.principal?.scope,
            client,
          });
          return null;
        },
        procedures,
        onCall: ({ procedure, outcome, ms, error }) => {
          metrics().wsCalls.inc({ procedure, outcome });
          log(outcome === "ok" ? "info" : "warn", "ws-call", {
            session: session.id,
            user: session.principal?.user?.id ?? null,
            procedure,
            outcome,
            ms: Math.round(ms),
            ...(error ? { error } : {}),
          });
        },
        onClose: (s) => {
          server.sessions.delete(s);
          dropIdleAnswers(s.answers, -1);
          // Only sessions that were let in count against the limits (a refused one never did).
          if (!admitted.delete(s)) return;
          metrics().wsSessions.dec();
          const key = userKey(s);
          const left = (perUser.get(key) ?? 1) - 1;
          if (left > 0) perUser.set(key, left);
          else perUser.delete(key);
        },
      });
      server.sessions.add(session);
    });
  };

  const tick = setInterval(() => void checkSessions(server, limits.idleSeconds * 1000), TICK_MS);
  tick.unref();
  onDrain(() => drainSessions(server, config().server.shutdownGraceMs - 2000));
  void engineSummary().then((engines) =>
    log("info", "recognition-engines", {
      engines: engines.map((e) => ({ name: e.name, available: e.available, reason: e.reason ?? null })),
    }),
  );
}

/** Tokens revoked or expired end their sessions; principals are refreshed in turns; idle answers are dropped. */
async function checkSessions(server: Server, idleMs: number): Promise<void> {
  const open = [...server.sessions].filter((s) => s.open && s.ticket);
  for (const session of open) dropIdleAnswers(session.answers, idleMs);
  if (open.length === 0) return;
  // A failed query ends nobody: the next tick asks again.
  const live = await liveTokens(
    db(),
    open.map((s) => s.ticket!),
  ).catch(() => null);
  const now = Date.now();
  for (const session of open) {
    if (live && !live.has(session.ticket!)) {
      session.goodbye("wamp.close.token_revoked", "The access token was revoked or has expired");
      continue;
    }
    if (now - session.principalReadAt < PRINCIPAL_REFRESH_MS) continue;
    session.principalReadAt = now;
    const principal = await resolveToken(db(), session.ticket!).catch(() => session.principal);
    if (!principal) session.goodbye("wamp.close.token_revoked", "The access token was revoked or has expired");
    else session.principal = principal;
  }
}

/** On SIGTERM: answers in progress finish (within the grace period), then every session gets GOODBYE. */
async function drainSessions(server: Server, graceMs: number): Promise<void> {
  const deadline = Date.now() + Math.max(1000, graceMs);
  while ([...server.sessions].some((s) => s.busy > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const session of server.sessions)
    session.goodbye(ERRORS.systemShutdown, "The server is shutting down: connect again");
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${status === 503 ? "Service Unavailable" : "Error"}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
