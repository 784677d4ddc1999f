import type { IncomingMessage } from "node:http";

export declare function isUpload(req: Pick<IncomingMessage, "method" | "headers">): boolean;
export declare function uploadLine(options: { atOnce: number; waiting: number; holdMs?: number }): {
  enter(res: { once(event: "close", listener: () => void): unknown }, go: () => void): boolean;
  counts(): { running: number; waiting: number };
};
export declare function busyMessage(retryAfterSeconds: number): string;
