// Whether Debian's pocketsphinx can run here, and where its worker script is.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { POCKETSPHINX_ENGINE } from "./pocketsphinx-types";

// Beside this module, or in the source tree when a bundle moved the module elsewhere.
export function serverScript(): string {
  try {
    const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "sphinx-server.py");
    if (existsSync(beside)) return beside;
  } catch {
    // not a file: URL
  }
  return path.join(process.cwd(), "lib/recognition/engines/pocketsphinx/sphinx-server.py");
}

/** Why the engine cannot run here (in words), or null when it can. */
export async function sphinxUnavailable(python: string, modelDir: string, script: string): Promise<string | null> {
  if (!existsSync(python)) return `${python} is missing (Debian's python3, with python3-pocketsphinx)`;
  if (!existsSync(path.join(modelDir, "en-us", "mdef")))
    return `pocketsphinx-en-us is not installed (no acoustic model in ${modelDir})`;
  if (!existsSync(path.join(modelDir, "cmudict-en-us.dict")))
    return `pocketsphinx-en-us is not installed (no cmudict-en-us.dict in ${modelDir})`;
  if (!existsSync(script)) return `sphinx-server.py is missing beside ${POCKETSPHINX_ENGINE}'s module`;
  return new Promise((resolve) => {
    execFile(python, ["-c", "import pocketsphinx"], { timeout: 15_000 }, (error, _out, stderr) => {
      const why = stderr.trim().split("\n").pop() || error?.message;
      resolve(error ? `python3-pocketsphinx is not importable by ${python} (${why})` : null);
    });
  });
}
