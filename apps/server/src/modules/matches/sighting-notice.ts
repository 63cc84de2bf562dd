import { sql } from 'drizzle-orm';
import { roundSightingPosition, SIGHTING_NOTICE_INTERVAL_MS } from '@app/domain';
import type { Db } from '../../db/database';
import type { Notifier } from '../notifications/index';

export interface Sighting {
  annonceId: number;
  ownerId: number;
  /** The check found a close identifier, not the exact one. */
  close: boolean;
  latitude: number | null;
  longitude: number | null;
  at: Date;
}

/**
 * Tells the owner that a watcher checked their vehicle's identifier (ANNONCE_IDENTIFIER_CHECKED),
 * inside the check's transaction, at most once an hour per announcement. The cap is one conditional
 * upsert: a concurrent check on the same announcement waits for this row's lock and then finds it
 * fresh, so it writes nothing, on any instance. Only then is the commune looked up, so a busy street
 * costs one indexed write per check. The notification holds the rounded position and the commune,
 * never the watcher nor their exact position.
 */
export async function noticeSighting(tx: Db, notifier: Notifier, sighting: Sighting) {
  const since = new Date(sighting.at.getTime() - SIGHTING_NOTICE_INTERVAL_MS);
  const won = (await tx.execute(sql`
    insert into annonce_sighting_notices (annonce_id, notified_at)
    values (${sighting.annonceId}, ${sighting.at.toISOString()}::timestamptz)
    on conflict (annonce_id) do update set notified_at = excluded.notified_at
      where annonce_sighting_notices.notified_at <= ${since.toISOString()}::timestamptz
    returning annonce_id`)) as unknown as { rows: unknown[] };
  if (won.rows.length === 0) return;

  const params: Record<string, string | number> = { checkedAt: sighting.at.toISOString() };
  if (sighting.close) params.close = 1;
  if (sighting.latitude !== null && sighting.longitude !== null) {
    const area = roundSightingPosition(sighting.latitude, sighting.longitude);
    params.latitude = area.latitude;
    params.longitude = area.longitude;
    const city = await nearestCommune(tx, area.latitude, area.longitude);
    if (city) params.city = city;
  }
  await notifier.notify(
    {
      userId: sighting.ownerId,
      type: 'ANNONCE_IDENTIFIER_CHECKED',
      objectType: 'Annonce',
      objectId: sighting.annonceId,
      params,
    },
    tx,
  );
}

/** The commune whose centre is nearest, within about 20 km (the offline geocoder's first box). */
async function nearestCommune(tx: Db, latitude: number, longitude: number) {
  const box = 0.2;
  const lngBox = box / Math.max(Math.cos((latitude * Math.PI) / 180), 0.1);
  const result = (await tx.execute(sql`
    select name from communes
    where latitude between ${latitude - box} and ${latitude + box}
      and longitude between ${longitude - lngBox} and ${longitude + lngBox}
    order by earth_distance(ll_to_earth(${latitude}, ${longitude}), ll_to_earth(latitude, longitude)),
      postal_code
    limit 1`)) as unknown as { rows: { name: string }[] };
  return result.rows[0]?.name ?? null;
}
