/** Message keys the match calls answer with (error bodies { code, messageKey, invalidField? }). */
export const MATCH_MESSAGE_KEYS = {
  /** The identifier checked belongs to the caller's own announcement. */
  ownAnnonce: 'match.own.annonce.error',
  /** Too many identifier checks in a window (429). */
  tooManyChecks: 'match.too.many.checks.error',
  /** Checking or reporting needs a submitted identity: the web opens the identity modal. */
  identityRequired: 'identity.required.error',
  /** A report on an announcement that is not (or no longer) looked for. */
  annonceNotMatchable: 'match.annonce.not.matchable.error',
  /** The watcher already has a report waiting for review on this announcement. */
  alreadyReported: 'match.already.reported.error',
  /** Photos: at least one (MandatoryField on imagesVehicle). */
  photosRequired: 'MandatoryField',
  tooManyPhotos: 'match.photos.too.many.error',
} as const;
