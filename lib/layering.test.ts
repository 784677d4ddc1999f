import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// lib/ is the framework-free core and the client helpers: it never reaches up into the pages
// (app/) or the React components (components/), which build on it.

const root = path.resolve(import.meta.dirname, "..");
// The one exception: the registry of route files that scripts/openapi-routes.ts generates, from which
// the OpenAPI document and the pages' early requests read each route's own declaration (withApi).
const GENERATED_ROUTE_REGISTRY = "lib/openapi/route-modules.ts";
const IMPORT = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : files(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The modules under app/ or components/ that a lib/ file imports. */
function upwardImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)]
    .map((m) => m[1]!)
    .filter((spec) => {
      const target = spec.startsWith("@/")
        ? spec.slice(2)
        : spec.startsWith(".")
          ? path.relative(root, path.resolve(path.dirname(file), spec))
          : null;
      return target !== null && /^(app|components)(\/|$)/.test(target);
    });
}

test("no module under lib/ imports from components/ or app/", () => {
  const offenders = files(path.join(root, "lib"))
    .filter((file) => ![GENERATED_ROUTE_REGISTRY, "lib/layering.test.ts"].includes(path.relative(root, file)))
    .flatMap((file) => upwardImports(file).map((spec) => `${path.relative(root, file)} imports ${spec}`));
  expect(offenders).toEqual([]);
});

test("the check sees an upward import when there is one", () => {
  const probe = path.join(root, "lib", `.layering-probe-${process.pid}.ts`);
  fs.writeFileSync(probe, 'import { Toaster } from "@/components/toaster";\nimport x from "../app/page";\n');
  try {
    expect(upwardImports(probe)).toEqual(["@/components/toaster", "../app/page"]);
  } finally {
    fs.rmSync(probe);
  }
});
