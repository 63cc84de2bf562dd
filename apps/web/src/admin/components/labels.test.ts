import {
  ADMIN_AUDIT_ACTIONS,
  ADMIN_AUDIT_OBJECT_TYPES,
  ANNONCE_STATUSES,
  ROLES,
} from '@app/domain';
import { describe, expect, it } from 'vitest';
import enAdmin from '@/locales/en/admin.json';
import frAdmin from '@/locales/fr/admin.json';
import { LABEL_KEYS } from './ui';

/** The back office never shows a raw status or role ("TO_VALIDATE"): each has words in both languages. */
describe('back-office labels', () => {
  it.each([
    ['annonce', ANNONCE_STATUSES],
    ['role', ROLES],
    ['decision', ['VALIDATED', 'REFUSED']],
    ['auditAction', ADMIN_AUDIT_ACTIONS],
    ['auditObject', ADMIN_AUDIT_OBJECT_TYPES],
  ] as const)('names every %s value in French and English', (kind, values) => {
    for (const value of values) {
      const key = LABEL_KEYS[kind]?.[value];
      expect(key, `${kind} ${value}`).toBeDefined();
      for (const catalogue of [frAdmin, enAdmin] as Record<string, string>[]) {
        expect(catalogue[key!], key).toMatch(/\S/);
        // A constant ("ANNONCE_VALIDATED") never shows; a plain word ("Notification") may be its own label.
        if (/^[A-Z][A-Z_]+$/.test(value)) expect(catalogue[key!]).not.toContain(value);
      }
    }
  });
});
