import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';
import type * as PositionOptions from '../lib/position-options';
import { makeCards, makeGroup } from '../testing/discovery-fixtures';

// A short wait, so that the test does not sit through the real one.
vi.mock('../lib/position-options', async (importOriginal) => ({
  ...(await importOriginal<typeof PositionOptions>()),
  POSITION_WAIT_MS: 50,
}));

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.unstubAllGlobals();
});

describe('Home, while the browser asks the user for the position', () => {
  it('shows the home without a position while the prompt stays open, and near ones once given', async () => {
    // The browser neither answers nor times out: its timeout does not count an open prompt.
    let give: PositionCallback = () => {};
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) => {
          give = ok;
        },
      },
    });
    const stub = stubFetch({
      'POST /home/getHomeData': ({ form }) =>
        json(
          form.get('latitude')
            ? [
                makeGroup({
                  annonceType: 'CLOSE_ANNONCES',
                  title: 'home.group.closeAnnonces',
                  annonces: makeCards(2),
                }),
                makeGroup({ annonces: makeCards(2, 10) }),
              ]
            : [makeGroup({ annonces: makeCards(2, 10) })],
        ),
    });
    await renderApp('/', { user: {} });

    expect(await screen.findByRole('heading', { name: 'Dernières annonces' })).toBeInTheDocument();
    expect(stub.callsTo('POST', '/home/getHomeData')[0]!.form.get('latitude')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Près de chez vous' })).not.toBeInTheDocument();

    // The user answers the prompt at last: the home is asked again, with the position.
    act(() => give({ coords: { latitude: 43.6, longitude: 1.44 } } as GeolocationPosition));
    expect(await screen.findByRole('heading', { name: 'Près de chez vous' })).toBeInTheDocument();
    const calls = stub.callsTo('POST', '/home/getHomeData');
    expect([calls.at(-1)!.form.get('latitude'), calls.at(-1)!.form.get('longitude')]).toEqual([
      '43.6',
      '1.44',
    ]);
    expect(screen.getByRole('heading', { name: 'Dernières annonces' })).toBeInTheDocument();
  });
});
