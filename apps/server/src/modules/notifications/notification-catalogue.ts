import { FRANCE_TIME_ZONE, type NotificationParams, type NotificationType } from '@app/domain';

export type NotificationLocale = 'fr' | 'en';

/** The reader's language: the `users.locale` column (set from the app's language), French by default. */
export function notificationLocaleOf(locale: string | null | undefined): NotificationLocale {
  return locale?.toLowerCase().startsWith('en') ? 'en' : 'fr';
}

interface Text {
  title: string;
  body: string;
}

type Entry = (p: Readonly<Record<string, string>>) => Text;

/**
 * ADMIN_NOTIFICATION carries the team's own words (title, message), or, for events that have no
 * type of their own among the spec's 22, an `event` rendered here in the reader's language:
 * MATCH_REPORTED tells an owner a watcher reported their vehicle.
 */

/** `{annonceTitle}` or a neutral name when the producer gave none. */
function vehicle(p: Readonly<Record<string, string>>, fallback: string) {
  return p.annonceTitle ? p.annonceTitle : fallback;
}

/** " Peugeot 208" after "annonce", or nothing when the producer gave no name. */
function named(p: Readonly<Record<string, string>>) {
  return p.annonceTitle ? ` ${p.annonceTitle}` : '';
}

/** "20 " before "lampions", or nothing without an amount. */
function count(p: Readonly<Record<string, string>>) {
  return p.points ? `${p.points} ` : '';
}

function withComment(text: string, comment: string | undefined, label: string) {
  return comment ? `${text} ${label} ${comment}` : text;
}

/**
 * When and roughly where an identifier was checked, after a space: " le 25 novembre à 14:05, près
 * de Toulouse (à environ 1 km près)". Paris time, no seconds; the place is the commune nearest the
 * rounded position; nothing about the place when the watcher shared none.
 */
function sighting(p: Readonly<Record<string, string>>, locale: NotificationLocale): string {
  const parts: string[] = [];
  const when = p.checkedAt ? new Date(p.checkedAt) : null;
  if (when && !Number.isNaN(when.getTime())) {
    const day = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'fr-FR', {
      timeZone: FRANCE_TIME_ZONE,
      day: 'numeric',
      month: 'long',
    }).format(when);
    const time = new Intl.DateTimeFormat('fr-FR', {
      timeZone: FRANCE_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
    }).format(when);
    parts.push(locale === 'en' ? `on ${day} at ${time}` : `le ${day} à ${time}`);
  }
  if (p.city) {
    parts.push(
      locale === 'en'
        ? `near ${p.city} (within about 1 km)`
        : `près de ${p.city} (à environ 1 km près)`,
    );
  } else if (p.latitude) {
    parts.push(locale === 'en' ? 'within about 1 km' : 'à environ 1 km près');
  }
  return parts.length > 0 ? ` ${parts.join(', ')}` : '';
}

const FR: Record<NotificationType, Entry> = {
  ANNONCE_ACCEPTED: (p) => ({
    title: 'Annonce validée',
    body: `Votre annonce ${vehicle(p, 'de véhicule volé')} est en ligne : les veilleurs la voient maintenant.`,
  }),
  ANNONCE_REFUSED: (p) => ({
    title: 'Annonce refusée',
    body: withComment(
      `Votre annonce ${vehicle(p, 'de véhicule volé')} a été refusée. Modifiez-la puis publiez-la à nouveau.`,
      p.comment,
      'Motif :',
    ),
  }),
  ANNONCE_DELAY_PASSED: (p) => ({
    title: 'Délai de 48 h dépassé',
    body: `Les documents de votre annonce${named(p)} n'ont pas été ajoutés à temps : elle est revenue en brouillon.`,
  }),
  ANNONCE_TO_COMPLETE: (p) =>
    p.reminder
      ? {
          title: 'Plus que 24 h pour compléter votre annonce',
          body: `Ajoutez les documents manquants de votre annonce${named(p)} avant la fin du délai, sinon elle reviendra en brouillon.`,
        }
      : {
          title: 'Annonce à compléter',
          body: `Il manque des documents à votre annonce${named(p)} : vous avez 48 h pour les ajouter.`,
        },
  PHOTOS_REFUSED: (p) => ({
    title: 'Photos refusées',
    body: withComment(
      `Les photos de votre annonce${named(p)} ont été refusées. Ajoutez-en de nouvelles.`,
      p.comment,
      'Motif :',
    ),
  }),
  ANNONCE_IDENTIFIER_CHECKED: (p) => ({
    title: p.close ? 'Un identifiant proche du vôtre a été vérifié' : 'Votre véhicule a été repéré',
    body: p.close
      ? `Un veilleur a vérifié un identifiant très proche de celui de votre ${vehicle(p, 'véhicule')}${sighting(p, 'fr')}. C’est peut-être une erreur de lecture : regardez les dernières positions de l’annonce.`
      : `Un veilleur a vérifié l’identifiant de votre ${vehicle(p, 'véhicule')}${sighting(p, 'fr')}. Les dernières positions de l’annonce montrent où.`,
  }),
  VICTIM_VEHICLE_FOUND_IN_FUNCTION: (p) => ({
    title: 'Votre véhicule a été retrouvé',
    body: `Bonne nouvelle : votre ${vehicle(p, 'véhicule')} a été retrouvé en état de marche.`,
  }),
  VICTIM_VEHICLE_FOUND_DESTROYED: (p) => ({
    title: 'Votre véhicule a été retrouvé',
    body: `Votre ${vehicle(p, 'véhicule')} a été retrouvé, mais il est détruit.`,
  }),
  WATCHER_MATCH_INVALID: (p) => ({
    title: 'Signalement invalide',
    body: withComment(
      `Votre signalement sur ${vehicle(p, 'un véhicule')} a été jugé invalide.`,
      p.comment,
      'Motif :',
    ),
  }),
  WATCHER_MATCH_REFUSED: (p) => ({
    title: 'Signalement refusé',
    body: withComment(
      `Votre signalement sur ${vehicle(p, 'un véhicule')} a été refusé.`,
      p.comment,
      'Motif :',
    ),
  }),
  WATCHER_VEHICLE_FOUND_IN_FUNCTION: (p) => ({
    title: 'Véhicule retrouvé grâce à vous',
    body: `${vehicle(p, 'Le véhicule')} que vous avez signalé a été rendu à son propriétaire. Merci !`,
  }),
  WATCHER_VEHICLE_FOUND_DESTROYED: (p) => ({
    title: 'Véhicule retrouvé grâce à vous',
    body: `${vehicle(p, 'Le véhicule')} que vous avez signalé a été retrouvé détruit. Merci pour votre aide !`,
  }),
  NEW_ALERT_VEHICLES: (p) => ({
    title: 'Nouveau véhicule pour votre alerte',
    body: p.searchName
      ? `${vehicle(p, 'Un véhicule volé')} correspond à votre alerte « ${p.searchName} ».`
      : `${vehicle(p, 'Un véhicule volé')} correspond à l'une de vos alertes.`,
  }),
  NEW_NEAR_VEHICLES: (p) => ({
    title: 'Véhicule volé près de chez vous',
    body: p.city
      ? `${vehicle(p, 'Un véhicule')} a été volé à ${p.city}, à moins de 20 km de vous.`
      : `${vehicle(p, 'Un véhicule')} a été volé à moins de 20 km de vous.`,
  }),
  LAMPIONS_GAINED: (p) => ({
    title: 'Lampions gagnés',
    body: `Vous avez gagné ${count(p)}lampions.`,
  }),
  LAMPIONS_LOST: (p) => ({
    title: 'Lampions perdus',
    body: `Vous avez perdu ${count(p)}lampions.`,
  }),
  LAMPIONS_ADDED: (p) => ({
    title: 'Lampions ajoutés',
    body: withComment(`L'équipe vous a ajouté ${count(p)}lampions.`, p.comment, '—'),
  }),
  LAMPIONS_REMOVED: (p) => ({
    title: 'Lampions retirés',
    body: withComment(`L'équipe vous a retiré ${count(p)}lampions.`, p.comment, '—'),
  }),
  LEVEL_GAINED: (p) => ({
    title: 'Nouveau niveau',
    body: p.level ? `Bravo, vous passez au niveau ${p.level} !` : 'Bravo, vous passez un niveau !',
  }),
  ID_VALIDATED: () => ({
    title: 'Identité validée',
    body: 'Votre pièce d’identité a été acceptée : toutes les fonctions vous sont ouvertes.',
  }),
  ID_REFUSED: (p) => ({
    title: 'Identité refusée',
    body: withComment(
      'Votre pièce d’identité a été refusée. Envoyez de nouveaux fichiers depuis votre profil.',
      p.comment,
      'Motif :',
    ),
  }),
  NEW_INFO_SUPER_WATCHER: (p) => ({
    title: p.title || 'Information pour les super veilleurs',
    body: p.message || `Du nouveau sur ${vehicle(p, 'une annonce')}.`,
  }),
  WATCHED_VEHICLE_FOUND: (p) => ({
    title: 'Véhicule retrouvé',
    body: `${vehicle(p, 'Un véhicule')} que vous suiviez a été retrouvé. Merci d'avoir veillé !`,
  }),
  ADMIN_NOTIFICATION: (p) =>
    p.event === 'MATCH_REPORTED'
      ? {
          title: 'Votre véhicule a peut-être été repéré',
          body: `Un veilleur a signalé ${vehicle(p, 'votre véhicule')}. Notre équipe vérifie son signalement et revient vers vous.`,
        }
      : {
          title: p.title || 'Message de l’équipe Veilleurs',
          body: p.message || '',
        },
};

const EN: Record<NotificationType, Entry> = {
  ANNONCE_ACCEPTED: (p) => ({
    title: 'Announcement approved',
    body: `Your announcement ${vehicle(p, 'of a stolen vehicle')} is online: watchers can see it now.`,
  }),
  ANNONCE_REFUSED: (p) => ({
    title: 'Announcement refused',
    body: withComment(
      `Your announcement ${vehicle(p, 'of a stolen vehicle')} was refused. Edit it and publish it again.`,
      p.comment,
      'Reason:',
    ),
  }),
  ANNONCE_DELAY_PASSED: (p) => ({
    title: '48-hour delay passed',
    body: `The documents of your announcement${named(p)} were not added in time: it is back to draft.`,
  }),
  ANNONCE_TO_COMPLETE: (p) =>
    p.reminder
      ? {
          title: '24 hours left to complete your announcement',
          body: `Add the missing documents of your announcement${named(p)} before the deadline, or it goes back to draft.`,
        }
      : {
          title: 'Announcement to complete',
          body: `Your announcement${named(p)} is missing documents: you have 48 hours to add them.`,
        },
  PHOTOS_REFUSED: (p) => ({
    title: 'Photos refused',
    body: withComment(
      `The photos of your announcement${named(p)} were refused. Please add new ones.`,
      p.comment,
      'Reason:',
    ),
  }),
  ANNONCE_IDENTIFIER_CHECKED: (p) => ({
    title: p.close ? 'An identifier close to yours was checked' : 'Your vehicle was spotted',
    body: p.close
      ? `A watcher checked an identifier very close to the one of your ${vehicle(p, 'vehicle')}${sighting(p, 'en')}. It may be a misreading: look at the last positions of the announcement.`
      : `A watcher checked the identifier of your ${vehicle(p, 'vehicle')}${sighting(p, 'en')}. The last positions of the announcement show where.`,
  }),
  VICTIM_VEHICLE_FOUND_IN_FUNCTION: (p) => ({
    title: 'Your vehicle was found',
    body: `Good news: your ${vehicle(p, 'vehicle')} was found in working order.`,
  }),
  VICTIM_VEHICLE_FOUND_DESTROYED: (p) => ({
    title: 'Your vehicle was found',
    body: `Your ${vehicle(p, 'vehicle')} was found, but it is destroyed.`,
  }),
  WATCHER_MATCH_INVALID: (p) => ({
    title: 'Report invalid',
    body: withComment(
      `Your report about ${vehicle(p, 'a vehicle')} was judged invalid.`,
      p.comment,
      'Reason:',
    ),
  }),
  WATCHER_MATCH_REFUSED: (p) => ({
    title: 'Report refused',
    body: withComment(
      `Your report about ${vehicle(p, 'a vehicle')} was refused.`,
      p.comment,
      'Reason:',
    ),
  }),
  WATCHER_VEHICLE_FOUND_IN_FUNCTION: (p) => ({
    title: 'Vehicle found thanks to you',
    body: `${vehicle(p, 'The vehicle')} you reported was returned to its owner. Thank you!`,
  }),
  WATCHER_VEHICLE_FOUND_DESTROYED: (p) => ({
    title: 'Vehicle found thanks to you',
    body: `${vehicle(p, 'The vehicle')} you reported was found destroyed. Thank you for your help!`,
  }),
  NEW_ALERT_VEHICLES: (p) => ({
    title: 'New vehicle for your alert',
    body: p.searchName
      ? `${vehicle(p, 'A stolen vehicle')} matches your alert “${p.searchName}”.`
      : `${vehicle(p, 'A stolen vehicle')} matches one of your alerts.`,
  }),
  NEW_NEAR_VEHICLES: (p) => ({
    title: 'Stolen vehicle near you',
    body: p.city
      ? `${vehicle(p, 'A vehicle')} was stolen in ${p.city}, less than 20 km from you.`
      : `${vehicle(p, 'A vehicle')} was stolen less than 20 km from you.`,
  }),
  LAMPIONS_GAINED: (p) => ({
    title: 'Lampions earned',
    body: `You earned ${count(p)}lampions.`,
  }),
  LAMPIONS_LOST: (p) => ({
    title: 'Lampions lost',
    body: `You lost ${count(p)}lampions.`,
  }),
  LAMPIONS_ADDED: (p) => ({
    title: 'Lampions added',
    body: withComment(`The team added ${count(p)}lampions.`, p.comment, '—'),
  }),
  LAMPIONS_REMOVED: (p) => ({
    title: 'Lampions removed',
    body: withComment(`The team removed ${count(p)}lampions.`, p.comment, '—'),
  }),
  LEVEL_GAINED: (p) => ({
    title: 'New level',
    body: p.level
      ? `Well done, you reached level ${p.level}!`
      : 'Well done, you reached a new level!',
  }),
  ID_VALIDATED: () => ({
    title: 'Identity accepted',
    body: 'Your identity document was accepted: every feature is open to you.',
  }),
  ID_REFUSED: (p) => ({
    title: 'Identity refused',
    body: withComment(
      'Your identity document was refused. Send new files from your profile.',
      p.comment,
      'Reason:',
    ),
  }),
  NEW_INFO_SUPER_WATCHER: (p) => ({
    title: p.title || 'News for super watchers',
    body: p.message || `News about ${vehicle(p, 'an announcement')}.`,
  }),
  WATCHED_VEHICLE_FOUND: (p) => ({
    title: 'Vehicle found',
    body: `${vehicle(p, 'A vehicle')} you were following has been found. Thank you for watching!`,
  }),
  ADMIN_NOTIFICATION: (p) =>
    p.event === 'MATCH_REPORTED'
      ? {
          title: 'Your vehicle may have been spotted',
          body: `A watcher reported ${vehicle(p, 'your vehicle')}. Our team is checking the report and will get back to you.`,
        }
      : {
          title: p.title || 'Message from the Veilleurs team',
          body: p.message || '',
        },
};

const CATALOGUES: Record<NotificationLocale, Record<NotificationType, Entry>> = { fr: FR, en: EN };

/** Title and body of a notification in the reader's language. */
export function renderNotification(
  type: NotificationType,
  params: NotificationParams | null | undefined,
  locale: NotificationLocale,
): Text {
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) strings[key] = String(value);
  return CATALOGUES[locale][type](strings);
}
