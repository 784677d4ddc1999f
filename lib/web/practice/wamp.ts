// The browser's WAMP v2 (JSON) client of our recognition server, as small as the practice pages
// need: ticket authentication, calls (with progressive results), and registering a procedure the
// server pulls audio from (feedback.listen_and_reply). The same procedures as the SDK's, so an
// answer given here is stored exactly as an app's (lib/recognition/procedures/).

type Message = unknown[];
type Pending = {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (value: unknown) => void;
};

const HELLO = 1;
const WELCOME = 2;
const ABORT = 3;
const CHALLENGE = 4;
const AUTHENTICATE = 5;
const GOODBYE = 6;
const ERROR = 8;
const CALL = 48;
const RESULT = 50;
const REGISTER = 64;
const REGISTERED = 65;
const INVOCATION = 68;
const YIELD = 70;

/** An ERROR's URI, with the server's message in words where it sent one. */
export class WampCallError extends Error {
  constructor(
    readonly uri: string,
    message: string,
  ) {
    super(message);
    this.name = "WampCallError";
  }
}

/** What the server invokes on a registered procedure: the request to answer with `yield`. */
export type Invocation = { request: number; send: (value: unknown, progress: boolean) => void };

export class WampSession {
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private registrations = new Map<number, (invocation: Invocation) => void>();
  private registering = new Map<number, { resolve: (id: number) => void; handler: (i: Invocation) => void }>();
  closed: string | null = null;

  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => this.receive(JSON.parse(String(event.data)) as Message));
    ws.addEventListener("close", () => this.fail("The connection to the speech server closed."));
  }

  /** Opens /ws on this page's origin and signs in with `token`. */
  static open(token: string, url = defaultUrl()): Promise<WampSession> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, ["wamp.2.json"]);
      const refused = () => reject(new Error("The speech server could not be reached. Try again in a moment."));
      ws.addEventListener("error", refused);
      ws.addEventListener("open", () => {
        ws.send(
          JSON.stringify([
            HELLO,
            "default",
            { authmethods: ["ticket"], authid: "oauth2", roles: { caller: {}, callee: {} } },
          ]),
        );
      });
      const handshake = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as Message;
        if (message[0] === CHALLENGE) ws.send(JSON.stringify([AUTHENTICATE, token, {}]));
        else if (message[0] === WELCOME) {
          ws.removeEventListener("message", handshake);
          ws.removeEventListener("error", refused);
          resolve(new WampSession(ws));
        } else if (message[0] === ABORT) {
          reject(new Error("The speech server did not accept this session. Reload the page to sign in again."));
          ws.close();
        }
      };
      ws.addEventListener("message", handshake);
    });
  }

  call(
    procedure: string,
    args: unknown[] = [],
    kwargs: Record<string, unknown> = {},
    onProgress?: (v: unknown) => void,
  ) {
    if (this.closed) return Promise.reject(new Error(this.closed));
    const id = this.nextId++;
    const options = onProgress ? { receive_progress: true } : {};
    this.ws.send(JSON.stringify([CALL, id, options, procedure, args, kwargs]));
    return new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject, onProgress }));
  }

  /** Registers `procedure`; the server's invocations of it go to `handler`. */
  register(procedure: string, handler: (invocation: Invocation) => void): Promise<number> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify([REGISTER, id, {}, procedure]));
    return new Promise((resolve) => this.registering.set(id, { resolve, handler }));
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify([GOODBYE, {}, "wamp.close.normal"]));
    this.ws.close();
  }

  private receive(message: Message): void {
    const [type, request] = message as [number, number];
    if (type === RESULT) {
      const pending = this.pending.get(request);
      const value = (message[3] as unknown[] | undefined)?.[0];
      if ((message[2] as { progress?: boolean }).progress) pending?.onProgress?.(value);
      else {
        this.pending.delete(request);
        pending?.resolve(value);
      }
    } else if (type === ERROR) {
      const id = message[2] as number;
      const kwargs = (message[6] ?? {}) as { message?: string };
      const args = (message[5] ?? []) as unknown[];
      const text = kwargs.message ?? (typeof args[0] === "string" ? args[0] : String(message[4]));
      const error = new WampCallError(String(message[4]), text);
      this.pending.get(id)?.reject(error);
      this.pending.delete(id);
    } else if (type === REGISTERED) {
      const waiting = this.registering.get(request);
      this.registering.delete(request);
      this.registrations.set(message[2] as number, waiting!.handler);
      waiting?.resolve(message[2] as number);
    } else if (type === INVOCATION) {
      const handler = this.registrations.get(message[2] as number);
      const send = (value: unknown, progress: boolean) =>
        this.ws.send(JSON.stringify([YIELD, request, progress ? { progress: true } : {}, [value]]));
      handler?.({ request, send });
    } else if (type === GOODBYE || type === ABORT) {
      this.fail("The speech server ended the session. Reload the page to go on.");
    }
  }

  private fail(reason: string): void {
    if (this.closed) return;
    this.closed = reason;
    for (const pending of this.pending.values()) pending.reject(new Error(reason));
    this.pending.clear();
  }
}

function defaultUrl(): string {
  return `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws`;
}
