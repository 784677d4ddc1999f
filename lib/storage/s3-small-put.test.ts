import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import { SignatureV4 } from "@smithy/signature-v4";
import { S3PutError, S3SmallPut } from "./s3-small-put";
import { S3Storage } from "./storage";
import { readAll, S3RVER_CREDENTIALS, startS3rver } from "./test-support";

// The small-object PUT (s3-small-put.ts) against s3rver, which checks request signatures, and
// against a server that fails on purpose (retries and what is not retried).

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const clientFor = (endpoint: string, secretAccessKey = S3RVER_CREDENTIALS.secretAccessKey) =>
  new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_CREDENTIALS.accessKeyId, secretAccessKey },
  });

test("a small object is stored as it was sent, under its key, and read back by the SDK", async () => {
  const server = await startS3rver();
  const settings = { endpoint: server.endpoint, forcePathStyle: true };
  const storage = new S3Storage({ bucket: "small-put", region: "us-east-1", ...settings, ...S3RVER_CREDENTIALS });
  try {
    await storage.client.send(new CreateBucketCommand({ Bucket: "small-put" }));
    const put = new S3SmallPut(storage.client, "small-put", settings);
    const bytes = Buffer.from("OggS and then some audio");
    expect(await put.put("files/a/one", bytes, sha(bytes), "audio/ogg")).toBe(true);
    expect((await readAll(await storage.read("files/a/one"))).equals(bytes)).toBe(true);
    expect(await storage.stat("files/a/one")).toMatchObject({ size: bytes.length });
    // An unknown bucket is S3's refusal, not retried and not hidden.
    const missing = await new S3SmallPut(storage.client, "no-such-bucket", settings)
      .put("files/a/two", bytes, sha(bytes), "audio/ogg")
      .catch((error) => error);
    expect(missing).toBeInstanceOf(S3PutError);
    expect(missing.$metadata.httpStatusCode).toBe(404);
    expect(missing.Code).toBe("NoSuchBucket");
  } finally {
    storage.client.destroy();
    await server.stop();
  }
});

test("server errors and throttling are sent again up to the client's attempts; a refusal is not", async () => {
  const answers: number[] = [];
  let plan: number[] = [];
  const seen: {
    headers: http.IncomingHttpHeaders;
    method?: string;
    url?: string;
    auth?: string;
    hash?: string;
    body: Buffer;
  }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({
        headers: req.headers,
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        hash: req.headers["x-amz-content-sha256"] as string | undefined,
        body: Buffer.concat(chunks),
      });
      const status = plan.shift() ?? 200;
      answers.push(status);
      const code =
        status === 503 ? "SlowDown" : status === 403 ? "AccessDenied" : status === 500 ? "InternalError" : "";
      res.writeHead(status, { "content-type": "application/xml" });
      res.end(code ? `<Error><Code>${code}</Code><Message>on purpose</Message></Error>` : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = clientFor(endpoint);
  const put = new S3SmallPut(client, "bucket", { endpoint, forcePathStyle: true });
  const bytes = Buffer.from("peaks");
  try {
    plan = [503, 500];
    expect(await put.put("files/p/1", bytes, sha(bytes), "application/octet-stream")).toBe(true);
    expect(answers).toEqual([503, 500, 200]);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: "PUT", url: "/bucket/files/p/1", hash: sha(bytes) });
    // s3rver does not check SigV4 signatures: this server does, over the request as it arrived.
    expect(last.auth).toBe(await signatureOf(client, last));
    expect(last.body.equals(bytes)).toBe(true);

    answers.length = 0;
    plan = [503, 503, 503, 503];
    const gaveUp = await put.put("files/p/2", bytes, sha(bytes), "application/octet-stream").catch((e) => e);
    expect(gaveUp).toBeInstanceOf(S3PutError);
    expect(gaveUp.message).toContain("SlowDown");
    expect(answers).toEqual([503, 503, 503]); // the SDK's default of 3 attempts

    answers.length = 0;
    plan = [403];
    const refused = await put.put("files/p/3", bytes, sha(bytes), "application/octet-stream").catch((e) => e);
    expect(refused.$metadata.httpStatusCode).toBe(403);
    expect(answers).toEqual([403]);
  } finally {
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** The Authorization header a request as received should carry, signed again with the test's own secret. */
async function signatureOf(
  client: S3Client,
  request: { headers: http.IncomingHttpHeaders; method?: string; url?: string; body: Buffer },
) {
  const signed = request.headers.authorization!.match(/SignedHeaders=([^,]+)/)![1]!.split(";");
  const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name])]));
  const when = request.headers["x-amz-date"] as string;
  const signer = new SignatureV4({
    service: "s3",
    region: "us-east-1",
    credentials: S3RVER_CREDENTIALS,
    sha256: client.config.sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const date = new Date(
    `${when.slice(0, 4)}-${when.slice(4, 6)}-${when.slice(6, 8)}T${when.slice(9, 11)}:${when.slice(11, 13)}:${when.slice(13, 15)}Z`,
  );
  const out = await signer.sign(
    {
      method: request.method!,
      protocol: "http:",
      hostname: "127.0.0.1",
      path: request.url!,
      query: {},
      headers,
      body: request.body,
    },
    { signingDate: date },
  );
  return out.headers.authorization;
}

test("a bucket name that needs another signing scheme is left to the SDK", async () => {
  // A multi-region access point ARN signs with SigV4A: the endpoint rules name that scheme.
  const client = new S3Client({ region: "us-east-1", credentials: S3RVER_CREDENTIALS });
  try {
    const put = new S3SmallPut(client, "arn:aws:s3::123456789012:accesspoint/mfzwi23gnjvgw.mrap", {});
    expect(await put.put("files/x", Buffer.from("x"), sha(Buffer.from("x")), "text/plain")).toBe(false);
  } finally {
    client.destroy();
  }
});
