import { NOTIFICATION_TYPES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { notificationLocaleOf, renderNotification } from './notification-catalogue';

describe('notification catalogue', () => {
  const full = {
    annonceTitle: 'Peugeot 208',
    comment: 'Photo floue.',
    points: 20,
    level: 3,
    searchName: 'Ma Peugeot',
    city: 'Toulouse',
    title: 'Info',
    message: 'Bonjour',
  };

  it.each(NOTIFICATION_TYPES)(
    '%s reads well in French and English, with or without parameters',
    (type) => {
      for (const locale of ['fr', 'en'] as const) {
        for (const params of [full, {}]) {
          const { title, body } = renderNotification(type, params, locale);
          expect(title.trim()).not.toBe('');
          if (type !== 'ADMIN_NOTIFICATION' || params === full) expect(body.trim()).not.toBe('');
          expect(`${title} ${body}`).not.toMatch(/ {2}|undefined|null|\{|\}/);
        }
      }
    },
  );

  it('names the vehicle and the reason when given', () => {
    expect(renderNotification('ANNONCE_REFUSED', full, 'fr').body).toBe(
      'Votre annonce Peugeot 208 a été refusée. Modifiez-la puis publiez-la à nouveau. Motif : Photo floue.',
    );
    expect(renderNotification('ANNONCE_DELAY_PASSED', {}, 'en').body).toBe(
      'The documents of your announcement were not added in time: it is back to draft.',
    );
  });

  it("words a watcher's report for the owner in the owner's language", () => {
    const params = { event: 'MATCH_REPORTED', annonceTitle: 'Peugeot 208' };
    expect(renderNotification('ADMIN_NOTIFICATION', params, 'fr')).toEqual({
      title: 'Votre véhicule a peut-être été repéré',
      body: 'Un veilleur a signalé Peugeot 208. Notre équipe vérifie son signalement et revient vers vous.',
    });
    expect(renderNotification('ADMIN_NOTIFICATION', params, 'en')).toEqual({
      title: 'Your vehicle may have been spotted',
      body: 'A watcher reported Peugeot 208. Our team is checking the report and will get back to you.',
    });
  });

  it('tells the owner when and roughly where their identifier was checked, never more', () => {
    const params = {
      annonceTitle: 'Peugeot 208',
      checkedAt: '2026-07-14T12:05:00.000Z',
      latitude: 43.615,
      longitude: 1.455,
      city: 'Toulouse',
    };
    expect(renderNotification('ANNONCE_IDENTIFIER_CHECKED', params, 'fr')).toEqual({
      title: 'Votre véhicule a été repéré',
      body: 'Un veilleur a vérifié l’identifiant de votre Peugeot 208 le 14 juillet à 14:05, près de Toulouse (à environ 1 km près). Les dernières positions de l’annonce montrent où.',
    });
    expect(
      renderNotification(
        'ANNONCE_IDENTIFIER_CHECKED',
        { checkedAt: params.checkedAt, close: 1 },
        'en',
      ),
    ).toEqual({
      title: 'An identifier close to yours was checked',
      body: 'A watcher checked an identifier very close to the one of your vehicle on 14 July at 14:05. It may be a misreading: look at the last positions of the announcement.',
    });
  });

  it('reads French unless the user chose English', () => {
    expect(notificationLocaleOf('en')).toBe('en');
    expect(notificationLocaleOf('en-GB')).toBe('en');
    expect(notificationLocaleOf('fr')).toBe('fr');
    expect(notificationLocaleOf(null)).toBe('fr');
  });
});
