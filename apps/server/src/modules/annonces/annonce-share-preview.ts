import { asc, eq } from 'drizzle-orm';
import { COLORS } from '@app/domain';
import type { Db } from '../../db/database';
import { annoncePhotos, annonces, brands, models, vehicleTypes } from '../../db/schema/index';
import { fileUrlSigner } from '../../lib/signed-file-urls';
import { annonceTitle } from './annonce-card.presenter';

/** What a shared link shows on social networks: nothing a victim would not put on a poster. */
export interface SharePreview {
  title: string;
  description: string;
  imageUrl: string | null;
}

/** Statuses a shared link previews; anything else (draft, in validation…) only redirects. */
const PREVIEWED_STATUSES = new Set(['VALIDATED']);

/**
 * The Open Graph preview of /openapp?id=N: brand, model and town, the first photo, the type and
 * colour, the reward. Never the plate, VIN, owner's names or street address.
 */
export async function loadSharePreview(
  db: Db,
  annonceId: number,
  publicUrl: string,
  signingSecret: string,
): Promise<SharePreview | null> {
  const [row] = await db
    .select({
      status: annonces.status,
      city: annonces.theftCity,
      departement: annonces.theftDepartmentCode,
      color: annonces.color,
      reward: annonces.additionalRewardAmount,
      brand: brands.name,
      model: models.name,
      typeName: vehicleTypes.nameFr,
    })
    .from(annonces)
    .leftJoin(brands, eq(brands.id, annonces.brandId))
    .leftJoin(models, eq(models.id, annonces.modelId))
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, annonces.vehicleTypeId))
    .where(eq(annonces.id, annonceId))
    .limit(1);
  if (!row || !PREVIEWED_STATUSES.has(row.status)) return null;
  const [photo] = await db
    .select({ fileId: annoncePhotos.fileId })
    .from(annoncePhotos)
    .where(eq(annoncePhotos.annonceId, annonceId))
    .orderBy(asc(annoncePhotos.position))
    .limit(1);

  const name = annonceTitle(row.brand, row.model, row.typeName) || 'Véhicule';
  const place = row.city ? `${row.city}${row.departement ? ` (${row.departement})` : ''}` : null;
  const color = COLORS.find((item) => item.value === row.color && item.value !== 'UNDEFINED');
  const details = [row.typeName, color?.fr].filter(Boolean).join(', ');
  const reward = Number(row.reward);
  return {
    title: place ? `${name} volé(e) à ${place}` : `${name} volé(e)`,
    description:
      `Aidez-nous à retrouver ce véhicule volé${details ? ` (${details})` : ''}. ` +
      (reward > 0 ? `Récompense supplémentaire : ${reward} €. ` : '') +
      'Vous l’avez vu ? Signalez-le sur Veilleurs.',
    // Only a VALIDATED announcement is previewed: its photo has a lasting public link.
    imageUrl: photo
      ? `${publicUrl}${fileUrlSigner(signingSecret).publicFileUrl(photo.fileId)}`
      : null,
  };
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * A page crawlers read for the card and browsers leave at once (meta refresh: the CSP forbids
 * inline scripts), with a plain link for the rest.
 */
export function sharePreviewPage(preview: SharePreview, target: string, pageUrl: string): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Veilleurs'),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', pageUrl),
    ...(preview.imageUrl ? [meta('property', 'og:image', preview.imageUrl)] : []),
    meta('name', 'twitter:card', preview.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.imageUrl ? [meta('name', 'twitter:image', preview.imageUrl)] : []),
    meta('name', 'description', preview.description),
  ];
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<title>${escapeHtml(preview.title)}</title>
${tags.join('\n')}
<meta http-equiv="refresh" content="0; url=${escapeHtml(target)}">
</head>
<body>
<p><a href="${escapeHtml(target)}">${escapeHtml(preview.title)}</a></p>
</body>
</html>
`;
}
