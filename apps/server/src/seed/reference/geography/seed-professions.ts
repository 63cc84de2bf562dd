import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { professions } from '../../../db/schema/index';
import type { SeedReferenceOptions } from '../seed-reference-data';

/**
 * The profile's profession list (docs/product/accounts.md §3): INSEE's socio-professional groups where they are
 * what people answer, plus the trades the product cares about (drivers, police, insurers, garages,
 * who meet stolen vehicles at work). "Autre" stays last.
 */
export const PROFESSIONS = [
  { value: 'FARMER', textFr: 'Agriculteur', textEn: 'Farmer' },
  { value: 'CRAFTSMAN', textFr: 'Artisan', textEn: 'Craftsman' },
  { value: 'SHOPKEEPER', textFr: 'Commerçant', textEn: 'Shopkeeper' },
  { value: 'BUSINESS_OWNER', textFr: "Chef d'entreprise", textEn: 'Business owner' },
  {
    value: 'LIBERAL_PROFESSION',
    textFr: 'Profession libérale',
    textEn: 'Self-employed professional',
  },
  { value: 'EXECUTIVE', textFr: 'Cadre', textEn: 'Executive' },
  { value: 'ENGINEER', textFr: 'Ingénieur', textEn: 'Engineer' },
  { value: 'TEACHER', textFr: 'Enseignant', textEn: 'Teacher' },
  { value: 'HEALTH_WORKER', textFr: 'Professionnel de santé', textEn: 'Health worker' },
  { value: 'TECHNICIAN', textFr: 'Technicien', textEn: 'Technician' },
  { value: 'CIVIL_SERVANT', textFr: 'Fonctionnaire', textEn: 'Civil servant' },
  { value: 'EMPLOYEE', textFr: 'Employé', textEn: 'Employee' },
  { value: 'WORKER', textFr: 'Ouvrier', textEn: 'Manual worker' },
  { value: 'DRIVER', textFr: 'Chauffeur / VTC', textEn: 'Driver / ride-hailing driver' },
  { value: 'DELIVERY_DRIVER', textFr: 'Livreur', textEn: 'Delivery driver' },
  { value: 'POLICE_GENDARME', textFr: 'Policier / Gendarme', textEn: 'Police officer / Gendarme' },
  { value: 'SECURITY_AGENT', textFr: 'Agent de sécurité', textEn: 'Security guard' },
  { value: 'INSURER', textFr: 'Assureur', textEn: 'Insurer' },
  { value: 'MECHANIC', textFr: 'Garagiste / Mécanicien', textEn: 'Garage owner / Mechanic' },
  { value: 'CAR_DEALER', textFr: 'Vendeur automobile', textEn: 'Car dealer' },
  { value: 'TOW_TRUCK_OPERATOR', textFr: 'Dépanneur', textEn: 'Tow truck operator' },
  { value: 'STUDENT', textFr: 'Étudiant', textEn: 'Student' },
  { value: 'RETIRED', textFr: 'Retraité', textEn: 'Retired' },
  { value: 'UNEMPLOYED', textFr: 'Sans emploi', textEn: 'Unemployed' },
  { value: 'OTHER', textFr: 'Autre', textEn: 'Other' },
] as const;

/** Upserts the list in its order; a second run changes nothing. */
export async function seedProfessions(db: Db, options: SeedReferenceOptions): Promise<void> {
  await db
    .insert(professions)
    .values(PROFESSIONS.map((profession, position) => ({ ...profession, position })))
    .onConflictDoUpdate({
      target: professions.value,
      set: {
        textFr: sql`excluded.text_fr`,
        textEn: sql`excluded.text_en`,
        position: sql`excluded.position`,
      },
      setWhere: sql`(${professions.textFr}, ${professions.textEn}, ${professions.position})
        is distinct from (excluded.text_fr, excluded.text_en, excluded.position)`,
    });
  options.log.info({ professions: PROFESSIONS.length }, 'professions seeded');
}
