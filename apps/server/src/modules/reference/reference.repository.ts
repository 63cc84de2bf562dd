import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { departments, professions } from '../../db/schema/index';

export function listDepartments(db: Db) {
  return db.select({ code: departments.code, name: departments.name }).from(departments);
}

export function listProfessions(db: Db) {
  return db
    .select({ value: professions.value, textFr: professions.textFr, textEn: professions.textEn })
    .from(professions)
    .orderBy(asc(professions.position), asc(professions.value));
}
