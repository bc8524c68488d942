/**
 * The life of a held call (useCallLock's `holdCall`) on fake timers, against a stand-in for the server
 * that locks on each open and unlocks on each release in the order it receives them. Opens can be held
 * on their way (`server.hold()`) and delivered later, as a slow connection does while a release on
 * another connection arrives at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_CONFIRM_MS, holdCall, type CallHoldIo, type LockState } from './call-hold';

const KEY = '18001/1001';
const HEARTBEAT_SECONDS = 30;

class Refused extends Error {}

/** The server's view: what it received, in order, and whether the call is locked. */
class Server {
  readonly log: string[] = [];
  locked = false;
  refuse = false;
  private holding = false;
  private held: (() => void)[] = [];

  /** Keep the next opens on their way until `deliver`. */
  hold(): void {
    this.holding = true;
  }
  /** The held opens reach the server and are answered, in the order they were sent. */
  async deliver(): Promise<void> {
    this.holding = false;
    for (const send of this.held.splice(0)) send();
    await vi.advanceTimersByTimeAsync(0);
  }
  /** Sent now; received and answered now, or when delivered. */
  request(what: string, effect: () => void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const receive = () => {
        this.log.push(what);
        if (what === 'open' && this.refuse) return reject(new Refused('Sorry, but this call is currently active...'));
        effect();
        resolve({ ok: true });
      };
      if (this.holding && what === 'open') this.held.push(receive);
      else receive();
    });
  }
}

let server: Server;
let states: LockState[];
let signedIn: boolean;
let save: boolean;
let reloaded: boolean;

function io(): CallHoldIo {
  return {
    open: () => server.request('open', () => (server.locked = true)),
    refusal: (error) => (error instanceof Refused ? error.message : null),
    release: (s) => server.request(`release save=${s}`, () => (server.locked = false)),
    releaseOnUnload: (s) => void server.request(`unload save=${s}`, () => (server.locked = false)),
    forgetSaved: () => void server.request('forget', () => undefined),
    signedIn: () => signedIn,
    heartbeatSeconds: () => HEARTBEAT_SECONDS,
    save: () => save,
    reloaded: () => reloaded,
    markUnloaded: () => server.log.push('marked unloaded'),
    setState: (state) => states.push(state),
  };
}

/** Let the promises and the due timers run, `ms` of fake time later. */
const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  server = new Server();
  states = [];
  signedIn = true;
  save = true;
  reloaded = false;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('holding a call', () => {
  it('opens the call, then repeats the open as a heartbeat until the screen goes', async () => {
    const hold = holdCall(KEY, true, io());
    await after(0);
    expect(states).toEqual([{ status: 'open' }]);
    expect(server.log).toEqual(['open']);
    await after(HEARTBEAT_SECONDS * 1000 * 3);
    expect(server.log).toEqual(['open', 'open', 'open', 'open']);
    hold.stop();
    await after(0);
    expect(server.log.at(-1)).toBe('release save=true');
    await after(HEARTBEAT_SECONDS * 1000 * 3);
    expect(server.log).toEqual(['open', 'open', 'open', 'open', 'release save=true']);
    expect(server.locked).toBe(false);
  });

  it('after a reload, confirms the call once more 1.5 s after the open was answered', async () => {
    reloaded = true;
    const hold = holdCall(KEY, true, io());
    await after(RELOAD_CONFIRM_MS - 1);
    expect(server.log).toEqual(['open']);
    await after(1);
    expect(server.log).toEqual(['open', 'open']);
    hold.stop();
    await after(0);
    expect(server.locked).toBe(false);
  });
});

describe('leaving leaves nothing locked', () => {
  it('leaving within 1.5 s of a reload: the call is released and nothing takes it again', async () => {
    reloaded = true;
    const hold = holdCall(KEY, true, io());
    await after(500);
    expect(states).toEqual([{ status: 'open' }]);
    hold.stop();
    await after(0);
    expect(server.log).toEqual(['open', 'release save=true']);
    // The confirmation that was due 1.5 s after the open, and every later beat, never comes.
    await after(RELOAD_CONFIRM_MS + HEARTBEAT_SECONDS * 1000 * 2);
    expect(server.log).toEqual(['open', 'release save=true']);
    expect(server.locked).toBe(false);
  });

  it('leaving before the open after a reload is answered: released after that answer, never taken again', async () => {
    reloaded = true;
    server.hold();
    const hold = holdCall(KEY, true, io());
    await after(0);
    hold.stop();
    await after(100);
    expect(server.log).toEqual([]);
    await server.deliver();
    expect(server.log).toEqual(['open', 'release save=false']);
    await after(RELOAD_CONFIRM_MS + HEARTBEAT_SECONDS * 1000 * 2);
    expect(server.log).toEqual(['open', 'release save=false']);
    expect(server.locked).toBe(false);
    // The screen had gone: it is told nothing.
    expect(states).toEqual([]);
  });

  it('a beat on its way when the screen goes: the release is sent only after the beat is answered', async () => {
    const hold = holdCall(KEY, true, io());
    await after(0);
    server.hold();
    await after(HEARTBEAT_SECONDS * 1000);
    hold.stop();
    await after(100);
    // The beat is still on its way; a release now could reach the server before it.
    await server.deliver();
    await after(0);
    expect(server.log).toEqual(['open', 'open', 'release save=true']);
    expect(server.locked).toBe(false);
  });

  it('a cancelled call is released without being saved', async () => {
    const hold = holdCall(KEY, true, io());
    await after(0);
    save = false;
    hold.stop();
    await after(0);
    expect(server.log).toEqual(['open', 'release save=false']);
  });

  it('signed out: no beat and no release (signing out released the call on the server)', async () => {
    const hold = holdCall(KEY, true, io());
    await after(0);
    signedIn = false;
    await after(HEARTBEAT_SECONDS * 1000 * 2);
    hold.stop();
    await after(RELOAD_CONFIRM_MS);
    expect(server.log).toEqual(['open']);
  });

  it('opened again before the release went (a remount): the release is dropped and the call kept', async () => {
    const first = holdCall(KEY, true, io());
    await after(0);
    first.stop();
    const second = holdCall(KEY, true, io());
    await after(0);
    expect(server.log).toEqual(['open', 'open']);
    expect(server.locked).toBe(true);
    second.stop();
    await after(0);
    expect(server.locked).toBe(false);
  });
});

describe('refused and unknown calls', () => {
  it('another CSR has the call: the screen says so, no saved call is kept, nothing is released', async () => {
    server.refuse = true;
    const hold = holdCall(KEY, true, io());
    await after(0);
    expect(states).toEqual([{ status: 'refused', message: 'Sorry, but this call is currently active...' }]);
    await after(HEARTBEAT_SECONDS * 1000 * 2);
    hold.pageHide();
    hold.stop();
    await after(0);
    expect(server.log).toEqual(['open', 'forget']);
  });

  it('an unknown customer (-1): nothing is locked, and leaving saves the call', async () => {
    const hold = holdCall('18001/-1', false, io());
    await after(HEARTBEAT_SECONDS * 1000 * 2);
    expect(server.log).toEqual([]);
    hold.stop();
    await after(0);
    expect(server.log).toEqual(['release save=true']);
  });
});

describe('the page going away and coming back', () => {
  it('pagehide releases with a keepalive request and remembers it; back from the cache takes the call again', async () => {
    const hold = holdCall(KEY, true, io());
    await after(0);
    hold.pageHide();
    expect(server.log).toEqual(['open', 'unload save=true', 'marked unloaded']);
    expect(server.locked).toBe(false);
    hold.pageShow(true);
    await after(0);
    expect(server.locked).toBe(true);
    hold.stop();
    await after(0);
    expect(server.locked).toBe(false);
  });
});
