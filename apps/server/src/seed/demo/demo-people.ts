import type { Random } from './random';

/** The account anyone can log in with on a fresh install (README). */
export const DEMO_ACCOUNT = {
  username: 'demo@veilleurs.fr',
  password: 'Veilleurs2026',
  firstname: 'Camille',
  lastname: 'Dupont',
  phoneNumber: '+33612345678',
  departmentCode: '31',
} as const;

/**
 * Owners of the demo announcements. They cannot log in: their password hash is not a hash, which
 * verifyPassword treats as a wrong password.
 */
export const DEMO_OWNER_PASSWORD_HASH = '!demo-owner-no-login';
export const DEMO_OWNER_COUNT = 15;
export const DEMO_OWNER_EMAIL_DOMAIN = 'demo.veilleurs.fr';

const FIRST_NAMES = [
  'Léa',
  'Hugo',
  'Manon',
  'Lucas',
  'Chloé',
  'Nathan',
  'Inès',
  'Théo',
  'Camille',
  'Louis',
  'Sarah',
  'Enzo',
  'Julie',
  'Mathis',
  'Emma',
  'Antoine',
  'Clara',
  'Maxime',
  'Jade',
  'Thomas',
  'Océane',
  'Julien',
  'Pauline',
  'Romain',
  'Margaux',
  'Karim',
  'Yasmine',
  'Mehdi',
  'Élodie',
  'Bastien',
] as const;

const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'Fournier',
  'Lopez',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Faure',
  'Andre',
  'Mercier',
  'Blanc',
  'Guerin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'Bonnet',
  'Fabre',
  'Marty',
  'Castel',
  'Bousquet',
  'Cazals',
] as const;

export interface DemoOwner {
  username: string;
  firstname: string;
  lastname: string;
  phoneNumber: string;
}

function asciiSlug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}

/** Fifteen owners with distinct French names and e-mails on the demo domain. */
export function demoOwners(random: Random): DemoOwner[] {
  const owners: DemoOwner[] = [];
  const used = new Set<string>();
  while (owners.length < DEMO_OWNER_COUNT) {
    const firstname = random.pick(FIRST_NAMES);
    const lastname = random.pick(LAST_NAMES);
    const key = `${firstname} ${lastname}`;
    if (used.has(key)) continue;
    used.add(key);
    owners.push({
      username: `${asciiSlug(firstname)}.${asciiSlug(lastname)}@${DEMO_OWNER_EMAIL_DOMAIN}`,
      firstname,
      lastname,
      phoneNumber: `+336${random.string('0123456789', 8)}`,
    });
  }
  return owners;
}
