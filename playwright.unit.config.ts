import { defineConfig } from "@playwright/test";

// Unit tests alone (`npx playwright test -c playwright.unit.config.ts [files]`): pure lib/ code,
// no app server started. `npm test` runs them too, as the "unit" project of playwright.config.ts.
export default defineConfig({
  testDir: ".",
  outputDir: "test-results/unit",
  workers: 2,
  timeout: 60_000,
  reporter: [["list"]],
  projects: [{ name: "unit", testMatch: /lib\/.*\.test\.ts$/ }],
});
