// Helpers of the challenge authoring UI tests: the audio a waveform player holds, and checks of
// stored audio bytes.
import { expect, type Locator, type Page } from "@playwright/test";

/** Waits for the waveform player inside `scope` to be ready; returns its <audio>'s duration in seconds. */
export async function playerDuration(scope: Locator): Promise<number> {
  const waveform = scope.getByTestId("waveform");
  await expect(waveform).toHaveAttribute("data-status", "ready", { timeout: 20_000 });
  const duration = await waveform.getByTestId("waveform-audio").evaluate((audio: HTMLAudioElement) => audio.duration);
  expect(Number(await waveform.getAttribute("data-duration"))).toBeGreaterThan(0);
  return duration;
}

/** Plays the audio in `scope` in place (its Play button) until it has advanced, then pauses it. */
export async function playInPlace(scope: Locator, label: string) {
  const audio = scope.getByTestId("waveform-audio");
  await scope.getByRole("button", { name: `Play ${label}` }).click();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  await scope.getByRole("button", { name: `Pause ${label}` }).click();
  await expect(scope.getByRole("button", { name: `Play ${label}` })).toBeVisible();
}

export const fourCC = (bytes: Buffer, at = 0) => bytes.subarray(at, at + 4).toString("latin1");

/** A WAV's format, length and loudness from its canonical 44-byte header (what the recorder writes). */
export function wavFacts(bytes: Buffer) {
  expect(fourCC(bytes)).toBe("RIFF");
  expect(fourCC(bytes, 8)).toBe("WAVE");
  expect(fourCC(bytes, 36)).toBe("data");
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const bits = bytes.readUInt16LE(34);
  const dataBytes = bytes.readUInt32LE(40);
  let sum = 0;
  const samples = Math.floor(Math.min(dataBytes, bytes.length - 44) / 2);
  for (let i = 0; i < samples; i++) sum += bytes.readInt16LE(44 + 2 * i) ** 2;
  return {
    channels,
    sampleRate,
    bits,
    seconds: dataBytes / (channels * (bits / 8)) / sampleRate,
    rms: Math.sqrt(sum / Math.max(1, samples)) / 32768,
  };
}

/** An Ogg Opus file: its first page names the Opus identification header. */
export function expectOggOpus(bytes: Buffer) {
  expect(fourCC(bytes)).toBe("OggS");
  expect(bytes.subarray(28, 36).toString("latin1")).toBe("OpusHead");
}

/** Records the texts a status badge shows, from now on, and marks the document (gone after a reload). */
export async function watchStatus(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __statuses: string[];
      __sameDocument: boolean;
      __statusObserver?: MutationObserver;
    };
    w.__statuses = [];
    w.__sameDocument = true;
    const record = () => {
      const text = document.querySelector('[data-testid="challenge-status"][role="status"]')?.textContent?.trim();
      if (text && w.__statuses[w.__statuses.length - 1] !== text) w.__statuses.push(text);
    };
    w.__statusObserver?.disconnect();
    w.__statusObserver = new MutationObserver(record);
    w.__statusObserver.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    record();
  });
  return {
    seen: () => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses),
    sameDocument: () =>
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true),
  };
}
