import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { signIn } from '@/testing/test-utils';
import { makeCards, makeGroup } from '../testing/discovery-fixtures';
import { loadHomeData, startHomeDataEarly } from './early-home-data';

afterEach(() => {
  vi.useRealTimers();
});

describe('the home data asked before the home draws', () => {
  it('is asked once: the screen takes the early answer for the same position, then asks anew', async () => {
    signIn();
    const groups = [makeGroup({ annonces: makeCards(2) })];
    const stub = stubFetch({ 'POST /home/getHomeData': () => json(groups) });
    startHomeDataEarly();
    await vi.waitFor(() => expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(1));
    expect(await loadHomeData(null)).toEqual(groups);
    expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(1);
    // Taken once: a later visit of the home asks the server again.
    await loadHomeData(null);
    expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(2);
  });

  it('is not taken for another position, nor once it is old', async () => {
    signIn();
    const stub = stubFetch({ 'POST /home/getHomeData': () => json([]) });
    startHomeDataEarly();
    await loadHomeData({ latitude: 43.6, longitude: 1.44 });
    const forms = stub
      .callsTo('POST', '/home/getHomeData')
      .map((call) => call.form.get('latitude'));
    expect(forms).toEqual([null, '43.6']);

    vi.useFakeTimers({ toFake: ['Date'] });
    startHomeDataEarly();
    vi.setSystemTime(Date.now() + 60_000);
    await loadHomeData(null);
    expect(stub.callsTo('POST', '/home/getHomeData')).toHaveLength(4);
  });
});
