/**
 * Who may call an API route or enter a screen (administration.md §5-6, call-handling.md §6; decision 020).
 *
 * One table of rules, read by the server before any handler runs and by the web app's route guards, so the
 * two can never disagree. A rule names roles (any of), applications (any of) and a permission; every part
 * that is given must hold. Role 1 passes every check, applications included: an administrator's grant of
 * applications is a convenience for the dashboard, not a limit.
 */
import {
  GRANTED,
  hasAnyRole,
  hasPermission,
  isAdministrator,
  Permission,
  Role,
  type PermissionId,
  type PermissionList,
} from './access.js';

/** The applications of the dashboard (the `applications` table's ids). */
export const App = {
  InboundCalls: 1,
  OutboundCalls: 2,
  CallSearch: 3,
  Utilities: 4,
  UserManagement: 5,
  MeasureIt: 6,
  MeasureItUtilities: 7,
  KnowledgeBase: 8,
  Wiki: 9,
} as const;
export type AppId = (typeof App)[keyof typeof App];

export interface AccessRule {
  /** A short name, shown in the OpenAPI description and in test names. */
  readonly name: string;
  /** Any of these roles (role 1 always passes). */
  readonly roles?: readonly number[];
  /** Any of these applications granted to the user (role 1 always passes). */
  readonly apps?: readonly AppId[];
  /** A permission with this value (role 1 always passes). */
  readonly permission?: { readonly id: PermissionId; readonly value: string };
  /**
   * Permissions the call reads to decide what it does rather than whether it may be made (the call search finds
   * only one's own calls without CallSearch.AllAgents; a price edit is refused without CallCenter.EditPricing).
   */
  readonly reads?: readonly PermissionId[];
  /**
   * Open to a session held to a password change (decision 064): its own session, sign-out and the change itself. Every
   * other rule refuses such a session, an administrator's included.
   */
  readonly beforePasswordChange?: true;
}

/**
 * `'public'`: no session needed. `'sharedSecret'`: no session either, and no user: the caller is a system outside
 * (the phone system) that signs each request with a secret both sides hold, checked by the route itself before its
 * body is read (decision 074). Otherwise a signed-in user who satisfies the rule.
 */
export type Access = 'public' | 'sharedSecret' | AccessRule;

/** Does the rule ask for a signed-in user (a bearer token or a stream ticket)? */
export const needsSession = (access: Access): access is AccessRule => access !== 'public' && access !== 'sharedSecret';

export interface AccessSubject {
  permissions: PermissionList;
  /** Application ids granted to the user. */
  applications: readonly number[];
  /** Signed in with a password someone else set, not yet changed (decision 064). */
  passwordChangeRequired?: boolean;
}

/** The named rules every route and screen is declared with. */
export const ACCESS = {
  public: 'public',
  /** A system outside signing with the shared secret, no user session (decision 074). */
  sharedSecret: 'sharedSecret',
  /** Any signed-in user: their own session, profile, dashboard. */
  signedIn: { name: 'signed in' },
  /**
   * Any signed-in user, before a required password change too (decision 064): the session itself, sign-out and the
   * change of one's own password. Nothing else is open to a session opened with a password someone else set.
   */
  ownSession: { name: 'signed in, open before a required password change', beforePasswordChange: true },
  inbound: { name: 'Inbound Calls', apps: [App.InboundCalls] },
  outbound: { name: 'Outbound Calls', apps: [App.OutboundCalls] },
  /** The call screen and everything it calls: a call is opened from the inbound search or an outbound list. */
  call: { name: 'Inbound or Outbound Calls', apps: [App.InboundCalls, App.OutboundCalls] },
  /** The call screen's pricing and orders calls: price edits need CallCenter.EditPricing (canEditPricing). */
  callPricing: {
    name: 'Inbound or Outbound Calls; price edits with CallCenter.EditPricing',
    apps: [App.InboundCalls, App.OutboundCalls],
    reads: [Permission.EditPricing],
  },
  /** Call types and agent names: the outbound lists and the call search both show them. */
  callLists: {
    name: 'Inbound, Outbound Calls or Call Search',
    apps: [App.InboundCalls, App.OutboundCalls, App.CallSearch],
  },
  /** Without CallSearch.AllAgents the search finds only the user's own calls. */
  callSearch: { name: 'Call Search', apps: [App.CallSearch], reads: [Permission.AllAgents] },
  measureIt: { name: 'MeasureIt', apps: [App.MeasureIt] },
  /** Opening a measurement for edit (which takes its lock) and saving it. */
  measure: {
    name: 'MeasureIt with MeasureIt.Measure',
    apps: [App.MeasureIt],
    permission: { id: Permission.Measure, value: GRANTED },
  },
  /** Applying a not-measured reason to a selection of the search. */
  applyReason: {
    name: 'MeasureIt with MeasureIt.ApplyReason',
    apps: [App.MeasureIt],
    permission: { id: Permission.ApplyReason, value: GRANTED },
  },
  /** A customer's measurement, read by MeasureIt and by the call screen's lawn-size refresh (decision 036). */
  measureItOrCall: {
    name: 'MeasureIt, Inbound or Outbound Calls',
    apps: [App.MeasureIt, App.InboundCalls, App.OutboundCalls],
  },
  /** The spec's guard of utilities and measureItUtilities: roles 2, 5, 6 or 7. */
  utilities: {
    name: 'roles 2, 5, 6, 7',
    roles: [Role.Supervisor, Role.CallCentreManager, Role.UserAdministrator, Role.CallCentreLead],
  },
  /** Importing outbound call lists: the utilities' roles with Utilities.ImportCalls. */
  importCalls: {
    name: 'roles 2, 5, 6, 7 with Utilities.ImportCalls',
    roles: [Role.Supervisor, Role.CallCentreManager, Role.UserAdministrator, Role.CallCentreLead],
    permission: { id: Permission.ImportCalls, value: GRANTED },
  },
  /**
   * The spec's guard of measureItUtilities (roles 2, 5, 6 or 7; decision 041): the custom search list's import,
   * rename and delete. The utilities' roles, as a rule of its own so the two can part.
   */
  measureItUtilities: {
    name: 'MeasureIt utilities (roles 2, 5, 6, 7)',
    roles: [Role.Supervisor, Role.CallCentreManager, Role.UserAdministrator, Role.CallCentreLead],
  },
  /**
   * Ours (decision 035): the supervisor's view of the floor (open calls, list counts, the day's and week's calls per
   * CSR). The people who run the call centre: roles 2, 5, 6, 7 — the utilities' roles, as a rule of its own so the
   * two can part.
   */
  supervisor: {
    name: 'supervisor view (roles 2, 5, 6, 7)',
    roles: [Role.Supervisor, Role.CallCentreManager, Role.UserAdministrator, Role.CallCentreLead],
  },
  /** The spec's guard of the user-administration screens: roles 1 or 6. */
  userAdmin: { name: 'roles 1, 6', roles: [Role.Administrator, Role.UserAdministrator] },
  /** Role 1 only: the reference data user administration reads (brands, companies, applications, …) and the audit log. */
  administrator: { name: 'role 1', roles: [Role.Administrator] },
} as const satisfies Record<string, Access>;

/**
 * Is the subject held back from this rule's calls until it changes its password (decision 064)? Public calls and the
 * rules open before the change are never held; an administrator is held like anyone else.
 */
export function heldForPasswordChange(access: Access, subject: AccessSubject | null): boolean {
  return needsSession(access) && subject?.passwordChangeRequired === true && access.beforePasswordChange !== true;
}

/** May this subject pass the rule? */
export function mayAccess(access: Access, subject: AccessSubject | null): boolean {
  if (access === 'public') return true;
  // No user passes a rule whose credential is the shared secret: a session is never that credential.
  if (access === 'sharedSecret' || !subject) return false;
  if (heldForPasswordChange(access, subject)) return false;
  if (isAdministrator(subject.permissions)) return true;
  if (access.roles && !hasAnyRole(subject.permissions, access.roles)) return false;
  if (access.apps && !access.apps.some((app) => subject.applications.includes(app))) return false;
  if (access.permission && !hasPermission(subject.permissions, access.permission.id, access.permission.value)) {
    return false;
  }
  return true;
}

/** Every screen of the web app by route (state) name, with who may enter it. */
export const SCREEN_ACCESS = {
  publicHome: ACCESS.public,
  portalsignin: ACCESS.public,
  /** Where the identity server sends the browser back (decision 038). */
  ssoCallback: ACCESS.public,
  /** The sign-in and sign-up dialogs by address; a signed-in user goes to the dashboard. */
  signin: ACCESS.public,
  signup: ACCESS.public,
  home: ACCESS.signedIn,
  tikiwiki: ACCESS.signedIn,
  pbknowledgebase: ACCESS.signedIn,
  profile: ACCESS.signedIn,
  /** Ours (decision 064): one's own password; where a session held to a password change is sent. */
  changePassword: ACCESS.ownSession,
  inbound: ACCESS.inbound,
  outbound: ACCESS.outbound,
  'outbound.cancelCalls': ACCESS.outbound,
  'outbound.upsells': ACCESS.outbound,
  currentCall: ACCESS.call,
  /** Ours (decision 075): where a phone system sends a CSR's browser; it goes on to the inbound search. */
  screenPop: ACCESS.inbound,
  allQuotes: ACCESS.call,
  callSearch: ACCESS.callSearch,
  utilities: ACCESS.utilities,
  measureItUtilities: ACCESS.measureItUtilities,
  /** Ours (decision 035): the live view of the floor. */
  supervisorFloor: ACCESS.supervisor,
  /** Ours (docs/decisions/082-report-definitions.md): the supervisor's numbers, under the floor's rule. */
  reports: ACCESS.supervisor,
  manageUsers: ACCESS.userAdmin,
  searchUsers: ACCESS.userAdmin,
  addUser: ACCESS.userAdmin,
  editUser: ACCESS.userAdmin,
  MeasureIt: ACCESS.measure,
  editMeasureIt: ACCESS.measure,
  searchMeasureIt: ACCESS.measureIt,
  /** Ours (decision 026): the reference data's grids (brands, companies, applications, permissions, templates) and
   * the audit log. Writing reference data and reading the log are role 1's calls, so the screens are role 1's. */
  adminReference: ACCESS.administrator,
  auditLog: ACCESS.administrator,
} as const satisfies Record<string, Access>;
export type ScreenName = keyof typeof SCREEN_ACCESS;

export function isScreenName(name: string): name is ScreenName {
  return Object.hasOwn(SCREEN_ACCESS, name);
}

/** May the subject enter the named screen? An unknown screen is closed. */
export function canEnterScreen(name: string, subject: AccessSubject | null): boolean {
  return isScreenName(name) && mayAccess(SCREEN_ACCESS[name], subject);
}
