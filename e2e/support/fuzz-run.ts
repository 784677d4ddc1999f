// Sends the fuzz test's requests and judges every answer: never a status of 500 or more, and
// every error (400 and up) a JSON body (Content-Type application/json, parseable, a string
// `message`). Keeps a tally by status for the run's summary.
import type { APIRequestContext } from "@playwright/test";

export type Failure = { label: string; method: string; url: string; status: number; problem: string; body: string };

export class FuzzRun {
  readonly byStatus = new Map<number, number>();
  readonly failures: Failure[] = [];
  /** The slowest requests, for keeping the run's time in check. */
  readonly slowest: { label: string; ms: number }[] = [];
  sent = 0;

  constructor(private readonly request: APIRequestContext) {}

  /** Sends one request (a string or bytes as the raw body) and returns its status. */
  async send(
    label: string,
    method: string,
    url: string,
    headers: Record<string, string>,
    data?: string | Buffer,
  ): Promise<number> {
    const started = performance.now();
    const response = await this.request.fetch(url, {
      method,
      headers,
      ...(data === undefined ? {} : { data }),
      maxRedirects: 0,
      timeout: 30_000,
    });
    const status = response.status();
    this.slowest.push({ label, ms: Math.round(performance.now() - started) });
    this.slowest.sort((a, b) => b.ms - a.ms).splice(5);
    this.sent++;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const text = (await response.body()).toString("utf8");
    const problem = judge(status, response.headers()["content-type"], text);
    if (problem) this.failures.push({ label, method, url, status, problem, body: text.slice(0, 300) });
    return status;
  }

  /** "1234 requests: 200 ×3, 400 ×500, ..." */
  summary(title: string): string {
    const statuses = [...this.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status} ×${n}`);
    const slowest = this.slowest.map((s) => `${s.label} (${s.ms} ms)`).join("; ");
    return `${title}: ${this.sent} requests, ${this.failures.length} failures; by status: ${statuses.join(", ")}; slowest: ${slowest}`;
  }
}

function judge(status: number, contentType: string | undefined, text: string): string | null {
  if (status >= 500) return "a server error";
  if (status < 400) return null;
  if (!contentType?.includes("application/json"))
    return `an error without a JSON Content-Type (${contentType ?? "none"})`;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body?.message === "string" ? null : "an error without a string message";
  } catch {
    return "an error whose body is not JSON";
  }
}
