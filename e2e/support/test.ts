import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The journeys' `test`, which can play them on a phone's network: with E2E_THROTTLE=slow-4g every
 * page gets Chrome DevTools' "Slow 4G" figures and a 4× slower CPU, so a person walking the journeys
 * (screenshots included) sees what a phone in the street sees. Without it, pages run at full speed.
 */
const SLOW_4G = {
  offline: false,
  // DevTools' Slow 4G preset: 150 ms of latency, 1.6 Mbit/s down, 750 kbit/s up (bytes per second here).
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

export const throttled = process.env.E2E_THROTTLE === 'slow-4g';

export const test = base.extend<{ phoneNetwork: void }>({
  phoneNetwork: [
    async ({ page }, use) => {
      if (throttled) {
        const devtools = await page.context().newCDPSession(page);
        await devtools.send('Network.emulateNetworkConditions', SLOW_4G);
        await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await use();
    },
    { auto: true },
  ],
});

/** A journey's time limit, stretched on a throttled phone where each step waits on the network. */
export const journeyTimeout = (milliseconds: number) =>
  throttled ? milliseconds * 4 : milliseconds;
