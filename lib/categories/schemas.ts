import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, listOf, MAX_IDS, timestamps } from "@/lib/api/schemas";

export const CATEGORY_RESOURCE = "Category";

/** The file parts of a category (multipart file parts, or base64 in JSON). */
export const CATEGORY_FILES = ["image", "icon"] as const;

/** Optional text: blank (after trimming) or null is "no value" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => (s === "" ? null : s))
    .nullish();

const INT_MAX = 2_147_483_647;

/** `order`: a string on input (form field; a JSON number is accepted too), an integer in responses; blank means "not given". */
const orderSchema = z.preprocess(
  (v) =>
    typeof v === "string" ? (v.trim() === "" ? undefined : /^[+-]?\d+$/.test(v.trim()) ? Number(v.trim()) : v) : v,
  z
    .number({ error: "must be an integer" })
    .int("must be an integer")
    .min(-INT_MAX, "is out of range")
    .max(INT_MAX, "is out of range")
    .optional(),
);

// CSS named colours (CSS Color Module Level 4), for the `color` field.
const NAMED_COLORS = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue " +
    "chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey " +
    "darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray " +
    "darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen " +
    "fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki " +
    "lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen " +
    "lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime " +
    "limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue " +
    "mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive " +
    "olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum " +
    "powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue " +
    "slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke " +
    "yellow yellowgreen transparent"
  ).split(" "),
);

const NUM = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?`;
const PCT_OR_NUM = String.raw`${NUM}%?`;
const HUE = String.raw`${NUM}(?:deg|grad|rad|turn)?`;
/** rgb()/rgba() and hsl()/hsla(), with commas or (CSS 4) spaces and an optional "/ alpha". */
const RGB = new RegExp(
  String.raw`^rgba?\(\s*${PCT_OR_NUM}\s*(?:,\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}\s*(?:,\s*${PCT_OR_NUM}\s*)?|\s${PCT_OR_NUM}\s+${PCT_OR_NUM}\s*(?:/\s*${PCT_OR_NUM}\s*)?)\)$`,
  "i",
);
const HSL = new RegExp(
  String.raw`^hsla?\(\s*${HUE}\s*(?:,\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}\s*(?:,\s*${PCT_OR_NUM}\s*)?|\s${PCT_OR_NUM}\s+${PCT_OR_NUM}\s*(?:/\s*${PCT_OR_NUM}\s*)?)\)$`,
  "i",
);
const HEX = /^#?(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Whether `value` reads as a colour: hex (#RGB, #RRGGBB, with alpha; the # optional), rgb()/rgba(), hsl()/hsla() or a CSS colour name. */
export function isColor(value: string): boolean {
  return HEX.test(value) || RGB.test(value) || HSL.test(value) || NAMED_COLORS.has(value.toLowerCase());
}

const colorSchema = z
  .string()
  .trim()
  .max(100)
  .refine(
    (v) => v === "" || isColor(v),
    "must be a colour such as #RRGGBB, rgb(r, g, b), hsl(h, s%, l%) or a CSS colour name",
  )
  .transform((v) => (v === "" ? null : v))
  .nullish();

/** A parent category id; blank or null means top level. */
const parentSchema = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), idSchema.nullish());

/** Speech challenge ids (repeatable); a lone blank value is an empty list (multipart cannot send an empty list otherwise). */
const speechChallengesSchema = z.preprocess(
  (v) => (v === "" ? [] : Array.isArray(v) && v.length === 1 && v[0] === "" ? [] : v),
  listOf(idSchema, MAX_IDS),
);

/** POST /categories (multipart or JSON): the text fields; image and icon are file parts. */
export const createCategorySchema = z.object({
  id: idSchema.optional(),
  parent: parentSchema,
  name: optionalText(500),
  order: orderSchema,
  description: optionalText(5000),
  color: colorSchema,
  speechChallenges: speechChallengesSchema.optional(),
});
export type CreateCategory = z.infer<typeof createCategorySchema>;

/** PUT /categories/:category: incremental; parent null moves the category to the top level; speechChallenges replaces the list. */
export const updateCategorySchema = createCategorySchema.omit({ id: true });
export type UpdateCategory = z.infer<typeof updateCategorySchema>;

export const listCategoriesQuery = z.object(pageQuery);

export const categorySchema = z.object({
  id: z.string(),
  parent: z.string().nullable(),
  name: z.string().nullable(),
  order: z.number().int(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  imageUrl: z.string().nullable(),
  iconUrl: z.string().nullable(),
  speechChallenges: z.array(z.string()),
  ...timestamps,
});
export type Category = z.output<typeof categorySchema>;
