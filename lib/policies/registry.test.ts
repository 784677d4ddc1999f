import { expect, test } from "@playwright/test";
import type { RouteRule } from "@/lib/api/with-api";
import { ROUTE_MODULES } from "@/lib/openapi/route-modules";
import { POLICIES_WITH_RULES } from "./registry";

// Every policy a route declares has its rules in the registry: a route naming a policy that
// nothing enforces fails here, before any request is made.

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

// Loading every route module (and with them the whole domain code) takes a while under the test runner.
test.describe.configure({ timeout: 300_000 });

/** "<METHOD> <path>: <policy>" for each route method whose policy has no rules in `withRules`. */
function routesWithoutRules(declared: { route: string; policy: string }[], withRules: ReadonlySet<string>): string[] {
  return declared.filter((d) => !withRules.has(d.policy)).map((d) => `${d.route}: ${d.policy}`);
}

async function declaredPolicies(): Promise<{ route: string; policy: string }[]> {
  const out: { route: string; policy: string }[] = [];
  for (const entry of ROUTE_MODULES) {
    const mod = (await entry.load()) as Record<string, { rule?: RouteRule } | undefined>;
    for (const method of METHODS) {
      const rule = mod[method]?.rule;
      if (rule) out.push({ route: `${method} ${entry.path}`, policy: rule.policy });
    }
  }
  return out;
}

test("every policy a route declares has rules in lib/policies/registry.ts", async () => {
  const declared = await declaredPolicies();
  expect(declared.length).toBeGreaterThan(90);
  expect(routesWithoutRules(declared, POLICIES_WITH_RULES)).toEqual([]);
});

test("the check names a route whose policy has no rules", () => {
  const withoutFile = new Set([...POLICIES_WITH_RULES].filter((p) => p !== "file"));
  const declared = [
    { route: "GET /download/{file}", policy: "file" },
    { route: "GET /users", policy: "user" },
  ];
  expect(routesWithoutRules(declared, withoutFile)).toEqual(["GET /download/{file}: file"]);
});
