import {
  ANNONCE_MESSAGE_KEYS as K,
  normalizeSearchText,
  type TheftAddressInput,
} from '@app/domain';
import { GeocoderUnavailableError, type Geocoder } from '../../adapters/geocoder';
import { AppError, invalidField } from '../../lib/app-error';

/** Words that say nothing about where in the town the theft happened. */
const NOT_PRECISE_WORDS = new Set(['france', 'cedex']);

/**
 * True when the address says more than the town: once the town's name, postal code and "France"
 * are taken out, a word of at least three letters (a street, a place) remains.
 */
export function isPreciseAddress(address: string, place: { city: string; postalCode: string }) {
  const townWords = new Set(normalizeSearchText(place.city).split(' '));
  const remaining = normalizeSearchText(address)
    .split(' ')
    .filter((word) => word !== place.postalCode && !/^\d{5}$/.test(word))
    .filter((word) => !townWords.has(word) && !NOT_PRECISE_WORDS.has(word));
  return remaining.some((word) => /\p{L}{3,}/u.test(word));
}

/**
 * §5 "Theft address must be precise; the city must belong to the chosen department": the point is
 * placed with the geocoder (its town and department), the text must name more than the town.
 * Answers the town to store for the town-level display of cards.
 */
export async function checkTheftAddress(
  geocoder: Geocoder,
  address: TheftAddressInput,
): Promise<{ city: string; departmentCode: string }> {
  let place;
  try {
    place = await geocoder.reverse(address.latitude, address.longitude);
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        invalidField: 'address',
        messageKey: K.addressUnavailable,
        cause: error,
      });
    }
    throw error;
  }
  if (!place) throw invalidField('address', K.addressImprecise);
  if (place.departmentCode.toUpperCase() !== address.departement.toUpperCase()) {
    throw invalidField('address', K.addressDepartment);
  }
  if (!isPreciseAddress(address.address, place)) throw invalidField('address', K.addressImprecise);
  return { city: place.city, departmentCode: place.departmentCode };
}
