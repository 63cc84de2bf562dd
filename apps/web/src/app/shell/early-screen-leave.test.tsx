import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_SCREEN_ATTRIBUTE, EARLY_SCREENS } from '@/lib/early-screen';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/test-utils';

/**
 * An early screen (lib/early-screen.ts) pictures the first screen until that screen's content is
 * drawn. A visitor who leaves that screen before (the back button, a link opened in the tab) must
 * get the app at once: the early screen's picture stood over a hidden app, a dead end.
 */
afterEach(() => {
  document.getElementById(EARLY_SCREENS.home)?.remove();
  document.documentElement.removeAttribute(EARLY_SCREEN_ATTRIBUTE);
});

describe('an early screen left before its content came', () => {
  it('gives way to the app as soon as the visitor is on another screen', async () => {
    const early = document.createElement('div');
    early.id = EARLY_SCREENS.home;
    document.body.appendChild(early);
    document.documentElement.setAttribute(EARLY_SCREEN_ATTRIBUTE, 'home');
    // The home's answer never comes: its content is never drawn.
    stubFetch({ 'POST /home/getHomeData': () => new Promise(() => {}) });
    await renderApp('/', { user: {} });
    expect(early.isConnected).toBe(true);

    window.location.hash = '#/about';
    await screen.findByRole('heading', { level: 1, name: /À propos/ });
    await waitFor(() => expect(early.isConnected).toBe(false));
    expect(document.documentElement.hasAttribute(EARLY_SCREEN_ATTRIBUTE)).toBe(false);
  });
});
