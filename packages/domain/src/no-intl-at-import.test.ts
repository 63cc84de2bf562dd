import { afterEach, describe, expect, it, vi } from 'vitest';

// A browser's first Intl formatter or collator loads its locale data: 130 to 360 ms of one task at
// a phone's speed (issue 17). The web app imports these rules with its forms and answer schemas,
// on screens that never format a date or sort a name, so no module here may build one at import;
// each builds its own on first use (shared/calendar-day.ts, catalog/catalog-name.ts).
const INTL_CONSTRUCTORS = [
  'DateTimeFormat',
  'NumberFormat',
  'Collator',
  'RelativeTimeFormat',
  'ListFormat',
  'DisplayNames',
  'Segmenter',
] as const;

describe('the domain package at import', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds no Intl formatter or collator', async () => {
    vi.resetModules();
    const spies = INTL_CONSTRUCTORS.map((name) => [name, vi.spyOn(Intl, name)] as const);
    await import('./index');
    const built = spies.filter(([, spy]) => spy.mock.calls.length > 0).map(([name]) => name);
    expect(built).toEqual([]);
  });

  it('builds them on first use, once', async () => {
    vi.resetModules();
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const collators = vi.spyOn(Intl, 'Collator');
    const domain = await import('./index');
    domain.calendarDayInFrance(new Date('2026-11-28T12:00:00Z'));
    domain.calendarDayInFrance(new Date('2026-11-29T12:00:00Z'));
    ['Model S', 'Model 3', '2008', '208'].sort(domain.compareCatalogNames);
    expect(dates).toHaveBeenCalledTimes(1);
    expect(collators).toHaveBeenCalledTimes(1);
  });
});
