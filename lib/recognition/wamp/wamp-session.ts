import { randomInt } from "node:crypto";
import type { WebSocket } from "ws";
import type { Principal } from "@/lib/auth/principal";
import { ClientRegistrations } from "./client-registrations";
import { ERRORS, inbound, MSG, tailArguments, WampError } from "./messages";
import { toWampError } from "./wamp-errors";

// One WAMP session on one websocket: the ticket handshake, calls to our procedures (with
// progressive results), and the procedures the client registers so that we can pull its audio.
// A session's registrations live in the session: no other session can reach them, and names that
// collide across sessions (the SDK names them by the second) never meet.

export type CallContext = {
  session: WampSession;
  principal: Principal;
  procedure: string;
  /** Sends a progressive result, when the caller asked for them. */
  progress: (value: unknown) => void;
  signal: AbortSignal;
};

export type Procedure = (ctx: CallContext, args: unknown[], kwargs: Record<string, unknown>) => Promise<unknown>;

export type SessionHooks = {
  /** Resolves a ticket exactly as a bearer token; null refuses the session. */
  authenticate: (ticket: string) => Promise<Principal | null>;
  /** Called once the session is open; may refuse it (a limit), returning the reason. */
  admit: (session: WampSession) => WampError | null;
  procedures: ReadonlyMap<string, Procedure>;
  onCall: (event: { procedure: string; outcome: string; ms: number; error?: string }) => void;
  onClose: (session: WampSession) => void;
};

const HANDSHAKE_MS = 10_000;

export class WampSession {
  readonly id = randomInt(1, 2 ** 48);
  principal: Principal | null = null;
  ticket: string | null = null;
  /** When the principal was last resolved from the ticket (the server refreshes it in turns). */
  principalReadAt = Date.now();
  private phase: "hello" | "challenged" | "open" | "closed" = "hello";
  private readonly calls = new Map<number, AbortController>();
  private readonly registered: ClientRegistrations;
  private readonly handshakeTimer: NodeJS.Timeout;
  /** Per-session state of the procedures (answers by id), dropped with the session. */
  readonly answers = new Map<string, unknown>();

  constructor(
    private readonly socket: WebSocket,
    private readonly hooks: SessionHooks,
  ) {
    this.registered = new ClientRegistrations(this, hooks.procedures);
    this.handshakeTimer = setTimeout(() => this.abort(ERRORS.protocolViolation, "No HELLO in time"), HANDSHAKE_MS);
    socket.on("message", (data, isBinary) => {
      if (isBinary) return this.abort(ERRORS.protocolViolation, "Binary frames are not WAMP JSON");
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return this.abort(ERRORS.protocolViolation, "A frame is not JSON");
      }
      this.receive(message).catch((error) => this.abort(ERRORS.protocolViolation, (error as Error).message));
    });
    socket.on("close", () => this.closed());
    socket.on("error", () => this.closed());
  }

  get open(): boolean {
    return this.phase === "open";
  }

  /** Calls in progress. */
  get busy(): number {
    return this.calls.size;
  }

  send(message: unknown[]): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Ends the session before WELCOME (or on a protocol violation) and closes the socket. */
  abort(uri: string, message: string): void {
    if (this.phase === "closed") return;
    this.send([MSG.ABORT, { message }, uri]);
    this.socket.close(1000);
    this.closed();
  }

  /** Ends an open session politely: GOODBYE, then the socket closes. */
  goodbye(uri: string, message: string) {
    if (this.phase !== "open") return this.abort(uri, message);
    this.send([MSG.GOODBYE, { message }, uri]);
    this.socket.close(1000);
    this.closed();
  }

  private closed(): void {
    if (this.phase === "closed") return;
    this.phase = "closed";
    clearTimeout(this.handshakeTimer);
    for (const controller of this.calls.values())
      controller.abort(new WampError(ERRORS.canceled, "The session closed"));
    this.registered.failAll(new WampError(ERRORS.canceled, "The session closed"));
    this.hooks.onClose(this);
  }

  private async receive(message: unknown): Promise<void> {
    if (!Array.isArray(message) || typeof message[0] !== "number") {
      return this.abort(ERRORS.protocolViolation, "A WAMP message is a JSON array starting with its type");
    }
    if (this.phase === "closed") return;
    if (this.phase === "hello") return this.hello(message);
    if (this.phase === "challenged") return this.authenticated(message);
    switch (message[0]) {
      case MSG.CALL:
        return this.call(message);
      case MSG.REGISTER:
        return this.registered.register(message);
      case MSG.UNREGISTER:
        return this.registered.unregister(message);
      case MSG.YIELD:
        return this.registered.yielded(message);
      case MSG.ERROR:
        return this.registered.invocationError(message);
      case MSG.CANCEL: {
        const cancel = inbound.cancel.safeParse(message);
        if (cancel.success)
          this.calls.get(cancel.data[1])?.abort(new WampError(ERRORS.canceled, "Canceled by the caller"));
        return;
      }
      case MSG.GOODBYE:
        this.send([MSG.GOODBYE, {}, ERRORS.goodbyeAndOut]);
        this.socket.close(1000);
        return this.closed();
      case MSG.PUBLISH:
      case MSG.SUBSCRIBE:
        if (typeof message[1] === "number") {
          this.send([
            MSG.ERROR,
            message[0],
            message[1],
            {},
            ERRORS.notAuthorized,
            ["This router offers no publish/subscribe"],
          ]);
        }
        return;
      default:
        return this.abort(ERRORS.protocolViolation, `Unexpected message type ${message[0]}`);
    }
  }

  private hello(message: unknown[]) {
    const hello = inbound.hello.safeParse(message);
    if (!hello.success) return this.abort(ERRORS.protocolViolation, "Expected HELLO");
    const [, realm, details] = hello.data;
    const methods = Array.isArray(details.authmethods) ? details.authmethods : [];
    if (realm !== "default") return this.abort("wamp.error.no_such_realm", `No realm "${realm}": use "default"`);
    if (!methods.includes("ticket"))
      return this.abort(ERRORS.authenticationFailed, "Authenticate with the ticket method");
    this.phase = "challenged";
    this.send([MSG.CHALLENGE, "ticket", {}]);
  }

  private async authenticated(message: unknown[]): Promise<void> {
    const auth = inbound.authenticate.safeParse(message);
    if (!auth.success) return this.abort(ERRORS.protocolViolation, "Expected AUTHENTICATE");
    this.phase = "hello"; // nothing more is read as a handshake while the ticket is checked
    const principal = await this.hooks.authenticate(auth.data[1]).catch(() => null);
    if (!principal) return this.abort(ERRORS.authenticationFailed, "The access token is invalid, expired or revoked");
    this.principal = principal;
    this.ticket = auth.data[1];
    this.principalReadAt = Date.now();
    const refused = this.hooks.admit(this);
    if (refused) return this.abort(refused.uri, refused.message);
    clearTimeout(this.handshakeTimer);
    this.phase = "open";
    this.send([
      MSG.WELCOME,
      this.id,
      {
        authid: principal.user?.id ?? principal.scope,
        authrole: principal.kind,
        authmethod: "ticket",
        authprovider: "oauth2",
        roles: { dealer: { features: { progressive_call_results: true, call_canceling: true } } },
      },
    ]);
  }

  private async call(message: unknown[]): Promise<void> {
    const call = inbound.call.safeParse(message);
    if (!call.success) return this.abort(ERRORS.protocolViolation, "Malformed CALL");
    const [, request, options, procedure] = call.data;
    const { args, kwargs } = tailArguments(message, 4);
    const handler = this.hooks.procedures.get(procedure);
    const started = performance.now();
    if (!handler) {
      this.hooks.onCall({ procedure: "unknown", outcome: "no_such_procedure", ms: 0 });
      return this.send([MSG.ERROR, MSG.CALL, request, {}, ERRORS.noSuchProcedure, [`No procedure ${procedure}`]]);
    }
    const controller = new AbortController();
    this.calls.set(request, controller);
    const wantsProgress = options.receive_progress === true;
    const ctx: CallContext = {
      session: this,
      principal: this.principal!,
      procedure,
      progress: (value) => wantsProgress && this.send([MSG.RESULT, request, { progress: true }, [value]]),
      signal: controller.signal,
    };
    try {
      const value = await handler(ctx, args, kwargs);
      this.send([MSG.RESULT, request, {}, [value ?? null]]);
      this.hooks.onCall({ procedure, outcome: "ok", ms: performance.now() - started });
    } catch (error) {
      const wamp = toWampError(error);
      this.send([MSG.ERROR, MSG.CALL, request, {}, wamp.uri, [wamp.message], wamp.kwargs]);
      this.hooks.onCall({
        procedure,
        outcome: wamp.uri.split(".").pop()!,
        ms: performance.now() - started,
        error: wamp.message,
      });
    } finally {
      this.calls.delete(request);
    }
  }

  /**
   * Pulls a stream from a procedure this session registered: one value per progressive YIELD,
   * until the final one. Procedures of other sessions are unknown here by construction.
   */
  pull(procedure: string, signal: AbortSignal): AsyncIterable<unknown> {
    return this.registered.pull(procedure, signal);
  }
}
