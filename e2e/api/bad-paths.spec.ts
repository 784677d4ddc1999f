// Paths and methods that Next fails on before any route handler runs (a malformed
// percent-escape was a plain-text 500, TRACE a 500, PROPFIND a 400) are answered by the HTTP
// server as the API answers errors: JSON with a request id, 400 for a malformed path, 405
// with Allow for a method the API does not serve. And an answer that leaves a request body
// unread closes the connection, which then never carries the rest of that upload.
// Raw requests (node:http, TCP): fetch refuses TRACE and unknown methods.
import { expect, test } from "@playwright/test";
import { type RawResponse, rawExchange } from "../support/raw-http";

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const baseURL = () => String(test.info().project.use.baseURL).replace(/\/$/, "");
const send = (method: string, path: string, extra = "") =>
  rawExchange(baseURL(), `${method} ${path} HTTP/1.1\r\nHost: api.test\r\n${extra}\r\n`);

function expectJsonError(response: RawResponse, status: number): { message: string; requestId: string } {
  expect(response.status, response.body).toBe(status);
  expect(response.headers["content-type"]).toContain("application/json");
  const body = JSON.parse(response.body) as { message: string; requestId: string };
  expect(body.message).toEqual(expect.any(String));
  expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(response.headers["x-request-id"]).toBe(body.requestId);
  return body;
}

test("a malformed percent-escape in an API path is a JSON 400 with a request id", async () => {
  for (const [method, path] of [
    ["PUT", "/api/groups/%ff"],
    ["GET", "/api/groups/%ff"],
    ["DELETE", "/api/tenants/%E0%A4%A"],
    ["GET", "/api/%"],
  ]) {
    const body = expectJsonError(
      await send(method, path, method === "PUT" ? "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}" : ""),
      400,
    );
    expect(body.message, `${method} ${path}`).toMatch(/malformed/i);
  }
  // A well-formed escape still reaches the route (which answers 401 without a token).
  expect((await send("GET", "/api/groups/caf%C3%A9")).status).toBe(401);
});

test("methods the API does not serve are a JSON 405 with Allow", async () => {
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "PURGE"]) {
    const response = await send(method, "/api/tenants");
    expectJsonError(response, 405);
    expect(response.headers.allow, method).toBe(ALLOW);
  }
  // A method token Node's parser does not know at all: answered by the server's clientError handler.
  const unknown = await send("FROB", "/api/tenants");
  expectJsonError(unknown, 405);
  expect(unknown.headers.allow).toBe(ALLOW);
  expect(unknown.closedByServer).toBe(true);
  // Served methods are the routes' business: a missing token is their 401, not a 405.
  for (const method of ["GET", "POST"])
    expect((await send(method, "/api/tenants", method === "POST" ? "Content-Length: 0\r\n" : "")).status).toBe(401);
});

test("an answer that leaves an upload unread closes the connection; a fully read one keeps it", async () => {
  // 401 before the body is read: 64 KiB declared, 1 KiB sent.
  const unread = await rawExchange(
    baseURL(),
    `POST /api/challenges/choice HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/octet-stream\r\nContent-Length: 65536\r\n\r\n${"x".repeat(1024)}`,
    { waitCloseMs: 2000 },
  );
  expect(unread.status).toBe(401);
  expect(unread.headers.connection).toBe("close");
  expect(unread.closedByServer).toBe(true);
  // The same refusal of a malformed path, before the body.
  const refused = await rawExchange(
    baseURL(),
    `PUT /api/groups/%ff HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/json\r\nContent-Length: 65536\r\n\r\n{"name":`,
    { waitCloseMs: 2000 },
  );
  expect(refused.status).toBe(400);
  expect(refused.headers.connection).toBe("close");
  expect(refused.closedByServer).toBe(true);

  // A body the route read to its end (a wrong password, 400) leaves the connection open for the next request.
  const form = "grant_type=password&username=nobody&password=wrong-password-123";
  const read = await rawExchange(
    baseURL(),
    `POST /api/tokens HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
    { waitCloseMs: 1000 },
  );
  expect(read.status).toBe(400);
  expect(read.headers.connection).not.toBe("close");
  expect(read.closedByServer).toBe(false);
});
