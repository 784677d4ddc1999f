// A Chromium whose microphone "hears" a spoken sentence: the fake capture device plays a WAV
// made by espeak-ng (looped), and the permission prompt is accepted. The WAV is made once per
// worker before the browser starts (the flag takes a path at launch). Specs that use
// `test` from here get browsers of their own; other UI specs keep the plain ones.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makeSpeechWav, missingAudioTools } from "../../lib/audio/test-audio";
import { test as base, expect } from "./fixtures";

export const MICROPHONE_TEXT = "A dog runs in the park.";

export const test = base.extend<{ pageErrors: string[] }, { microphoneWav: string }>({
  // Uncaught exceptions and console errors of the pages; a test ends by checking there were none.
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      // The app has no favicon yet; the browser's request for one is not a page error.
      if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico"))
        errors.push(`console: ${message.text()} at ${message.location().url}`);
    });
    await use(errors);
  },
  microphoneWav: [
    async ({}, use) => {
      expect(
        await missingAudioTools(),
        "audio tools for the tests (apt-get install -y espeak-ng opus-tools sox ffmpeg)",
      ).toEqual([]);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "fake-mic-"));
      // 48 kHz mono s16: the rate Chromium's capture runs at, so the file is not resampled.
      const wav = await makeSpeechWav(dir, MICROPHONE_TEXT, { sampleRate: 48000, name: "microphone.wav" });
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
