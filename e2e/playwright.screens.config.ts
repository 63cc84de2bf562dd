import base from './playwright.config';

/**
 * `npm run screens`: pictures of every main screen at 375×812 and 1280×800 for people to look at
 * (no assertion on pixels), written to SCREENS_DIR (default /tmp/veilleurs-screens). A capture that
 * fails keeps its trace (test-results/), since it runs without retries.
 */
export default {
  ...base,
  testDir: './screens',
  retries: 0,
  use: { ...base.use, trace: 'retain-on-failure' as const },
};
