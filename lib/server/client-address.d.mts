import type { IncomingMessage } from "node:http";

export declare const CLIENT_ADDRESS_HEADER: "x-client-address";
export declare function parseTrustList(value: string | undefined): string[];
export declare function clientAddressResolver(
  trustList: string[],
  header?: "x-forwarded-for" | "forwarded",
): (req: IncomingMessage) => string;
export declare function decide(
  peer: string,
  forwardedHops: string[],
  trust: (address: string, hop: number) => boolean,
): string;
export declare function hops(value: string | string[] | undefined, header: "x-forwarded-for" | "forwarded"): string[];
