import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { routeFiles, routeModulesSource, templateOf } from "../../scripts/openapi-routes";
import { buildDocument, isPlumbing, METHODS, routeOperations } from "./document";
import { ROUTE_MODULES } from "./route-modules";

// The OpenAPI document is valid OpenAPI 3.1 and documents every route file and method.

type Json = Record<string, any>;

// Loading every route module (and with them the whole domain code) takes a while under the test runner.
test.describe.configure({ mode: "serial", timeout: 300_000 });
let doc: Json;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  doc = (await buildDocument("http://localhost:3000/api")) as Json;
});

test("the document validates as OpenAPI 3.1", async () => {
  const validator = new Validator();
  const result = await validator.validate(doc as never);
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 4000)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});

test("every route file is in the generated route list, and the list is current", () => {
  const listed = ROUTE_MODULES.map((r) => r.file).sort();
  expect(listed).toEqual(routeFiles());
  const file = path.join(import.meta.dirname, "route-modules.ts");
  expect(fs.readFileSync(file, "utf8"), "run: npx tsx scripts/openapi-routes.ts").toBe(routeModulesSource());
});

test("every exported method of every route file is documented (or is a JSON 404/405)", async () => {
  const missing: string[] = [];
  let documented = 0;
  for (const file of routeFiles()) {
    const mod = (await import(path.join(import.meta.dirname, "../..", file))) as Json;
    const template = templateOf(file);
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler !== "function") continue;
      if (isPlumbing(handler)) continue;
      const op = doc.paths[template]?.[method.toLowerCase()];
      if (!op) missing.push(`${method} ${template} (${file})`);
      else {
        documented++;
        const success = Object.keys(op.responses).filter((s) => /^[23]/.test(s));
        // POST /roles only refuses (roles are fixed); everything else declares what it answers.
        if (!success.length && !(template === "/roles" && method === "POST"))
          missing.push(`${method} ${template}: no success response`);
      }
    }
  }
  expect(missing).toEqual([]);
  expect(documented).toBeGreaterThan(90);
  // Plumbing is only otherMethods' 405s and the catch-all 404.
  const plumbing = (await routeOperations()).filter((o) => isPlumbing(o.handler));
  expect(plumbing.every((o) => o.handler.doc?.resource === "Route")).toBe(true);
});

test("extensions are marked, contract operations are not", async () => {
  expect(doc.paths["/users"].get["x-extension"]).toBe(false);
  expect(doc.paths["/tokens"].post["x-extension"]).toBe(false);
  expect(doc.paths["/metrics"].get["x-extension"]).toBe(true);
  expect(doc.paths["/download/{file}"].get["x-extension"]).toBe(true);
  expect(doc.components.headers.Link["x-extension"]).toBe(true);
  expect(doc.components.securitySchemes.accessToken).toMatchObject({
    type: "apiKey",
    in: "query",
    name: "access_token",
  });
  // Request bodies per content type: repeated file parts in multipart, JSON with base64.
  const choice = doc.paths["/challenges/choice"].post.requestBody.content;
  expect(Object.keys(choice).sort()).toEqual(["application/json", "multipart/form-data"]);
  expect(choice["multipart/form-data"].schema.properties.audio.anyOf[1].type).toBe("array");
  expect(Object.keys(doc.paths["/tokens"].post.requestBody.content)).toContain("application/x-www-form-urlencoded");
  expect(doc.paths["/users"].get.responses["200"].headers.Link).toBeDefined();
  expect(
    doc.paths["/annotations/{annotation}"].put.parameters.some(
      (p: Json) => p.$ref === "#/components/parameters/IfMatch",
    ),
  ).toBe(true);
});
