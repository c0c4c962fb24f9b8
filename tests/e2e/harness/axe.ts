/**
 * Accessibility checks with axe-core inside a page under test (either browser): its source is
 * injected past the page's Content Security Policy (`runScript`), then `axe.run` reports violations.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { TestPage } from './test-page';

let axeSource: string | undefined;
const source = () => {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
};

export interface AxeFinding {
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  /** The offending elements' selectors and what axe says about each. */
  nodes: { target: string; summary: string }[];
}

/** axe's violations in `page` (WCAG 2.x A and AA plus best practices unless `options` say otherwise). */
export async function axeFindings(page: TestPage, options: RunOptions = {}): Promise<AxeFinding[]> {
  const present = await page.evaluate(() => 'axe' in globalThis);
  if (!present) await page.runScript(source());
  const results = (await page.evaluate(
    (runOptions) =>
      (globalThis as unknown as { axe: { run(o: unknown): Promise<unknown> } }).axe.run(runOptions),
    { resultTypes: ['violations'], ...options },
  )) as AxeResults;
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.join(' '),
      summary: node.failureSummary ?? '',
    })),
  }));
}

/** The findings a member would be blocked by: serious or critical. */
export async function seriousAxeFindings(page: TestPage, options?: RunOptions): Promise<AxeFinding[]> {
  return (await axeFindings(page, options)).filter(
    (finding) => finding.impact === 'serious' || finding.impact === 'critical',
  );
}

/**
 * The serious findings in each color scheme, the light one and the dark one (the popup and the
 * options follow the system's), the page left light afterwards. A test expects `{ light: [], dark: [] }`.
 */
export async function seriousAxeFindingsInEachScheme(
  page: TestPage,
  options?: RunOptions,
): Promise<Record<'light' | 'dark', AxeFinding[]>> {
  const findings = { light: [] as AxeFinding[], dark: [] as AxeFinding[] };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateColorScheme(scheme);
    await page.waitFor(
      (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
      scheme === 'dark',
    );
    findings[scheme] = await seriousAxeFindings(page, options);
  }
  await page.emulateColorScheme('light');
  return findings;
}
