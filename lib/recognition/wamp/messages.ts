import { z } from "zod";

// The WAMP v2 messages this server speaks (JSON serialisation): a router with the dealer role
// only, since the SDK neither publishes nor subscribes. Shapes follow the WAMP basic profile.

export const MSG = {
  HELLO: 1,
  WELCOME: 2,
  ABORT: 3,
  CHALLENGE: 4,
  AUTHENTICATE: 5,
  GOODBYE: 6,
  ERROR: 8,
  PUBLISH: 16,
  SUBSCRIBE: 32,
  CALL: 48,
  CANCEL: 49,
  RESULT: 50,
  REGISTER: 64,
  REGISTERED: 65,
  UNREGISTER: 66,
  UNREGISTERED: 67,
  INVOCATION: 68,
  INTERRUPT: 69,
  YIELD: 70,
} as const;

const id = z
  .number()
  .int()
  .min(0)
  .max(2 ** 53);
const dict = z.record(z.string(), z.unknown());
const uri = z.string().min(1).max(255);
const args = z.array(z.unknown()).optional();
const kwargs = dict.optional();

export const inbound = {
  hello: z.tuple([z.literal(MSG.HELLO), uri, dict]),
  authenticate: z.tuple([z.literal(MSG.AUTHENTICATE), z.string().max(4096), dict]),
  goodbye: z.tuple([z.literal(MSG.GOODBYE), dict, uri]),
  call: z.tuple([z.literal(MSG.CALL), id, dict, uri], z.unknown()),
  register: z.tuple([z.literal(MSG.REGISTER), id, dict, uri]),
  unregister: z.tuple([z.literal(MSG.UNREGISTER), id, id]),
  yield: z.tuple([z.literal(MSG.YIELD), id, dict], z.unknown()),
  error: z.tuple([z.literal(MSG.ERROR), z.number().int(), id, dict, uri], z.unknown()),
  cancel: z.tuple([z.literal(MSG.CANCEL), id, dict]),
};

/** The positional and keyword arguments that follow a CALL, YIELD or ERROR's fixed fields. */
export function tailArguments(message: unknown[], from: number): { args: unknown[]; kwargs: Record<string, unknown> } {
  const a = args.safeParse(message[from]);
  const k = kwargs.safeParse(message[from + 1]);
  return { args: (a.success && a.data) || [], kwargs: (k.success && k.data) || {} };
}

/** A WAMP error answer: an error URI, a message for people, and details for programs. */
export class WampError extends Error {
  constructor(
    readonly uri: string,
    message: string,
    readonly kwargs: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const ERRORS = {
  notInitialised: "nl.itslanguage.session_not_initialised",
  recognitionFailed: "nl.itslanguage.recognition_failed",
  alignmentFailed: "nl.itslanguage.alignment_failed",
  analysisFailed: "nl.itslanguage.analysis_failed",
  noSuchOrganisation: "nl.itslanguage.no_such_organisation",
  noSuchChallenge: "nl.itslanguage.no_such_challenge",
  limitExceeded: "nl.itslanguage.limit_exceeded",
  invalidAudio: "nl.itslanguage.invalid_audio",
  busy: "nl.itslanguage.busy",
  noSuchProcedure: "wamp.error.no_such_procedure",
  invalidArgument: "wamp.error.invalid_argument",
  notAuthorized: "wamp.error.not_authorized",
  procedureAlreadyExists: "wamp.error.procedure_already_exists",
  noSuchRegistration: "wamp.error.no_such_registration",
  canceled: "wamp.error.canceled",
  authenticationFailed: "wamp.error.authentication_failed",
  protocolViolation: "wamp.error.protocol_violation",
  systemShutdown: "wamp.close.system_shutdown",
  goodbyeAndOut: "wamp.close.goodbye_and_out",
} as const;
