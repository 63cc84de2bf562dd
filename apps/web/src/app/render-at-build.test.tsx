import { useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderEarlyScreen as renderEarlyAnnonce } from './early-annonce.prerender';
import { renderEarlyScreen as renderEarlyHome } from './early-home.prerender';
import { renderEarlyLogin } from './early-login.prerender';
import { renderEarlyScreen as renderEarlySearch } from './early-search.prerender';
import { renderAtBuild } from './render-at-build';

function Greeting() {
  const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => 'bonjour' });
  return <p>{data ?? 'chargement'}</p>;
}

// A timer left behind keeps the build's Node process alive after its files are written.
describe('renderAtBuild', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the screen at its address and leaves no timer of its data cache behind', async () => {
    const markup = await renderAtBuild([{ path: '/accueil', element: <Greeting /> }], '/accueil');

    expect(markup).toContain('<p>chargement</p>');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('draws the early login, home, announcement and search without leaving a timer', async () => {
    // Their modules, once loaded, start timers of their own (work put off until the first screen);
    // loaded beforehand, what remains to count is what drawing leaves.
    vi.useRealTimers();
    await renderEarlyLogin();
    await renderEarlyHome();
    await renderEarlyAnnonce();
    await renderEarlySearch();
    vi.useFakeTimers();

    const login = await renderEarlyLogin();
    const home = await renderEarlyHome();
    const annonce = await renderEarlyAnnonce();
    const search = await renderEarlySearch();

    expect(login).toContain('id="precheck-email"');
    expect(home.markup).toContain('data-early-photo-slot');
    expect(annonce.markup).toContain('data-early-photo-slot');
    expect(search.markup).toContain('data-early-photo-slot');
    expect(vi.getTimerCount()).toBe(0);
  });
});
