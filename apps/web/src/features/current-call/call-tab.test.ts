import { describe, expect, it } from 'vitest';
import { forgetTab, keepTab, keptTab, type CallTabStore } from './call-tab';

const TABS = ['customer', 'pricing', 'history'] as const;

function memory(): CallTabStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('the call tab across a reload', () => {
  it('is the tab kept for the same call', () => {
    const store = memory();
    expect(keptTab('18001/1001/Inbound', TABS, store)).toBeUndefined();
    keepTab('18001/1001/Inbound', 'pricing', store);
    expect(keptTab('18001/1001/Inbound', TABS, store)).toBe('pricing');
  });

  it('is not given to another call, nor when it is no tab of the screen', () => {
    const store = memory();
    keepTab('18001/1001/Inbound', 'pricing', store);
    expect(keptTab('18001/1002/Inbound', TABS, store)).toBeUndefined();
    keepTab('18001/1001/Inbound', 'nonsense', store);
    expect(keptTab('18001/1001/Inbound', TABS, store)).toBeUndefined();
  });

  it('is forgotten when its call is left, and only then', () => {
    const store = memory();
    keepTab('18001/1001/Inbound', 'history', store);
    forgetTab('18001/1002/Inbound', store);
    expect(keptTab('18001/1001/Inbound', TABS, store)).toBe('history');
    forgetTab('18001/1001/Inbound', store);
    expect(keptTab('18001/1001/Inbound', TABS, store)).toBeUndefined();
  });
});
