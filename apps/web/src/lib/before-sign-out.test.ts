import { afterEach, describe, expect, it, vi } from 'vitest';
import { beforeSignOut, onBeforeSignOut } from './before-sign-out';

describe('beforeSignOut', () => {
  const off: (() => void)[] = [];
  afterEach(() => {
    for (const f of off.splice(0)) f();
    vi.useRealTimers();
  });

  it('waits for every registered task, a failing one included', async () => {
    const done: string[] = [];
    off.push(
      onBeforeSignOut(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        done.push('save');
      }),
      onBeforeSignOut(() => Promise.reject(new Error('offline'))),
    );
    await beforeSignOut();
    expect(done).toEqual(['save']);
  });

  it('gives up after its time limit: a request that hangs never keeps the user signed in', async () => {
    vi.useFakeTimers();
    off.push(onBeforeSignOut(() => new Promise(() => undefined)));
    let over = false;
    const waiting = beforeSignOut(3000).then(() => (over = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(over).toBe(true);
  });

  it('runs nothing once a task is taken back (the call screen has gone)', async () => {
    const task = vi.fn(() => Promise.resolve());
    const remove = onBeforeSignOut(task);
    remove();
    await beforeSignOut();
    expect(task).not.toHaveBeenCalled();
  });
});
