import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type Problem = { status: number; message: string; headers?: Record<string, string> };
export declare const API_METHODS: readonly string[];
export declare function apiRequestProblem(method: string | undefined, url: string | undefined): Problem | null;
export declare function sendProblem(res: ServerResponse, problem: Problem, extra?: Record<string, unknown>): string;
export declare function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
): { status: number; requestId: string } | null;
