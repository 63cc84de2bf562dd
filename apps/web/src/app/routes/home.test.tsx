import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityKeys } from '@/features/identity/api/identity-keys';
import { makeCards, makeGroup } from '@/features/discovery/testing/discovery-fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signIn } from '@/testing/test-utils';
import type * as HomeSectionsModule from '@/features/discovery/components/home-sections';

/** Counts the home's rows being drawn: HomeSections, the real one, called through a spy. */
const homeSectionsDrawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/features/discovery/components/home-sections', async (importOriginal) => {
  const original = await importOriginal<typeof HomeSectionsModule>();
  return {
    ...original,
    HomeSections: () => {
      homeSectionsDrawn.count += 1;
      return original.HomeSections();
    },
  };
});

/** The home's code, loaded afresh: asking early happens when the module runs. */
async function loadHomeModule() {
  vi.resetModules();
  return import('./home');
}

function stubPosition() {
  const getCurrentPosition = vi.fn((ok: PositionCallback) =>
    ok({ coords: { latitude: 43.6, longitude: 1.44 } } as GeolocationPosition),
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the home route module', () => {
  it('asks the position and the home data as soon as it loads for a signed-in user', async () => {
    signIn();
    const getCurrentPosition = stubPosition();
    const stub = stubFetch({ 'POST /home/getHomeData': () => json([]) });
    await loadHomeModule();
    await vi.waitFor(() => expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(1));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(stub.callsTo('POST', '/home/getHomeData')[0]!.form.get('latitude')).toBe('43.6');
  });

  it('asks nothing for a guest, who is sent to the login (no position prompt over it)', async () => {
    const getCurrentPosition = stubPosition();
    const stub = stubFetch({ 'POST /home/getHomeData': () => json([]) });
    await loadHomeModule();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(0);
  });
});

describe('the home screen', () => {
  it('asks the identity status at once, and its answer does not draw the home again', async () => {
    signIn();
    let answerIdentity: (value: Response) => void = () => {};
    const stub = stubFetch({
      'POST /home/getHomeData': () => json([makeGroup({ annonces: makeCards(3) })]),
      'GET /user/getCurrentUserValidation': () =>
        new Promise<Response>((resolve) => {
          answerIdentity = resolve;
        }),
    });
    const { HomeRoute } = await loadHomeModule();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <HomeRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(stub.callsTo('GET', '/user/getCurrentUserValidation')).toHaveLength(1);

    const drawn = homeSectionsDrawn.count;
    await act(async () => {
      answerIdentity(json({ needValidation: false, identityStatus: 'ACCEPTED' }));
      await vi.waitFor(() =>
        expect(queryClient.getQueryState(identityKeys.validation())?.status).toBe('success'),
      );
    });
    // The buttons that follow the status read it from the cache; the home's rows stay as drawn.
    expect(homeSectionsDrawn.count).toBe(drawn);
  });
});
