import { describe, expect, it } from 'vitest';
import {
  isMailedNotification,
  NOTIFICATION_CLICK_TARGET,
  NOTIFICATION_PREFERENCE_GROUP,
  roundSightingPosition,
} from './notification-types';

describe('sighting notices (issue 19)', () => {
  it('snaps a position to the centre of its 0.01° cell, whatever the precision sent', () => {
    expect(roundSightingPosition(43.61234, 1.45678)).toEqual({ latitude: 43.615, longitude: 1.455 });
    expect(roundSightingPosition(43.619999, 1.450001)).toEqual({
      latitude: 43.615,
      longitude: 1.455,
    });
    // West of Greenwich and south of the equator (overseas departments) too.
    expect(roundSightingPosition(-21.11456, 55.53621)).toEqual({
      latitude: -21.115,
      longitude: 55.535,
    });
    expect(roundSightingPosition(48.85661, -0.00012)).toEqual({
      latitude: 48.855,
      longitude: -0.005,
    });
  });

  it('never moves a position more than about 800 m', () => {
    for (const [lat, lng] of [
      [43.6, 1.44],
      [48.8566, 2.3522],
      [45.75, 4.85],
    ] as const) {
      const rounded = roundSightingPosition(lat, lng);
      const dLat = (rounded.latitude - lat) * 111_000;
      const dLng = (rounded.longitude - lng) * 111_000 * Math.cos((lat * Math.PI) / 180);
      expect(Math.hypot(dLat, dLng)).toBeLessThan(800);
    }
  });

  it('belongs to "my stolen vehicles", opens the announcement, and is mailed only while wanted', () => {
    expect(NOTIFICATION_PREFERENCE_GROUP.ANNONCE_IDENTIFIER_CHECKED).toBe('myAnnoncesNotifications');
    expect(NOTIFICATION_CLICK_TARGET.ANNONCE_IDENTIFIER_CHECKED).toBe('AnnonceShow');
    expect(isMailedNotification('ANNONCE_IDENTIFIER_CHECKED', false)).toBe(true);
    expect(isMailedNotification('ANNONCE_IDENTIFIER_CHECKED', true)).toBe(false);
    expect(isMailedNotification('ANNONCE_ACCEPTED', true)).toBe(true);
    expect(isMailedNotification('LAMPIONS_GAINED', false)).toBe(false);
  });
});
