import { defineConfig } from "@playwright/test";
export default defineConfig({ testDir: "../../../lib/audio", outputDir: "/tmp/au/pw-results", workers: 2, fullyParallel: true, timeout: 60_000, reporter: [["list"]], projects: [{ name: "unit", testMatch: /lib\/.*\.test\.ts$/ }] });
