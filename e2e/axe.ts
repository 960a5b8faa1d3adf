import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The rules we hold every page to: WCAG 2.1 levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The violations of axe-core's rules with `tags` on the page as it is now, detailing only the
 * violations. A page without frames is checked by axe.run in the page itself (legacy mode):
 * @axe-core/playwright 4.x otherwise runs axe.runPartial, which describes every passing element
 * too (selector, xpath, HTML) and opens a new page to assemble the results; the rules and what a
 * violation lists are the same. A page with a frame (the outbox's e-mail, sandboxed, of no
 * origin) keeps runPartial, the one mode that checks inside a frame of another origin. The
 * options come before the tags: AxeBuilder.options() replaces the tags withTags() set.
 */
export async function axeViolations(page: Page, tags: string[], exclude: string[] = [], rules: string[] = []) {
  const run = async (only: (b: AxeBuilder) => AxeBuilder) => {
    let builder = only(new AxeBuilder({ page }).options({ resultTypes: ["violations"] })).setLegacyMode(page.frames().length === 1);
    for (const selector of exclude) builder = builder.exclude(selector);
    return (await builder.analyze()).violations;
  };
  // axe runs either tags or rules: rules outside the tags (best practices) are a second run.
  return [...(await run((b) => b.withTags(tags))), ...(rules.length ? await run((b) => b.withRules(rules)) : [])];
}

/**
 * axe-core on the page as it is now (WCAG_TAGS, and `rules` beside them); each violation is listed with up to five of its elements,
 * so a failure says what to fix and where. Soft: one run reports every page's violations.
 */
export async function expectAccessible(page: Page, label: string, options: { exclude?: string[]; rules?: string[] } = {}) {
  const violations = await axeViolations(page, WCAG_TAGS, options.exclude, options.rules);
  const found = violations.map(
    (v) => `${v.id} [${v.impact}] ${v.help}\n${v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`)
      .join("\n")}`,
  );
  expect.soft(found, `axe-core on ${label}`).toEqual([]);
}

/** Where this work's screenshots go: outside the repository, to be looked at. */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? "test-results/screenshots";

/** A screenshot named <project>-<name>.png in SHOTS_DIR, of the whole page unless told otherwise. */
export async function photograph(page: Page, name: string, project: string, fullPage = true) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${project}-${name}.png`, fullPage });
}
