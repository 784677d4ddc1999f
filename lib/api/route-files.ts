import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type RouteDeclaration, routeDeclaration } from "./route-registry";

// Every API route file (app/api/**/route.ts) and what each of its methods declares, for tests
// that must cover every route, including ones added later (the bounded-lists unit test, the
// fuzz test). Only tests load this: it imports every route module.

export const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export const METHODS = ["GET", ...WRITE_METHODS] as const;
export type Method = (typeof METHODS)[number];

export type RouteFile = {
  /** The route file, relative to the project root. */
  file: string;
  /** The URL path with Next's segments kept: /api/groups/[group], /api/[...path]. */
  template: string;
  /** The dynamic segments' names, in order. */
  params: string[];
};

export type LoadedRoute = RouteFile & {
  /** Each exported method: its declaration when it was made by withApi, else null. */
  methods: Partial<Record<Method, RouteDeclaration | null>>;
};

/** The route files under app/api, sorted by path. */
export function routeFiles(root: string): RouteFile[] {
  const apiDir = path.join(root, "app", "api");
  const found: RouteFile[] = [];
  const dirs = [apiDir];
  for (let dir = dirs.pop(); dir; dir = dirs.pop()) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) dirs.push(full);
      else if (entry.name === "route.ts") {
        const segments = path.relative(apiDir, dir).split(path.sep).filter(Boolean);
        const params = segments.flatMap((s) => /^\[(?:\.\.\.)?([^\]]+)\]$/.exec(s)?.[1] ?? []);
        found.push({ file: path.relative(root, full), template: ["/api", ...segments].join("/"), params });
      }
    }
  }
  return found.sort((a, b) => a.template.localeCompare(b.template));
}

/** Imports every route file and reads its methods' declarations. */
export async function loadRoutes(root: string): Promise<LoadedRoute[]> {
  const out: LoadedRoute[] = [];
  for (const route of routeFiles(root)) {
    const mod = (await import(pathToFileURL(path.join(root, route.file)).href)) as Record<string, unknown>;
    const methods: LoadedRoute["methods"] = {};
    for (const method of METHODS) if (method in mod) methods[method] = routeDeclaration(mod[method]) ?? null;
    out.push({ ...route, methods });
  }
  return out;
}
