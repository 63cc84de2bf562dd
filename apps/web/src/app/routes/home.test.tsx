import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signIn } from '@/testing/test-utils';

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
