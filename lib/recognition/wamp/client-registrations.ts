import { randomInt } from "node:crypto";
import { ERRORS, inbound, MSG, tailArguments, WampError } from "./messages";

// The procedures a client registers so that we can pull its audio (REGISTER, INVOCATION with
// progressive YIELDs, INTERRUPT). They belong to one session: no other session can reach them,
// and names that collide across sessions (the SDK names them by the second) never meet.

type Stream = { push: (value: unknown) => void; end: () => void; fail: (e: Error) => void };

/** What the registrations need of their session. */
export type SessionLink = {
  send: (message: unknown[]) => void;
  abort: (uri: string, message: string) => void;
};

export class ClientRegistrations {
  private readonly registrations = new Map<number, string>();
  private readonly invocations = new Map<number, Stream>();
  private nextRequest = 1;

  constructor(
    private readonly session: SessionLink,
    private readonly ourProcedures: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  ) {}

  /** Fails every stream in progress (the session closed). */
  failAll(error: Error): void {
    for (const stream of this.invocations.values()) stream.fail(error);
    this.invocations.clear();
  }

  /** REGISTER: a procedure of ours (nl.itslanguage.*) that the client serves. */
  register(message: unknown[]) {
    const reg = inbound.register.safeParse(message);
    if (!reg.success) return this.session.abort(ERRORS.protocolViolation, "Malformed REGISTER");
    const [, request, , procedure] = reg.data;
    if (this.ourProcedures.has(procedure) || !procedure.startsWith("nl.itslanguage.")) {
      return this.session.send([
        MSG.ERROR,
        MSG.REGISTER,
        request,
        {},
        ERRORS.notAuthorized,
        [`${procedure} cannot be registered`],
      ]);
    }
    if ([...this.registrations.values()].includes(procedure)) {
      return this.session.send([MSG.ERROR, MSG.REGISTER, request, {}, ERRORS.procedureAlreadyExists, [procedure]]);
    }
    if (this.registrations.size >= 16) {
      return this.session.send([
        MSG.ERROR,
        MSG.REGISTER,
        request,
        {},
        ERRORS.limitExceeded,
        ["At most 16 registrations"],
      ]);
    }
    const registration = randomInt(1, 2 ** 48);
    this.registrations.set(registration, procedure);
    this.session.send([MSG.REGISTERED, request, registration]);
  }

  unregister(message: unknown[]) {
    const unreg = inbound.unregister.safeParse(message);
    if (!unreg.success) return this.session.abort(ERRORS.protocolViolation, "Malformed UNREGISTER");
    const [, request, registration] = unreg.data;
    if (!this.registrations.delete(registration)) {
      return this.session.send([MSG.ERROR, MSG.UNREGISTER, request, {}, ERRORS.noSuchRegistration, []]);
    }
    this.session.send([MSG.UNREGISTERED, request]);
  }

  /**
   * Pulls a stream from a procedure this session registered: one value per progressive YIELD,
   * until the final one. Procedures of other sessions are unknown here by construction.
   */
  pull(procedure: string, signal: AbortSignal): AsyncIterable<unknown> {
    const registration = [...this.registrations.entries()].find(([, name]) => name === procedure)?.[0];
    if (registration === undefined) {
      throw new WampError(ERRORS.invalidArgument, `No procedure ${procedure} is registered by this session`);
    }
    const request = this.nextRequest++;
    const queue: unknown[] = [];
    let done = false;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    this.invocations.set(request, {
      push: (value) => {
        queue.push(value);
        notify();
      },
      end: () => {
        done = true;
        notify();
      },
      fail: (error) => {
        failure = error;
        notify();
      },
    });
    const onAbort = () => {
      this.session.send([MSG.INTERRUPT, request, { mode: "kill" }]);
      this.invocations.get(request)?.fail(signal.reason ?? new WampError(ERRORS.canceled, "Canceled"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    this.session.send([MSG.INVOCATION, request, registration, { receive_progress: true, procedure }, []]);
    const invocations = this.invocations;
    return {
      async *[Symbol.asyncIterator]() {
        try {
          while (true) {
            if (queue.length) {
              yield queue.shift();
              continue;
            }
            if (failure) throw failure;
            if (done) return;
            await new Promise<void>((resolve) => (wake = resolve));
          }
        } finally {
          invocations.delete(request);
          signal.removeEventListener("abort", onAbort);
        }
      },
    };
  }

  yielded(message: unknown[]) {
    const y = inbound.yield.safeParse(message);
    if (!y.success) return this.session.abort(ERRORS.protocolViolation, "Malformed YIELD");
    const [, request, options] = y.data;
    const stream = this.invocations.get(request);
    if (!stream) return;
    const { args } = tailArguments(message, 3);
    if (options.progress === true) {
      stream.push(args[0]);
      return;
    }
    // The final YIELD: the SDK sends [null] (or nothing); a value in it is one more chunk.
    if (args[0] !== undefined && args[0] !== null) stream.push(args[0]);
    stream.end();
  }

  invocationError(message: unknown[]) {
    const e = inbound.error.safeParse(message);
    if (!e.success || e.data[1] !== MSG.INVOCATION) return;
    const stream = this.invocations.get(e.data[2]);
    stream?.fail(new WampError(ERRORS.recognitionFailed, `The audio stream failed on the client: ${e.data[4]}`));
  }
}
