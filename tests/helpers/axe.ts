import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Every rule axe runs by default (WCAG 2.0–2.2 A and AA, best practices), plus one experimental rule issue 13 asks
 * for: a control's name contains its visible label (WCAG 2.5.3, e.g. the banner slides).
 */
const AXE_OPTIONS = { resultTypes: ['violations' as const], rules: { 'label-content-name-mismatch': { enabled: true } } };

/** axe on the page as it is now: one line per failing node (empty when it passes). */
export async function axeProblems(page: Page, what: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().options(AXE_OPTIONS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((node) => `${what}: ${v.id} (${v.impact}) ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`),
  );
}
