import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Permission, permissionEntry, roleEntry } from './access.js';
import {
  ACCESS,
  App,
  SCREEN_ACCESS,
  canEnterScreen,
  heldForPasswordChange,
  isScreenName,
  mayAccess,
  needsSession,
  type AccessRule,
} from './route-access.js';

const ALL_ROLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const subject = (role: number, applications: number[] = [], ...extra: string[]) => ({
  permissions: [roleEntry(role), ...extra],
  applications,
});

describe('mayAccess', () => {
  it('public needs no subject; every other rule needs one', () => {
    expect(mayAccess('public', null)).toBe(true);
    expect(mayAccess(ACCESS.signedIn, null)).toBe(false);
    expect(mayAccess(ACCESS.signedIn, subject(8))).toBe(true);
  });

  it('the shared secret is no session: nobody signed in passes it, an administrator neither', () => {
    expect(mayAccess(ACCESS.sharedSecret, null)).toBe(false);
    expect(mayAccess(ACCESS.sharedSecret, subject(1))).toBe(false);
    expect(needsSession(ACCESS.sharedSecret)).toBe(false);
    expect(needsSession(ACCESS.public)).toBe(false);
    expect(needsSession(ACCESS.signedIn)).toBe(true);
  });

  it.each<[string, AccessRule, ReturnType<typeof subject>, boolean]>([
    ['holds one of the applications', ACCESS.call, subject(3, [App.OutboundCalls]), true],
    ['holds none of the applications', ACCESS.call, subject(3, [App.CallSearch, App.Wiki]), false],
    ['no applications at all', ACCESS.inbound, subject(3), false],
    ['measurer with MeasureIt only is refused call handling', ACCESS.call, subject(8, [App.MeasureIt]), false],
    ['user administrator without Inbound Calls', ACCESS.inbound, subject(6, [4, 5, 8, 9]), false],
    ['the role, no application asked', ACCESS.utilities, subject(7), true],
    ['an application does not stand in for a role', ACCESS.userAdmin, subject(3, [App.UserManagement]), false],
    ['administrator without any application', ACCESS.call, subject(1), true],
    ['administrator passes role rules', ACCESS.userAdmin, subject(1), true],
    ['the roles without the permission', ACCESS.importCalls, subject(2, [4]), false],
    ['the roles with the permission false', ACCESS.importCalls, subject(2, [4], 'permission:3:false'), false],
    ['the roles with the permission granted', ACCESS.importCalls, subject(2, [4], 'permission:3:true'), true],
    ['the permission without the roles', ACCESS.importCalls, subject(3, [4], 'permission:3:true'), false],
    ['MeasureIt without MeasureIt.Measure', ACCESS.measure, subject(8, [6], 'permission:5:true'), false],
    ['MeasureIt.Measure without MeasureIt', ACCESS.measure, subject(8, [], 'permission:4:true'), false],
    ['administrator passes permission rules', ACCESS.applyReason, subject(1), true],
  ])('%s', (_name, rule, who, expected) => {
    expect(mayAccess(rule, who)).toBe(expected);
  });

  const both: AccessRule = {
    name: 'role 2 with app 4 and permission 3',
    roles: [2],
    apps: [App.Utilities],
    permission: { id: 3, value: 'true' },
  };
  it.each<[string, ReturnType<typeof subject>, boolean]>([
    ['all three hold', subject(2, [4], 'permission:3:true'), true],
    ['role missing', subject(3, [4], 'permission:3:true'), false],
    ['application missing', subject(2, [1], 'permission:3:true'), false],
    ['permission with the false value', subject(2, [4], 'permission:3:false'), false],
    ['permission missing', subject(2, [4]), false],
  ])('every part given must hold: %s', (_name, who, expected) => {
    expect(mayAccess(both, who)).toBe(expected);
  });

  it('role 1 passes every rule a session can pass, whatever else the list holds', () => {
    const rules = Object.values(ACCESS).filter(needsSession);
    fc.assert(
      fc.property(fc.subarray([...ALL_ROLES]), fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9]), (roles, apps) => {
        const who = { permissions: [roleEntry(1), ...roles.map((r) => roleEntry(r))], applications: apps };
        return rules.every((rule) => mayAccess(rule, who));
      }),
    );
  });
});

describe('a session held to a password change (decision 064)', () => {
  // The shared secret's rule is passed by no session at all (tested above).
  const rules = Object.values(ACCESS).filter((rule) => rule !== ACCESS.sharedSecret);
  it('passes only the public rules and those open before the change, whatever its role and applications', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALL_ROLES), fc.subarray(Object.values(App)), (role, apps) => {
        const held = { ...subject(role, apps), passwordChangeRequired: true };
        for (const rule of rules) {
          const open = rule === 'public' || rule === ACCESS.ownSession;
          expect(heldForPasswordChange(rule, held)).toBe(!open);
          expect(mayAccess(rule, held) && !open).toBe(false);
        }
        expect(mayAccess(ACCESS.ownSession, held)).toBe(true);
      }),
    );
  });

  it('opens only the change-password screen among the signed-in screens', () => {
    const held = { ...subject(1, Object.values(App)), passwordChangeRequired: true };
    const open = Object.keys(SCREEN_ACCESS).filter(
      (name) => SCREEN_ACCESS[name as keyof typeof SCREEN_ACCESS] !== 'public' && canEnterScreen(name, held),
    );
    expect(open).toEqual(['changePassword']);
    expect(heldForPasswordChange(ACCESS.signedIn, subject(1))).toBe(false);
  });
});

describe('screens', () => {
  const byRole: Record<string, number[]> = {
    utilities: [1, 2, 5, 6, 7],
    measureItUtilities: [1, 2, 5, 6, 7],
    manageUsers: [1, 6],
    searchUsers: [1, 6],
    addUser: [1, 6],
    editUser: [1, 6],
  };
  const cases = Object.entries(byRole).flatMap(([screen, roles]) =>
    ALL_ROLES.map((role) => [screen, role, roles.includes(role)] as const),
  );
  it.each(cases)('the spec guard: %s with role %i → %s', (screen, role, expected) => {
    expect(canEnterScreen(screen, subject(role, [1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBe(expected);
  });

  it.each<[string, number]>([
    ['inbound', App.InboundCalls],
    ['outbound', App.OutboundCalls],
    ['outbound.cancelCalls', App.OutboundCalls],
    ['currentCall', App.InboundCalls],
    ['currentCall', App.OutboundCalls],
    ['allQuotes', App.OutboundCalls],
    ['callSearch', App.CallSearch],
    ['searchMeasureIt', App.MeasureIt],
    ['editMeasureIt', App.MeasureIt],
  ])('%s opens with application %i and not without it', (screen, app) => {
    expect(canEnterScreen(screen, subject(3, [app], permissionEntry(Permission.Measure, 'true')))).toBe(true);
    expect(
      canEnterScreen(
        screen,
        subject(
          3,
          [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((a) => a !== app),
        ),
      ),
    ).toBe(screen === 'currentCall' || screen === 'allQuotes');
    expect(canEnterScreen(screen, subject(3, []))).toBe(false);
  });

  it.each(['home', 'profile', 'tikiwiki', 'pbknowledgebase'])('%s is open to any signed-in user', (screen) => {
    expect(canEnterScreen(screen, subject(8))).toBe(true);
    expect(canEnterScreen(screen, null)).toBe(false);
  });

  it.each(['adminReference', 'auditLog'])(
    '%s (reference data, audit log) is role 1 only, not a user manager',
    (screen) => {
      expect(canEnterScreen(screen, subject(1))).toBe(true);
      for (const role of ALL_ROLES.filter((r) => r !== 1)) {
        expect(canEnterScreen(screen, subject(role, [1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBe(false);
      }
    },
  );

  it.each(['toString', 'constructor', '', 'nowhere'])('unknown screen %j is closed, even to role 1', (screen) => {
    expect(isScreenName(screen)).toBe(false);
    expect(canEnterScreen(screen, subject(1))).toBe(false);
  });

  it("only the public home, the portal sign-in, the identity server's return and the sign-in and sign-up addresses are public", () => {
    const open = Object.entries(SCREEN_ACCESS)
      .filter(([, access]) => access === 'public')
      .map(([name]) => name);
    expect(open.sort()).toEqual(['portalsignin', 'publicHome', 'signin', 'signup', 'ssoCallback']);
  });
});
