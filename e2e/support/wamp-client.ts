import { WebSocket } from "ws";

// A bare WAMP v2 (JSON) client for protocol tests: it sends exactly what a test says, including
// what a well-behaved client never would, and exposes every message the server sends.

type Message = unknown[];

export class WampClient {
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private closeWaiters: (() => void)[] = [];
  private nextId = 1;
  readonly registered = new Map<number, string>();
  /** Progressive chunks this client yields when the server invokes a procedure it registered. */
  onInvocation: ((request: number, procedure: string) => void) | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(data.toString()) as Message;
      this.messages.push(message);
      if (message[0] === 68) this.onInvocation?.(message[1] as number, this.registered.get(message[2] as number) ?? "");
      for (const w of [...this.waiters]) {
        if (w.match(message)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(message);
        }
      }
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const w of this.closeWaiters.splice(0)) w();
    });
  }

  /** Opens the websocket with the WAMP JSON subprotocol (no handshake yet). */
  static async connect(url: string): Promise<WampClient> {
    const ws = new WebSocket(url, ["wamp.2.json"]);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new WampClient(ws);
  }

  /** Connects and authenticates with `token` as the ticket; resolves with WELCOME or ABORT. */
  static async session(url: string, token: string): Promise<{ client: WampClient; reply: Message }> {
    const client = await WampClient.connect(url);
    client.send([1, "default", { authmethods: ["ticket"], authid: "oauth2", roles: { caller: {}, callee: {} } }]);
    const challenge = await client.next((m) => m[0] === 4 || m[0] === 3);
    if (challenge[0] === 3) return { client, reply: challenge };
    client.send([5, token, {}]);
    return { client, reply: await client.next((m) => m[0] === 2 || m[0] === 3) };
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next message (already received or to come) that matches. */
  next(match: (m: Message) => boolean, timeoutMs = 10_000): Promise<Message> {
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching WAMP message in ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  /** A CALL; resolves with the RESULT value or rejects with the ERROR's URI (message in `.data`). */
  async call(
    procedure: string,
    args: unknown[] = [],
    kwargs: Record<string, unknown> = {},
    timeoutMs = 30_000,
  ): Promise<unknown> {
    const id = this.nextId++;
    this.send([48, id, {}, procedure, args, kwargs]);
    const reply = await this.next(
      (m) => (m[0] === 50 && m[1] === id && !(m[2] as { progress?: boolean }).progress) || (m[0] === 8 && m[2] === id),
      timeoutMs,
    );
    if (reply[0] === 8)
      throw Object.assign(new Error(String(reply[4])), { data: { args: reply[5], kwargs: reply[6] } });
    return (reply[3] as unknown[] | undefined)?.[0];
  }

  /** REGISTERs a procedure of this session; resolves with its registration id. */
  async register(procedure: string): Promise<number> {
    const id = this.nextId++;
    this.send([64, id, {}, procedure]);
    const reply = await this.next(
      (m) => (m[0] === 65 || m[0] === 8) && m[1] === (m[0] === 65 ? id : 64) && (m[0] === 65 || m[2] === id),
    );
    if (reply[0] === 8) throw new Error(String(reply[4]));
    this.registered.set(reply[2] as number, procedure);
    return reply[2] as number;
  }

  /** Resolves once the socket has closed. */
  whenClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the socket did not close")), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve(this.closed!);
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
