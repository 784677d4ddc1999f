import type { z } from "zod";

// What each route handler made by withApi declares (access, schemas, file fields), looked up by
// the handler itself. Tests that must cover every route read it: the bounded-lists unit test
// and the fuzz test import the route files and ask each exported method what it accepts.

export type RouteDeclaration = {
  resource: string;
  permission?: string;
  authenticated?: true;
  public?: true;
  optionalAuth?: true;
  body?: z.ZodType;
  query?: z.ZodType;
  files?: readonly string[];
};

const declarations = new WeakMap<object, RouteDeclaration>();

/** Records `options` as the declaration of `handler`; returns the handler. */
export function declareRoute<H extends object>(options: RouteDeclaration, handler: H): H {
  declarations.set(handler, options);
  return handler;
}

/** The declaration of a handler made by withApi (undefined for anything else). */
export function routeDeclaration(handler: unknown): RouteDeclaration | undefined {
  return typeof handler === "function" ? declarations.get(handler) : undefined;
}
