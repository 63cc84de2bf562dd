import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './session';

const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTVWXYZ';
const pick = (alphabet: string) => alphabet[Math.floor(Math.random() * alphabet.length)]!;

/** A new-format plate nobody else used in this run (O, U and I never appear). */
export function randomPlate() {
  const letters = () => pick(PLATE_LETTERS) + pick(PLATE_LETTERS);
  const digits = String(Math.floor(Math.random() * 900) + 100);
  return `${letters()}-${digits}-${letters()}`;
}

/** 12 letters and digits: a Bicycode. */
export function randomBicycode() {
  return Array.from({ length: 12 }, () => pick('ABCDEFGHJKLMNPRSTVWXYZ0123456789')).join('');
}

export const screenshotPath = (project: string, name: string) =>
  `/tmp/annonces-${project}-${name}.png`;

/** A bearer token of the demo account, for setting up data through the API. */
export async function demoToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { ...DEMO_ACCOUNT, rememberMe: false } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A draft saved at the vehicle type step, as the wizard's first Next does. */
export async function createDraft(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/annonce/checkStepBeforeSave', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      annonce: JSON.stringify({ vehicleType: 1 }),
      isDraft: 'true',
      isFastAnnonce: 'true',
      currentStep: '1',
    },
  });
  if (!res.ok()) throw new Error(`draft not saved: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Picks the theft town from the autocomplete. */
export async function chooseTown(page: Page, query: string, option: RegExp) {
  await page.getByLabel('Ville', { exact: true }).fill(query);
  await page.getByRole('button', { name: option }).first().click();
}

/**
 * The wizard's mandatory step after the identifiers: colour, energy, where it was taken (in
 * Toulouse), whether a complaint was filed ("Oui") and the owner's attestation.
 */
export async function fillTheftDescription(
  page: Page,
  vehicle: { colour: string; energy: string; street: string },
) {
  await page.getByLabel('Couleur').selectOption({ label: vehicle.colour });
  await page.getByLabel('Énergie').selectOption({ label: vehicle.energy });
  await page.getByLabel('Numéro et rue').fill(vehicle.street);
  await chooseTown(page, 'Toulouse', /^Toulouse \(31/);
  await page.getByText('Oui', { exact: true }).click();
  await page.getByRole('checkbox', { name: /J’atteste/ }).check();
}
