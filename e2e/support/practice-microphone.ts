// A Chromium whose fake microphone says one sentence of real synthesised speech (espeak-ng), with
// a little silence before it and enough after it that a recording of a few seconds holds it once:
// Chromium plays the file from its start whenever a page opens the microphone, and loops it.
// Specs that use `test` from here get browsers of their own.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { missingAudioTools } from "../../lib/audio/test-audio";
import { OGG_TEXT } from "./audio";
import { test as base, expect } from "./fixtures";

const run = promisify(execFile);

/** What the microphone says: the second choice of the choice challenges the practice specs make. */
export const SPOKEN = OGG_TEXT;

export const test = base.extend<{ pageErrors: string[] }, { microphoneWav: string }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico"))
        errors.push(`console: ${message.text()} at ${message.location().url}`);
    });
    await use(errors);
  },
  microphoneWav: [
    async ({}, use) => {
      expect(await missingAudioTools(), "apt-get install -y espeak-ng opus-tools sox ffmpeg").toEqual([]);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "practice-mic-"));
      const raw = path.join(dir, "raw.wav");
      const wav = path.join(dir, "microphone.wav");
      await run("espeak-ng", ["-w", raw, SPOKEN]);
      // 48 kHz mono s16 (Chromium's capture rate); 0.3 s before the sentence, 6 s after it.
      await run("sox", ["-R", raw, "-r", "48000", "-c", "1", "-b", "16", wav, "pad", "0.3", "6"]);
      await use(wav);
      await fs.rm(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  launchOptions: [
    async ({ launchOptions, microphoneWav }, use) => {
      const flags = [
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-audio-capture=${microphoneWav}`,
      ];
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...flags] });
    },
    { scope: "worker" },
  ],
});

export { expect };
