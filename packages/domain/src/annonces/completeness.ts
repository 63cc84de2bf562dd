/**
 * Completeness (docs/product/annonces.md §4): a licensed vehicle's announcement is complete with both the
 * registration card and the complaint; any other with the complaint. A published announcement that
 * is not complete has 48 hours to become so (docs/product/founders-decisions.md), with an optional reminder 24 hours
 * before the end.
 */
export const COMPLETION_WINDOW_HOURS = 48;
export const COMPLETION_REMINDER_HOURS_BEFORE = 24;
const HOUR_MS = 60 * 60 * 1000;

export function isAnnonceComplete(annonce: {
  isLicensed: boolean;
  hasCarteGrise: boolean;
  hasPlainte: boolean;
}): boolean {
  return annonce.hasPlainte && (!annonce.isLicensed || annonce.hasCarteGrise);
}

/** The documents still missing, as the wizard's field names. */
export function missingDocuments(annonce: {
  isLicensed: boolean;
  hasCarteGrise: boolean;
  hasPlainte: boolean;
}): ('carteGriseFile' | 'plainteFile')[] {
  const missing: ('carteGriseFile' | 'plainteFile')[] = [];
  if (annonce.isLicensed && !annonce.hasCarteGrise) missing.push('carteGriseFile');
  if (!annonce.hasPlainte) missing.push('plainteFile');
  return missing;
}

export function completionDeadline(publishedAt: Date): Date {
  return new Date(publishedAt.getTime() + COMPLETION_WINDOW_HOURS * HOUR_MS);
}

export function completionReminderAt(deadline: Date): Date {
  return new Date(deadline.getTime() - COMPLETION_REMINDER_HOURS_BEFORE * HOUR_MS);
}
