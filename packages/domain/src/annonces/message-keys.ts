/**
 * Every message key the announcement calls answer with, for the web app's catalogues. Keys from the
 * spec keep its spelling (annonce.licensePlate.invalidFeedBack, MandatoryField…). Error bodies are
 * { code, messageKey, invalidField? }; a 403 with invalidField goes under that wizard field.
 */
export const ANNONCE_MESSAGE_KEYS = {
  /** A required field is empty (§5: photos "MandatoryField"). */
  mandatoryField: 'MandatoryField',
  licensePlateInvalid: 'annonce.licensePlate.invalidFeedBack',
  /** The confirmation differs from the plate ("fields do not match"). */
  licensePlateConfirmInvalid: 'annonce.licensePlateConfirm.invalidFeedBack',
  vinInvalid: 'annonce.vin.invalidFeedBack',
  bicycodeInvalid: 'annonce.bicycode.invalidFeedBack',
  /** 3 to 40 letters and digits once spaces, dashes and dots are removed. */
  serialNumberInvalid: 'annonce.serialNumber.invalidFeedBack',
  /** A value outside its list (colour, energy), or an id the catalogue does not offer for the type. */
  fieldInvalid: 'field.invalid.error',
  /** The theft address is only a town or cannot be placed ("address invalid or imprecise"). */
  addressImprecise: 'address.imprecise.error',
  /** The address is not in the department chosen. */
  addressDepartment: 'address.department.error',
  /** The geocoding service could not check the address; try again. */
  addressUnavailable: 'address.unavailable.error',
  /** The owner attestation checkbox is not ticked. */
  ownerAttestationRequired: 'annonce.ownerAttestation.required',
  /** A file that is not png or jpeg (photos) or png, jpeg or pdf (documents), judged by its bytes. */
  fileTypeInvalid: 'file.type.invalid.error',
  /** Over 10 MB. */
  fileTooLarge: 'file.too.large.error',
  /** More than 10 vehicle photos. */
  tooManyPhotos: 'annonce.photos.too.many.error',
  /** A kept file id (imagesVehicleId, xxxFileId) that is not one of this announcement's files. */
  fileUnknown: 'file.unknown.error',
  additionalRewardLevelInvalid: 'annonce.additionnalRewardLevel.invalidFeedBack',
  /** The 5-star free amount is under 1400 EUR. */
  additionalRewardFreeMin: 'additional.reward.free.min',
  /** Editing a VALIDATED (or later) announcement, or one whose deletion was asked. */
  notEditable: 'annonce.not.editable.error',
  /** Publishing needs a submitted identity: the web opens the identity modal (invalidField identity). */
  identityRequired: 'identity.required.error',
  /** Publishing an announcement whose mandatory fields are not all filled (invalidField names one). */
  publishIncomplete: 'annonce.publish.incomplete.error',
  /** Publishing something that is not a draft (or refused) announcement. */
  publishNotDraft: 'annonce.publish.not.draft.error',
  /** deleteForUser on a published announcement: ask for deletion instead. */
  deleteNotDraft: 'annonce.delete.not.draft.error',
  /** askToDeleteAnnonceGrandPublic on a draft: delete it directly instead. */
  askDeleteIsDraft: 'annonce.ask.delete.draft.error',
  /** addDocuments when no completion deadline runs (complete, or the 48 hours are over). */
  documentsNotExpected: 'annonce.documents.not.expected.error',
  /** addDocuments without any file. */
  documentsMissing: 'annonce.documents.missing.error',
  /** Success toast after a deletion (4 s). */
  deleted: 'Annonce.deleted',
} as const;
