import type { NotificationView } from '@app/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { stubIntersectionObserver } from '@/testing/intersection-observer-stub';
import { currentRoute, renderApp } from '@/testing/test-utils';
import { unreadLabel } from './notification-bell';

const HOUR = 3_600_000;

function notification(overrides: Partial<NotificationView> & { id: number }): NotificationView {
  const date = new Date(Date.now() - 2 * HOUR).toISOString();
  return {
    type: 'ANNONCE_ACCEPTED',
    objectType: 'Annonce',
    objectId: 12,
    viewed: false,
    clicked: false,
    timestamp: Date.parse(date),
    date,
    title: 'Annonce validée',
    body: 'Votre annonce Peugeot 208 est en ligne.',
    target: 'AnnonceShow',
    updateViewed: false,
    ...overrides,
  };
}

/** An IntersectionObserver whose visibility the test decides, notification by notification. */
function stubNotificationVisibility() {
  const observer = stubIntersectionObserver();
  return {
    show(id: number, ratio: number) {
      for (const element of observer.watched()) {
        if ((element as HTMLElement).dataset.notificationId !== String(id)) continue;
        observer.report(element, { intersectionRatio: ratio });
      }
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notification bell', () => {
  const list = [
    notification({
      id: 3,
      title: 'Signalement refusé',
      type: 'WATCHER_MATCH_REFUSED',
      target: 'MatchShow',
      objectId: 40,
    }),
    notification({
      id: 2,
      title: 'Lampions gagnés',
      type: 'LAMPIONS_GAINED',
      objectType: 'Lampions',
      objectId: null,
      target: null,
    }),
    notification({
      id: 1,
      viewed: true,
      clicked: true,
      title: 'Identité validée',
      type: 'ID_VALIDATED',
      objectType: 'User',
      target: null,
    }),
  ];

  it('names the bell with exactly what its badge shows, even past nine', async () => {
    const many = Array.from({ length: 16 }, (_, index) => notification({ id: 100 + index }));
    stubFetch({ 'POST /lampNotification/getAllForUser': () => json(many) });
    await renderApp('/', { user: {} });
    const bell = await screen.findByRole('button', { name: 'Notifications, 16 non lues' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('16');
    expect(unreadLabel(120)).toBe('99+');
  });

  it('shows the unread count, the list with French relative dates, and an empty state', async () => {
    stubFetch({ 'POST /lampNotification/getAllForUser': () => json(list) });
    const { user } = await renderApp('/', { user: {} });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 non lues' });
    expect(within(bell).getByTestId('notification-count')).toHaveTextContent('2');
    await user.click(bell);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signalement refusé')).toBeInTheDocument();
    expect(within(menu).getAllByText('il y a 2 heures')).toHaveLength(3);
    expect(within(menu).getByText('2 non lues')).toBeInTheDocument();
  });

  it('says when there is nothing to read', async () => {
    stubFetch({ 'POST /lampNotification/getAllForUser': () => json([]) });
    const { user } = await renderApp('/', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Aucune notification pour l’instant')).toBeInTheDocument();
  });

  it('marks viewed, when the menu closes, only the unread items that were at least 80 % visible', async () => {
    const observer = stubNotificationVisibility();
    const fetch = stubFetch({
      'POST /lampNotification/getAllForUser': () => json(list),
      'GET /lampNotification/changeNotifViewedState/3': () =>
        json({ id: 3, viewed: true, clicked: false }),
    });
    const { user } = await renderApp('/', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    await screen.findByRole('menu');
    act(() => {
      observer.show(3, 0.85);
      observer.show(2, 0.5);
      observer.show(1, 1);
    });
    expect(fetch.calls.some((call) => call.path.includes('changeNotifViewedState'))).toBe(false);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(
        fetch.calls.filter((call) => call.path.includes('changeNotif')).map((call) => call.path),
      ).toEqual(['/lampNotification/changeNotifViewedState/3']),
    );
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 non lue' }),
    ).toBeInTheDocument();
  });

  it('marks a notification clicked and opens its screen (MatchShow here)', async () => {
    const fetch = stubFetch({
      'POST /lampNotification/getAllForUser': () => json(list),
      'GET /lampNotification/changeNotifClickedState/3': () =>
        json({ id: 3, viewed: true, clicked: true }),
    });
    const { user } = await renderApp('/', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    await user.click(await screen.findByRole('menuitem', { name: /Signalement refusé/ }));
    await waitFor(() => expect(currentRoute()).toBe('/match/show/40'));
    expect(fetch.calls.map((call) => call.path)).toContain(
      '/lampNotification/changeNotifClickedState/3',
    );
  });

  it('opens the parameters modal with the five groups', async () => {
    stubFetch({
      'POST /lampNotification/getAllForUser': () => json([]),
      'GET /user/getNotificationParam': () =>
        json({
          myAnnoncesNotifications: true,
          myDiscoveriesNotifications: true,
          myAlertsNotifications: false,
          newAnnoncesCloseNotifications: true,
          lampionsNotifications: true,
        }),
    });
    const { user } = await renderApp('/', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Paramètres des notifications' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('switch')).toHaveLength(5));
  });
});
