import { z } from "zod";

// zod schemas to JSON Schema (draft 2020-12) for the OpenAPI document, with Dates as date-time
// strings and recursive schemas moved to components.

export type Json = Record<string, unknown>;

export class Schemas {
  components: Record<string, Json> = {};
  private counter = 0;

  convert(schema: z.ZodType, io: "input" | "output"): Json {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      cycles: "ref",
      reused: "inline",
      override: (ctx) => {
        const def = (
          ctx.zodSchema as unknown as { _zod: { def: { type: string; in?: { _zod: { def: { type: string } } } } } }
        )._zod.def;
        // Timestamps are Dates serialised as ISO strings.
        if (def.type === "pipe" && def.in?._zod.def.type === "date" && io === "output")
          Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
        if (def.type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
      },
    }) as Json;
    delete json.$schema;
    const defs = json.$defs as Record<string, Json> | undefined;
    if (!defs) return json;
    delete json.$defs;
    // Recursive schemas: their definitions move to components, their refs follow.
    const prefix = `S${++this.counter}`;
    const rename = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rename);
      if (value && typeof value === "object") {
        const out: Json = {};
        for (const [k, v] of Object.entries(value)) {
          out[k] =
            k === "$ref" && typeof v === "string"
              ? v.replace(/^#(\/\$defs\/|$)/, (_m, rest) =>
                  rest ? `#/components/schemas/${prefix}_` : `#/components/schemas/${prefix}`,
                )
              : rename(v);
        }
        return out;
      }
      return value;
    };
    for (const [name, def] of Object.entries(defs)) this.components[`${prefix}_${name}`] = rename(def) as Json;
    const root = rename(json) as Json;
    if (JSON.stringify(root).includes(`"#/components/schemas/${prefix}"`)) {
      this.components[prefix] = root;
      return { $ref: `#/components/schemas/${prefix}` };
    }
    return root;
  }
}
