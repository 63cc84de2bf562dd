import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';
import { PERMISSION_ALERT_MS } from './permissions-page';

/** A browser whose permission answers the test decides. */
function stubBrowser(initial: {
  geolocation: PermissionState;
  camera: PermissionState;
  notifications: NotificationPermission;
}) {
  const state = { ...initial };
  vi.stubGlobal('Notification', {
    get permission() {
      return state.notifications;
    },
    requestPermission: vi.fn(async () => {
      state.notifications = 'denied';
      return state.notifications;
    }),
  });
  const query = vi.fn(async ({ name }: { name: string }) => {
    const value =
      name === 'notifications'
        ? state.notifications === 'default'
          ? 'prompt'
          : state.notifications
        : state[name as 'geolocation' | 'camera'];
    return { state: value, addEventListener: () => {}, removeEventListener: () => {} };
  });
  const getCurrentPosition = vi.fn((success: PositionCallback) => {
    state.geolocation = 'granted';
    success({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query } });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(), enumerateDevices: vi.fn(async () => []) },
  });
  return { getCurrentPosition };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const key of ['permissions', 'geolocation', 'mediaDevices'])
    Reflect.deleteProperty(navigator, key);
});

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('permissions page', () => {
  it('on an iPhone’s browser, says how to install the app rather than "not available"', async () => {
    stubBrowser({ geolocation: 'granted', camera: 'prompt', notifications: 'default' });
    // Safari in a tab has no notifications at all: only the app added to the home screen has.
    Reflect.deleteProperty(globalThis, 'Notification');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    stubFetch();
    await renderApp('/autorisations', { user: {} });
    expect(await screen.findByText('Après installation de l’application')).toBeInTheDocument();
    expect(
      screen.getByText(/touchez Partager, puis «\sSur l’écran d’accueil\s»/),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Notifications' })).toBeDisabled();
    expect(screen.queryByText('Non disponible sur ce navigateur')).not.toBeInTheDocument();
  });

  it('shows the browser’s real states', async () => {
    stubBrowser({ geolocation: 'granted', camera: 'denied', notifications: 'default' });
    stubFetch();
    await renderApp('/autorisations', { user: {} });
    const notifications = await screen.findByRole('switch', { name: 'Notifications' });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Géolocalisation' })).toBeChecked(),
    );
    expect(notifications).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Appareil photo' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Accès aux fichiers' })).toBeChecked();
    expect(screen.getByText('Refusé')).toBeInTheDocument();
    expect(screen.getByText('Pas encore demandé')).toBeInTheDocument();
  });

  it('asks the browser when a switch is turned on, and shows the answer for 20 seconds', async () => {
    const browser = stubBrowser({
      geolocation: 'prompt',
      camera: 'prompt',
      notifications: 'default',
    });
    stubFetch();
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    const { user } = await renderApp('/autorisations', { user: {} });
    const geolocation = await screen.findByRole('switch', { name: 'Géolocalisation' });
    await waitFor(() => expect(geolocation).toBeEnabled());
    await user.click(geolocation);
    expect(browser.getCurrentPosition).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(geolocation).toBeChecked());
    expect(await screen.findByRole('alert')).toHaveTextContent('C’est autorisé.');

    // The alert's own timer: 20 s, and running it hides the alert.
    const timer = setTimeoutSpy.mock.calls.find(([, delay]) => delay === PERMISSION_ALERT_MS);
    expect(timer).toBeDefined();
    act(() => (timer![0] as () => void)());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says how to give back a refused permission', async () => {
    stubBrowser({ geolocation: 'prompt', camera: 'prompt', notifications: 'default' });
    stubFetch();
    const { user } = await renderApp('/autorisations', { user: {} });
    const notifications = await screen.findByRole('switch', { name: 'Notifications' });
    await waitFor(() => expect(notifications).toBeEnabled());
    await user.click(notifications);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Accès refusé/)).toBeInTheDocument();
    expect(notifications).not.toBeChecked();
  });
});

describe('notification parameters', () => {
  it('shows the five groups, sends the changes and closes, even when the update fails', async () => {
    stubBrowser({ geolocation: 'prompt', camera: 'prompt', notifications: 'default' });
    const all = {
      myAnnoncesNotifications: true,
      myDiscoveriesNotifications: true,
      myAlertsNotifications: true,
      newAnnoncesCloseNotifications: true,
      lampionsNotifications: true,
    };
    const stub = stubFetch({
      'GET /user/getNotificationParam': () => json(all),
      'POST /user/updateNotificationParam': () =>
        apiError(500, 'INTERNAL', 'internal.server.error'),
    });
    const { user } = await renderApp('/autorisations', { user: {} });
    await user.click(await screen.findByRole('button', { name: 'Paramètres des notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paramètres des notifications' });
    const lampions = await within(dialog).findByRole('switch', { name: 'Lampions' });
    expect(within(dialog).getAllByRole('switch')).toHaveLength(5);
    expect(lampions).toBeChecked();
    await user.click(lampions);
    expect(lampions).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = stub.callsTo('POST', '/user/updateNotificationParam');
    expect(call?.form.get('lampionsNotifications')).toBe('false');
    expect(call?.form.get('myAlertsNotifications')).toBe('true');
  });
});
