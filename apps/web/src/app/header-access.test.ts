import { describe, expect, it } from 'vitest';
import { headerParts } from './header-access';

const administrator = { permissions: ['role:1'], Applications: [], mustChangePassword: false };

describe("the header's parts", () => {
  it('offers nothing to a visitor', () => {
    expect(Object.values(headerParts(null)).some(Boolean)).toBe(false);
  });

  it('offers an administrator every screen, the agent state and the screen pops', () => {
    expect(headerParts(administrator)).toEqual({
      quotes: true,
      administrator: true,
      floor: true,
      reports: true,
      held: false,
      agent: true,
      pops: true,
    });
  });

  it('offers a user held to a password change nothing but the change', () => {
    const parts = headerParts({ ...administrator, mustChangePassword: true });
    expect(parts.held).toBe(true);
    expect(parts.agent || parts.pops || parts.quotes || parts.floor || parts.reports).toBe(false);
  });
});
