// A tiny raw WAMP v2 (JSON) caller over `ws`, as the SDK talks to the recognition server: HELLO
// with ticket authentication, then CALLs. Written here instead of using autobahn so that the bench
// stamps the exact moment each RESULT arrives, without the SDK's own work in between.
import { WebSocket } from "ws";

const HELLO = 1;
const WELCOME = 2;
const ABORT = 3;
const CHALLENGE = 4;
const AUTHENTICATE = 5;
const GOODBYE = 6;
const ERROR = 8;
const CALL = 48;
const RESULT = 50;

export type Timed<T> = { value: T; at: number };
type Pending = { resolve: (r: Timed<unknown>) => void; reject: (e: Error) => void };

export class WampClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => this.receive(JSON.parse(String(data)) as unknown[]));
    socket.on("close", () => this.failAll(new Error("the websocket closed")));
    socket.on("error", (error) => this.failAll(error));
  }

  /** Opens a session on `url` (ws://host:port/ws) in realm "default" with an OAuth2 access token as the ticket. */
  static connect(url: string, token: string): Promise<WampClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, ["wamp.2.json"]);
      const fail = (error: Error) => {
        socket.terminate();
        reject(error);
      };
      // A 404 here is a server without the recognition server (SERVER_ROLE=api, or an older build).
      const onError = (error: Error) => fail(new Error(`no WAMP session at ${url}: ${error.message}`));
      socket.once("error", onError);
      socket.once("open", () =>
        socket.send(
          JSON.stringify([HELLO, "default", { roles: { caller: {} }, authmethods: ["ticket"], authid: "oauth2" }]),
        ),
      );
      const opening = (data: unknown) => {
        const msg = JSON.parse(String(data)) as unknown[];
        if (msg[0] === CHALLENGE) return socket.send(JSON.stringify([AUTHENTICATE, token, {}]));
        socket.off("message", opening);
        socket.off("error", onError);
        if (msg[0] === WELCOME) return resolve(new WampClient(socket));
        fail(new Error(`session refused: ${JSON.stringify(msg[0] === ABORT ? msg[2] : msg)}`));
      };
      socket.on("message", opening);
    });
  }

  /** Calls `procedure`; resolves with its single positional result and when it arrived (performance.now()). */
  callAt<T>(procedure: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}): Promise<Timed<T>> {
    const id = this.nextId++;
    return new Promise<Timed<T>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: Timed<unknown>) => void, reject });
      this.socket.send(JSON.stringify([CALL, id, {}, procedure, args, kwargs]));
    });
  }

  /** Calls `procedure`; resolves with its single positional result. */
  async call<T>(procedure: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}): Promise<T> {
    return (await this.callAt<T>(procedure, args, kwargs)).value;
  }

  /** Says GOODBYE and closes the socket. */
  close(): void {
    if (this.socket.readyState === WebSocket.OPEN)
      this.socket.send(JSON.stringify([GOODBYE, {}, "wamp.close.close_realm"]));
    this.socket.close();
  }

  private receive(msg: unknown[]): void {
    const at = performance.now();
    if (msg[0] === RESULT) {
      const details = msg[2] as { progress?: boolean };
      if (details?.progress) return; // progressive results are not what the bench waits for
      const p = this.pending.get(msg[1] as number);
      this.pending.delete(msg[1] as number);
      p?.resolve({ value: (msg[3] as unknown[] | undefined)?.[0], at });
    } else if (msg[0] === ERROR) {
      const p = this.pending.get(msg[2] as number);
      this.pending.delete(msg[2] as number);
      p?.reject(new Error(`${msg[4]} ${JSON.stringify(msg[5] ?? [])} ${JSON.stringify(msg[6] ?? {})}`));
    } else if (msg[0] === GOODBYE || msg[0] === ABORT) {
      this.failAll(new Error(`the server ended the session: ${JSON.stringify(msg)}`));
      this.socket.close();
    }
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
