import { isProduction, type ClientConfig } from '@/lib/client-config';

/**
 * index.html forbids indexing; only the production site lifts it (docs/product/accounts.md §9). The server
 * also sends X-Robots-Tag and robots.txt outside production.
 */
export function applyIndexingPolicy(config: ClientConfig | null, doc: Document = document) {
  if (!isProduction(config?.environmentName)) return;
  doc.querySelector('meta[name="robots"]')?.remove();
}
