// Synthetic reference speech from espeak-ng (GPL, so run as a separate program): templates for
// choices that have no recording, and extra voices beside those that do. Which espeak-ng voice
// speaks an ISO 639-2 language is decided here.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { iso6392BTo2T, iso6392TTo1 } from "iso-639-2";
import { decodePcmFile } from "../../audio/decode-pcm";
import type { Pcm } from "../types";

const execFileAsync = promisify(execFile);
// ESPEAK_NG_BIN: another espeak-ng binary (tests point it at a missing one).
const BIN = () => process.env.ESPEAK_NG_BIN || "espeak-ng";
const SYNTH_TIMEOUT_MS = 15_000;

/** A way of speaking: an espeak-ng voice variant (e.g. "f3") and words per minute (default 175). */
export type EspeakVariant = { variant?: string; speed?: number };

// Several speakers and speeds per choice: an answer is compared with its closest templates, so
// each one widens the range of voices and tempos that still match (measured: female answers
// need a female template; a slow one suits learners). Eight rather than four lifted English
// accuracy on voices the templates do not use (bench/recognition/template-sweep.ts); the four
// added ones (f1, m1, m7, m6) are none of the bench's answer voices.
export const DEFAULT_VARIANTS: readonly EspeakVariant[] = [
  {},
  { variant: "f3" },
  { variant: "m3", speed: 150 },
  { variant: "f4", speed: 130 },
  { variant: "f1", speed: 160 },
  { variant: "m1" },
  { variant: "m7", speed: 140 },
  { variant: "m6", speed: 190 },
];

// Where espeak-ng's language names are not the ISO 639-1 code, or a language has accents worth
// a template each (the variants take the voices in turn).
const VOICES: Record<string, string[]> = {
  eng: ["en-us", "en-gb"],
  spa: ["es", "es-419"],
  por: ["pt", "pt-br"],
  fra: ["fr-fr", "fr-be"],
  zho: ["cmn"],
  nor: ["nb"],
  nob: ["nb"],
};

/** Which voice speaks each variant: the language's voices in turn. */
export function templateSources(
  voices: readonly string[],
  variants: readonly EspeakVariant[],
): { voice: string; how: EspeakVariant }[] {
  return variants.map((how, k) => ({ voice: voices[k % voices.length]!, how }));
}

type Installed = { languages: Set<string> } | { error: string };
const installed = new Map<string, Promise<Installed>>();

/** espeak-ng's languages, read once per process and binary (or why espeak-ng cannot be used). */
export function espeakLanguages(): Promise<Installed> {
  const bin = BIN();
  let found = installed.get(bin);
  if (!found) {
    found = execFileAsync(bin, ["--voices"], { timeout: SYNTH_TIMEOUT_MS }).then(
      ({ stdout }) => ({
        languages: new Set(
          stdout
            .split("\n")
            .slice(1)
            .map((line) => line.trim().split(/\s+/)[1])
            .filter((l): l is string => !!l),
        ),
      }),
      (err: NodeJS.ErrnoException) => ({
        error:
          err.code === "ENOENT"
            ? `espeak-ng is not installed${bin === "espeak-ng" ? "" : ` at ${bin}`}`
            : `espeak-ng does not run (${err.message})`,
      }),
    );
    installed.set(bin, found);
  }
  return found;
}

/** The espeak-ng voices for an ISO 639-2 (B or T) code, best first; or why there are none. */
export async function espeakVoicesFor(language: string): Promise<{ voices: string[] } | { error: string }> {
  const found = await espeakLanguages();
  if ("error" in found) return found;
  const code = language.trim().toLowerCase();
  const t = (iso6392BTo2T as Record<string, string>)[code] ?? code;
  const wanted = VOICES[t] ?? [(iso6392TTo1 as Record<string, string>)[t], t, code].filter((c): c is string => !!c);
  const voices: string[] = [];
  for (const c of wanted) {
    // "fr" is only installed as "fr-fr", "fr-be", ...: take the language's own country first.
    const regional = [...found.languages].filter((l) => l.startsWith(`${c}-`));
    const voice = found.languages.has(c) ? c : (regional.find((l) => l === `${c}-${c}`) ?? regional[0]);
    if (voice && !voices.includes(voice)) voices.push(voice);
  }
  return voices.length ? { voices } : { error: `espeak-ng has no voice for language "${language}"` };
}

/** Speaks `text` with an espeak-ng voice (e.g. "nl") and variant; 16 kHz mono PCM. */
export async function synthesise(
  voice: string,
  text: string,
  how: EspeakVariant = {},
  signal?: AbortSignal,
): Promise<Pcm> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "espeak-"));
  try {
    const wav = path.join(dir, "speech.wav");
    const args = ["-v", how.variant ? `${voice}+${how.variant}` : voice, "-w", wav];
    if (how.speed) args.push("-s", String(how.speed));
    // The text goes in on stdin, so a choice that starts with "-" cannot pass for an option.
    await new Promise<void>((resolve, reject) => {
      const child = execFile(BIN(), [...args, "--stdin"], { timeout: SYNTH_TIMEOUT_MS, signal }, (err, _out, stderr) =>
        err
          ? reject(new Error(`espeak-ng failed: ${String(stderr).trim() || err.message}`, { cause: err }))
          : resolve(),
      );
      child.stdin?.end(text);
    });
    return await decodePcmFile(wav);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
