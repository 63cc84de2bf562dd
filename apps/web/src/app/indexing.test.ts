import { describe, expect, it } from 'vitest';
import { applyIndexingPolicy } from './indexing';

function page() {
  const doc = document.implementation.createHTMLDocument('x');
  doc.head.innerHTML = '<meta name="robots" content="noindex, nofollow">';
  return doc;
}

const config = (environmentName: string) => ({
  environmentName,
  sentryDsn: null,
  publicUrl: 'https://x.fr',
});

describe('search-engine indexing', () => {
  it('is allowed only in production', () => {
    const production = page();
    applyIndexingPolicy(config('production'), production);
    expect(production.querySelector('meta[name="robots"]')).toBeNull();
  });

  it.each(['preproduction', 'development', 'staging'])('stays forbidden in %s', (name) => {
    const doc = page();
    applyIndexingPolicy(config(name), doc);
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
  });

  it('stays forbidden when the configuration could not be read', () => {
    const doc = page();
    applyIndexingPolicy(null, doc);
    expect(doc.querySelector('meta[name="robots"]')).not.toBeNull();
  });
});
