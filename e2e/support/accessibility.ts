import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The serious and critical accessibility problems (WCAG 2.1 A and AA rules) of the page, or of the
 * part `within` selects, each as "rule: elements". Toasts are never part of the check; those of a
 * previous action are also waited out first when `afterToasts` is set.
 */
export async function seriousViolations(
  page: Page,
  options: { within?: string; afterToasts?: boolean } = {},
): Promise<string[]> {
  if (options.afterToasts) {
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  }
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.within) builder = builder.include(options.within);
  // A toast sliding in or out is half transparent, so its contrast would depend on the moment of
  // the check (sonner loads on the first toast, which moves that moment): toasts are left out.
  builder = builder.exclude('[data-sonner-toaster]');
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
