import client from "prom-client";

// The Prometheus metrics of this process (GET /api/metrics). One registry per process, kept on
// globalThis: Next may load this module once per route bundle, and all must count together.
// Labels carry route templates, methods, statuses and enum-like reasons only: never ids,
// tokens, usernames or scopes.

const KEY = Symbol.for("speech.metrics");

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    requests: new client.Counter({
      name: "http_requests_total",
      help: "API requests by route template, method and status",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    latency: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "API request latency by route template, method and status",
      labelNames: ["route", "method", "status"],
      buckets: seconds,
      registers: [registry],
    }),
    uploadBytes: new client.Counter({
      name: "upload_bytes_total",
      help: "Bytes of uploaded audio files accepted for ingest",
      registers: [registry],
    }),
    uploads: new client.Counter({
      name: "uploads_total",
      help: "Uploaded audio files by outcome",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    ingest: new client.Histogram({
      name: "audio_ingest_seconds",
      help: "Time to validate, analyse and normalise one uploaded audio file",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    tokensIssued: new client.Counter({
      name: "tokens_issued_total",
      help: "Access tokens issued by grant type",
      labelNames: ["grant"],
      registers: [registry],
    }),
    tokensRefused: new client.Counter({
      name: "token_refusals_total",
      help: "Token requests refused, by reason (RFC 6749 error or throttled)",
      labelNames: ["grant", "reason"],
      registers: [registry],
    }),
    dbQuery: new client.Histogram({
      name: "db_query_duration_seconds",
      help: "Database query time by model and operation",
      labelNames: ["model", "operation"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    queueDepth: new client.Gauge({
      name: "job_queue_depth",
      help: "Background jobs by status (queued, running)",
      labelNames: ["status"],
      registers: [registry],
    }),
    oldestJob: new client.Gauge({
      name: "job_oldest_age_seconds",
      help: "Age of the oldest queued or running job (0 when none)",
      registers: [registry],
    }),
    wsSessions: new client.Gauge({
      name: "recognition_sessions",
      help: "Open websocket (WAMP) sessions of the recognition server",
      registers: [registry],
    }),
    wsSessionsRefused: new client.Counter({
      name: "recognition_sessions_refused_total",
      help: "Websocket sessions refused, by reason",
      labelNames: ["reason"],
      registers: [registry],
    }),
    wsCalls: new client.Counter({
      name: "recognition_calls_total",
      help: "Calls to the recognition server's procedures, by procedure and outcome",
      labelNames: ["procedure", "outcome"],
      registers: [registry],
    }),
    recognitionAudio: new client.Counter({
      name: "recognition_audio_seconds_total",
      help: "Seconds of answer audio judged, by kind of answer",
      labelNames: ["kind"],
      registers: [registry],
    }),
    engineCalls: new client.Counter({
      name: "recognition_engine_calls_total",
      help: "Engine judgements by engine and outcome",
      labelNames: ["engine", "outcome"],
      registers: [registry],
    }),
    earlyJudgements: new client.Counter({
      name: "recognition_early_judgements_total",
      help: "Choice answers judged before their last chunk, by whether the final audio could use the verdict",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    engineSeconds: new client.Histogram({
      name: "recognition_engine_seconds",
      help: "Engine time per judgement",
      labelNames: ["engine"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof create>;

export function metrics(): Metrics {
  const g = globalThis as unknown as Record<symbol, Metrics | undefined>;
  return (g[KEY] ??= create());
}
