import path from "node:path";
import type { Page } from "@playwright/test";

// Screenshots of the web app's pages as test artefacts (test-results/ is not committed).
const DIR = path.resolve(import.meta.dirname, "../../test-results/screenshots");

/** A full-page PNG at test-results/screenshots/<name>.png. */
export async function snap(page: Page, name: string): Promise<string> {
  const file = path.join(DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
