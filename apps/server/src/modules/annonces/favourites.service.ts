import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { favourites } from '../../db/schema/index';
import { loadVisibleAnnonce, type CurrentUser } from './annonce-access';

/** POST /annonce/updateFavoris: toggles the heart of an announcement the user may see. */
export function createFavouritesService(deps: { db: Db }) {
  const { db } = deps;

  async function toggle(
    user: CurrentUser,
    annonceId: number,
  ): Promise<{ annonceFavorite: boolean }> {
    await loadVisibleAnnonce(db, user, annonceId);
    return db.transaction(async (tx) => {
      const removed = await tx
        .delete(favourites)
        .where(and(eq(favourites.userId, user.userId), eq(favourites.annonceId, annonceId)))
        .returning({ annonceId: favourites.annonceId });
      if (removed.length > 0) return { annonceFavorite: false };
      await tx.insert(favourites).values({ userId: user.userId, annonceId }).onConflictDoNothing();
      return { annonceFavorite: true };
    });
  }

  return { toggle };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
