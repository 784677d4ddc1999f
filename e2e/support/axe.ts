import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The page's serious and critical accessibility violations (axe-core), as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} (${v.help})`));
}
