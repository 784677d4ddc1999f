import { defineConfig } from "@playwright/test";
export default defineConfig({ testDir: ".", projects: [{ name: "unit", testMatch: /lib\/db\/(upgrade|schema-drift)\.test\.ts$/ }], reporter: [["list"]] });
