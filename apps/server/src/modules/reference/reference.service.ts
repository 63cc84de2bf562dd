import {
  COLORS,
  compareDepartmentCodes,
  departmentText,
  ENERGIES,
  FEEDBACK_TYPES,
  toOptions,
  type EnvironmentLinks,
  type Locale,
  type Option,
} from '@app/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { listDepartments, listProfessions } from './reference.repository';

/**
 * The small lists behind the select boxes, and what the shell needs to know about the environment.
 * Nothing here is personal, so only the feedback types (a signed-in form) need a user.
 */
export function createReferenceService(deps: {
  db: Db;
  config: Pick<Config, 'APP_ENV' | 'PRO_SITE_URL' | 'publicUrl'>;
}) {
  return {
    colors: (locale: Locale): Option[] => toOptions(COLORS, locale),
    energies: (locale: Locale): Option[] => toOptions(ENERGIES, locale),
    feedbackTypes: (locale: Locale): Option[] => toOptions(FEEDBACK_TYPES, locale),

    /** "31 - Haute-Garonne", Corsica between 19 and 21, overseas last. */
    async departments(): Promise<Option[]> {
      const rows = await listDepartments(deps.db);
      return rows
        .sort((a, b) => compareDepartmentCodes(a.code, b.code))
        .map((row) => ({ value: row.code, text: departmentText(row.code, row.name) }));
    },

    async professions(locale: Locale): Promise<Option[]> {
      const rows = await listProfessions(deps.db);
      return rows.map((row) => ({
        value: row.value,
        text: locale === 'en' ? row.textEn : row.textFr,
      }));
    },

    environmentLinks: (): EnvironmentLinks => ({
      proUrlLink: deps.config.PRO_SITE_URL,
      gpUrlLink: deps.config.publicUrl,
    }),

    environmentName: (): string => deps.config.APP_ENV,
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
