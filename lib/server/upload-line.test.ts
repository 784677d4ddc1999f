import { EventEmitter } from "node:events";
import { expect, test } from "@playwright/test";
import { isUpload, uploadLine } from "./upload-line.mjs";

// The upload line on its own: how many run at once, the order of the rest, the bound past which it
// refuses, a client leaving while it waits, and a slot given up by an upload that runs too long.

/** A response: closing it is the request's end. */
const response = () => new EventEmitter();
const closes = (res: EventEmitter) => res.emit("close");

test("runs `atOnce` uploads at a time and the rest in the order they came", () => {
  const line = uploadLine({ atOnce: 2, waiting: 10 });
  const started: number[] = [];
  const responses = Array.from({ length: 5 }, response);
  responses.forEach((res, i) => expect(line.enter(res, () => started.push(i))).toBe(true));
  expect(started).toEqual([0, 1]);
  expect(line.counts()).toEqual({ running: 2, waiting: 3 });
  closes(responses[1]!);
  expect(started).toEqual([0, 1, 2]);
  closes(responses[1]!); // a second close of the same response frees nothing more
  expect(line.counts()).toEqual({ running: 2, waiting: 2 });
  closes(responses[0]!);
  closes(responses[2]!);
  expect(started).toEqual([0, 1, 2, 3, 4]);
});

test("refuses past `waiting` in line, and a client that leaves while waiting gives its place up", () => {
  const line = uploadLine({ atOnce: 1, waiting: 2 });
  const started: string[] = [];
  const [a, b, c, d] = [response(), response(), response(), response()];
  expect(line.enter(a, () => started.push("a"))).toBe(true);
  expect(line.enter(b, () => started.push("b"))).toBe(true);
  expect(line.enter(c, () => started.push("c"))).toBe(true);
  expect(line.enter(d, () => started.push("d"))).toBe(false);
  closes(b); // b leaves before its turn
  expect(line.counts()).toEqual({ running: 1, waiting: 1 });
  expect(line.enter(d, () => started.push("d"))).toBe(true);
  closes(a);
  expect(started).toEqual(["a", "c"]);
  closes(c);
  expect(started).toEqual(["a", "c", "d"]);
});

test("an upload still running after `holdMs` gives its slot up and carries on", async () => {
  const line = uploadLine({ atOnce: 1, waiting: 5, holdMs: 50 });
  const started: string[] = [];
  line.enter(response(), () => started.push("slow"));
  line.enter(response(), () => started.push("next"));
  expect(started).toEqual(["slow"]);
  await new Promise((r) => setTimeout(r, 120));
  expect(started).toEqual(["slow", "next"]);
});

test("only multipart bodies sent with POST or PUT take the line", () => {
  const req = (method: string, type?: string) => ({ method, headers: type ? { "content-type": type } : {} });
  expect(isUpload(req("POST", "multipart/form-data; boundary=x"))).toBe(true);
  expect(isUpload(req("PUT", "Multipart/Form-Data; boundary=x"))).toBe(true);
  expect(isUpload(req("POST", "application/json"))).toBe(false);
  expect(isUpload(req("GET", "multipart/form-data; boundary=x"))).toBe(false);
  expect(isUpload(req("POST"))).toBe(false);
});
