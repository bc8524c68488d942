import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, roleEntry } from '@cc/domain';
import type { SessionUser } from '@cc/contract';
import { loadersAhead, loadInTurn, screensAhead, signedInShell } from './load-ahead';
import { loadGrid } from '../components/grid/load';
import type { AppRoute } from './app-route';

type User = Pick<SessionUser, 'permissions' | 'Applications'>;
const withApps = (role: number, ...apps: number[]): User => ({
  permissions: [roleEntry(role)],
  Applications: apps.map((ApplicationId) => ({ ApplicationId, SRef: '', URL: '' })) as User['Applications'],
});
const csr = withApps(3, App.InboundCalls);

describe('the screens loaded ahead', () => {
  it('a search leads to the call it opens', () => {
    expect(screensAhead('inbound', csr)).toEqual(['currentCall']);
  });

  it("the dashboard leads to the user's own screens only", () => {
    const ahead = screensAhead('home', csr);
    expect(ahead[0]).toBe('inbound');
    expect(ahead).not.toContain('outbound');
    expect(ahead).not.toContain('manageUsers');
    expect(screensAhead('home', withApps(1))).toEqual(expect.arrayContaining(['outbound', 'manageUsers', 'reports']));
  });

  it('signed out, the sign-in leads to the dashboard', () => {
    expect(screensAhead('signin', null)).toEqual(['home']);
    expect(screensAhead('publicHome', null)).toEqual(['home']);
  });

  it('a screen that leads nowhere loads nothing ahead', () => {
    expect(screensAhead('profile', csr)).toEqual([]);
  });
});

describe('what is loaded ahead, in order', () => {
  const route = (name: AppRoute['name']): AppRoute => {
    const load = () => Promise.resolve(name);
    return { name, path: `/${name}`, title: name, load, page: null as unknown as AppRoute['page'] };
  };
  const routes = [route('home'), route('inbound'), route('currentCall'), route('outbound')];
  const [home, inbound, currentCall] = routes as [AppRoute, AppRoute, AppRoute];

  it("signed in: the next screens' modules, then the grid's", () => {
    expect(loadersAhead(home, routes, { ...csr } as SessionUser)).toEqual([inbound.load, loadGrid]);
    expect(loadersAhead(inbound, routes, { ...csr } as SessionUser)).toEqual([currentCall.load, loadGrid]);
  });

  it("signed out: the dashboard's module, then the signed-in header's, and not the grid's", () => {
    const signin = route('signin');
    expect(loadersAhead(signin, [...routes, signin], null)).toEqual([home.load, signedInShell]);
  });
});

describe('loadInTurn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads one module at a time, each when idle, and stops when told', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (run: () => void) => idle.push(run),
      cancelIdleCallback: (id: number) => (idle[id - 1] = () => undefined),
    });
    const started: string[] = [];
    const loader = (name: string) => () => (started.push(name), Promise.resolve());
    const stop = loadInTurn([loader('a'), loader('b'), loader('c')]);
    expect(started).toEqual([]);
    idle.shift()?.();
    expect(started).toEqual(['a']);
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    stop();
    idle.shift()?.();
    expect(started).toEqual(['a']);
  });
});
