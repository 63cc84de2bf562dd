import { ANNONCE_MESSAGE_KEYS, CATALOG_NAME_MESSAGES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';

describe('announcement messages', () => {
  it('translate every key the announcement and catalogue calls answer with', async () => {
    // English is loaded when chosen (lib/i18n.ts): load it as a person switching would.
    await i18n.loadLanguages('en');
    const keys = [...Object.values(ANNONCE_MESSAGE_KEYS), ...Object.values(CATALOG_NAME_MESSAGES)];
    for (const language of ['fr', 'en']) {
      const missing = keys.filter(
        (key) => !i18n.exists(key, { lng: language, fallbackLng: false }),
      );
      expect(missing, language).toEqual([]);
    }
  });
});
