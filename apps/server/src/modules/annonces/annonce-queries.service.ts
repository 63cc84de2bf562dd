import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import {
  ANNONCE_STATUSES,
  isVisibleToOthers,
  publicationProblems,
  type AnnonceCard,
} from '@app/domain';
import type { Db } from '../../db/database';
import { annonces, favourites } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { CurrentUser } from './annonce-access';
import { loadAnnonceCards } from './annonce-card.presenter';
import { flagsOf, storedFields } from './annonce-save.service';
import { documentFileIds, findVehicleTypes, photoCounts } from './annonce.repository';

const PUBLIC_STATUSES = ANNONCE_STATUSES.filter(isVisibleToOthers);

/** Which group of "my announcements" a status falls in (docs/product/annonces.md §2 "My annonces"). */
export function myAnnoncesGroup(
  status: string,
): 'annoncesDraft' | 'toValidate' | 'validated' | null {
  if (status === 'DRAFT' || status === 'REFUSED') return 'annoncesDraft';
  if (status === 'TO_VALIDATE') return 'toValidate';
  if (status === 'DELETED') return null;
  return 'validated';
}

/** My announcements, drafts ready to publish and favourites: lists of cards. */
export function createAnnonceQueriesService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  signingSecret: string;
}) {
  const { db, clock, publicUrl, signingSecret } = deps;
  const context = () => ({ publicUrl, signingSecret, now: clock.now() });

  async function myAnnonces(user: CurrentUser) {
    const rows = await db
      .select({ id: annonces.id, status: annonces.status })
      .from(annonces)
      .where(and(eq(annonces.ownerId, user.userId), ne(annonces.status, 'DELETED')))
      .orderBy(desc(annonces.updatedAt), desc(annonces.id));
    const cards = await loadAnnonceCards(
      db,
      rows.map((row) => row.id),
      user,
      context(),
    );
    const result: Record<'annoncesDraft' | 'toValidate' | 'validated', AnnonceCard[]> = {
      annoncesDraft: [],
      toValidate: [],
      validated: [],
    };
    for (const card of cards) {
      const group = myAnnoncesGroup(card.status.value);
      if (group) result[group].push(card);
    }
    return result;
  }

  /** The owner's drafts that publication would accept now (the recap's draft picker). */
  async function draftsReadyToPublish(user: CurrentUser): Promise<AnnonceCard[]> {
    const drafts = await db
      .select()
      .from(annonces)
      .where(and(eq(annonces.ownerId, user.userId), eq(annonces.status, 'DRAFT')))
      .orderBy(desc(annonces.updatedAt), desc(annonces.id));
    const types = await findVehicleTypes(
      db,
      drafts.map((row) => row.vehicleTypeId).filter((id): id is number => id !== null),
    );
    const photos = await photoCounts(
      db,
      drafts.map((row) => row.id),
    );
    const ready = drafts.filter((row) => {
      if (row.askedToBeDeletedAt) return false;
      const documents = documentFileIds(row);
      return (
        publicationProblems({
          fields: storedFields(row),
          type: flagsOf(row.vehicleTypeId === null ? null : (types.get(row.vehicleTypeId) ?? null)),
          files: {
            photos: photos.get(row.id) ?? 0,
            identityRecto: documents.identityRecto !== null,
            identityVerso: documents.identityVerso !== null,
            carteGrise: documents.carteGriseFile !== null,
            plainte: documents.plainteFile !== null,
            assurance: documents.assuranceFile !== null,
          },
          isFast: row.isFastAnnonce,
        }).length === 0
      );
    });
    return loadAnnonceCards(
      db,
      ready.map((row) => row.id),
      user,
      context(),
    );
  }

  /** Favourites the user may still see (someone else's announcement back in draft drops out). */
  async function myFavourites(user: CurrentUser): Promise<AnnonceCard[]> {
    const rows = await db
      .select({ id: annonces.id })
      .from(favourites)
      .innerJoin(annonces, eq(annonces.id, favourites.annonceId))
      .where(
        and(
          eq(favourites.userId, user.userId),
          ne(annonces.status, 'DELETED'),
          or(eq(annonces.ownerId, user.userId), inArray(annonces.status, PUBLIC_STATUSES)),
        ),
      )
      .orderBy(desc(favourites.createdAt), desc(annonces.id));
    return loadAnnonceCards(
      db,
      rows.map((row) => row.id),
      user,
      context(),
    );
  }

  return { myAnnonces, draftsReadyToPublish, myFavourites };
}

export type AnnonceQueriesService = ReturnType<typeof createAnnonceQueriesService>;
