// Praat TextGrid ⇄ annotation fragments (tier mapping in ./tiers.ts).
//
// Writing: the long ("full") text format, as Praat writes it, UTF-8 without BOM, "\n" line ends;
// strings escape `"` as `""`; times are exact decimal seconds from integer ms. Every tier spans
// 0..max(durationMs, last end) (at least 1 ms: Praat refuses an empty time domain) and is tiled
// with empty intervals in the gaps, as interval tiers must be.
// Reading: the long and the short text format (also the old "ooTextFile short" header), UTF-8
// with or without BOM, UTF-16 LE/BE (Praat's choice for non-ASCII text), CRLF or LF. A tokenizer
// yields strings, numbers and <flags>, skipping `!` comments, `[…]` indices and the long
// format's `name =` / `name?` / `name:` labels, so both formats read the same way. Point tiers
// (TextTier) are refused: we have no point annotations. Intervals may leave gaps but must not
// overlap or run backwards within a tier. durationMs is the TextGrid's xmax.
import {
  type AnnotationDocument,
  clip,
  formatSeconds,
  type ImportedAnnotation,
  InterchangeError,
  parseSecondsToMs,
} from "./model";
import { assembleTiers, decodeText, exportTiers, type Interval, type Tier } from "./tiers";

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

export function toTextGrid(doc: AnnotationDocument): string {
  const { endMs: spanEnd, tiers } = exportTiers(doc);
  const endMs = Math.max(spanEnd, 1);
  const xmax = formatSeconds(endMs);
  const out = [
    'File type = "ooTextFile"',
    'Object class = "TextGrid"',
    "",
    "xmin = 0 ",
    `xmax = ${xmax} `,
    "tiers? <exists> ",
    `size = ${tiers.length} `,
    "item []: ",
  ];
  tiers.forEach((tier, t) => {
    const tiled: Interval[] = [];
    let cursor = 0;
    for (const iv of tier.intervals) {
      if (iv.startMs > cursor) tiled.push({ startMs: cursor, endMs: iv.startMs, text: "" });
      tiled.push(iv);
      cursor = iv.endMs;
    }
    if (cursor < endMs) tiled.push({ startMs: cursor, endMs, text: "" });
    out.push(`    item [${t + 1}]:`, '        class = "IntervalTier" ', `        name = ${quote(tier.name)} `);
    out.push("        xmin = 0 ", `        xmax = ${xmax} `, `        intervals: size = ${tiled.length} `);
    tiled.forEach((iv, i) => {
      out.push(
        `        intervals [${i + 1}]:`,
        `            xmin = ${formatSeconds(iv.startMs)} `,
        `            xmax = ${formatSeconds(iv.endMs)} `,
        `            text = ${quote(iv.text)} `,
      );
    });
  });
  return `${out.join("\n")}\n`;
}

type Token = { kind: "string" | "number" | "flag" | "word"; text: string; line: number };

const HEADER = /^\s*File\s+type\s*=\s*"([^"]*)"\s*Object\s+class\s*=\s*"([^"]*)"/;
const DELIMITER = /[\s"!<[\]=:?]/;

function tokenize(text: string, from: number, startLine: number): Token[] {
  const tokens: Token[] = [];
  let line = startLine;
  let i = from;
  const fail = (message: string): never => {
    throw new InterchangeError(`TextGrid line ${line}: ${message}`);
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) {
      line++;
      i++;
    } else if (/\s/.test(c) || c === "=" || c === ":" || c === "?") i++;
    else if (c === "!") while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    else if (c === '"') {
      // Praat strings may span lines; `""` stands for one `"`.
      let value = "";
      for (let from = i + 1; ; ) {
        const close = text.indexOf('"', from);
        if (close < 0) fail('a string is not closed (missing ")');
        value += text.slice(from, close);
        if (text[close + 1] !== '"') {
          i = close + 1;
          break;
        }
        value += '"';
        from = close + 2;
      }
      tokens.push({ kind: "string", text: value, line });
      line += (value.match(/\r\n|\r|\n/g) ?? []).length;
    } else if (c === "<" || c === "[") {
      const end = text.indexOf(c === "<" ? ">" : "]", i);
      const stop = text.slice(i, end).search(/[\r\n]/);
      if (end < 0 || stop >= 0) fail(`"${c}" is not closed on its line`);
      if (c === "<") tokens.push({ kind: "flag", text: text.slice(i + 1, end), line });
      i = end + 1;
    } else {
      let j = i;
      while (j < text.length && !DELIMITER.test(text[j]!)) j++;
      const word = text.slice(i, j);
      i = j;
      if (/^[-+.\d]/.test(word)) tokens.push({ kind: "number", text: word, line });
      else {
        while (text[j] === " " || text[j] === "\t") j++;
        // A long-format label ("xmin =", "tiers?", "intervals:", "item [1]:") is not a value.
        if (!"=?:[".includes(text[j] ?? "x")) tokens.push({ kind: "word", text: word, line });
      }
    }
  }
  return tokens;
}

export function fromTextGrid(input: string | Uint8Array): ImportedAnnotation {
  const text = decodeText(input, "TextGrid");
  if (text.startsWith("ooBinaryFile"))
    throw new InterchangeError("TextGrid: binary TextGrid files are not supported; save it from Praat as a text file");
  const header = HEADER.exec(text);
  if (!header)
    throw new InterchangeError(
      'TextGrid: the file does not start with File type = "ooTextFile" and Object class = "TextGrid"',
    );
  if (header[1] !== "ooTextFile" && header[1] !== "ooTextFile short")
    throw new InterchangeError(`TextGrid: unsupported file type "${clip(header[1]!)}"`);
  if (header[2] !== "TextGrid")
    throw new InterchangeError(`TextGrid: the file holds a Praat "${clip(header[2]!)}" object, not a TextGrid`);
  const headerLines = header[0].split(/\r\n|\r|\n/).length;
  const tokens = tokenize(text, header[0].length, headerLines);
  let pos = 0;

  const take = (kind: Token["kind"], what: string, field: string): Token => {
    const tok = tokens[pos];
    if (!tok) throw new InterchangeError(`TextGrid: the file ends early; expected ${what} for ${field}`);
    if (tok.kind !== kind) {
      const found =
        tok.kind === "string"
          ? `the string "${clip(tok.text)}"`
          : tok.kind === "flag"
            ? `<${clip(tok.text)}>`
            : `"${clip(tok.text)}"`;
      throw new InterchangeError(`TextGrid line ${tok.line}: expected ${what} for ${field}, found ${found}`);
    }
    pos++;
    return tok;
  };
  const time = (field: string): { ms: number; line: number } => {
    const tok = take("number", "a number", field);
    try {
      return { ms: parseSecondsToMs(tok.text), line: tok.line };
    } catch (err) {
      throw new InterchangeError(
        `TextGrid line ${tok.line}: expected a number for ${field}: ${(err as Error).message}`,
        { cause: err },
      );
    }
  };
  const count = (field: string): number => {
    const tok = take("number", "a whole number", field);
    if (!/^\+?\d{1,9}$/.test(tok.text))
      throw new InterchangeError(
        `TextGrid line ${tok.line}: expected a whole number for ${field}, found "${clip(tok.text)}"`,
      );
    return Number(tok.text);
  };
  const span = (field: string) => {
    const xmin = time(`xmin of ${field}`);
    const xmax = time(`xmax of ${field}`);
    if (xmin.ms > xmax.ms)
      throw new InterchangeError(
        `TextGrid line ${xmax.line}: xmin of ${field} (${formatSeconds(xmin.ms)} s) is after its xmax (${formatSeconds(xmax.ms)} s)`,
      );
    return { startMs: xmin.ms, endMs: xmax.ms };
  };

  const grid = span("the TextGrid");
  const flag = tokens[pos]?.kind === "flag" ? take("flag", "<exists>", "tiers?").text : "exists";
  if (flag !== "exists" && flag !== "absent")
    throw new InterchangeError(`TextGrid line ${tokens[pos - 1]!.line}: expected <exists> or <absent> for tiers?`);
  const tierCount = flag === "exists" ? count("the number of tiers") : 0;
  const tiers: Tier[] = [];
  for (let t = 1; t <= tierCount; t++) {
    const cls = take("string", "a string", `the class of tier ${t}`);
    const name = take("string", "a string", `the name of tier ${t}`).text;
    if (cls.text === "TextTier")
      throw new InterchangeError(
        `TextGrid line ${cls.line}: tier "${clip(name)}" is a point tier (TextTier); only interval tiers can be imported`,
      );
    if (cls.text !== "IntervalTier")
      throw new InterchangeError(
        `TextGrid line ${cls.line}: tier "${clip(name)}" has unknown class "${clip(cls.text)}"`,
      );
    span(`tier "${clip(name)}"`);
    const n = count(`the number of intervals of tier "${clip(name)}"`);
    const intervals: Interval[] = [];
    let previousEnd = 0;
    for (let k = 1; k <= n; k++) {
      const where = `interval ${k} of tier "${clip(name)}"`;
      const line = tokens[pos]?.line ?? 0;
      const iv = span(where);
      if (k > 1 && iv.startMs < previousEnd) {
        throw new InterchangeError(
          `TextGrid line ${line}: ${where} starts at ${formatSeconds(iv.startMs)} s, before the previous interval ends (${formatSeconds(previousEnd)} s)`,
        );
      }
      previousEnd = iv.endMs;
      intervals.push({ ...iv, text: take("string", "a string", `the text of ${where}`).text });
    }
    tiers.push({ name, intervals });
  }
  return { durationMs: grid.endMs, fragments: assembleTiers(tiers, "TextGrid") };
}
