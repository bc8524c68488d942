/**
 * Every route of the web app in one table: path, the route (state) name the guards know, whether it is
 * and the lazily loaded page. Later features add their rows here.
 */
import { ADMIN_REFERENCE_ROUTES } from '../features/admin-reference/routes';
import { SCREEN_POP_PATH } from '@cc/contract';
import { REPORTS_PATH } from '../features/reports';
import type { AppRoute } from './app-route';
import { pageModule } from './page-module';

export type { AppRoute } from './app-route';

const PublicHomePage = pageModule(() => import('../features/auth/pages/PublicHomePage'));
const PortalSigninPage = pageModule(() => import('../features/auth/pages/PortalSigninPage'));
const SsoCallbackPage = pageModule(() => import('../features/auth/pages/SsoCallbackPage'));
const SignInPage = pageModule(() =>
  import('../features/auth/pages/AuthDialogPage').then((m) => ({ default: m.SignInPage })),
);
const SignUpPage = pageModule(() =>
  import('../features/auth/pages/AuthDialogPage').then((m) => ({ default: m.SignUpPage })),
);
const DashboardPage = pageModule(() => import('../features/dashboard/pages/DashboardPage'));
const ProfilePage = pageModule(() => import('../features/profile/pages/ProfilePage'));
const ChangePasswordPage = pageModule(() => import('../features/profile/pages/ChangePasswordPage'));

/** Ours (decision 064): one's own password; a session opened with a password someone else set is sent here first. */
export const CHANGE_PASSWORD_PATH = '/settings/password';
const InboundPage = pageModule(() => import('../features/inbound/pages/InboundPage'));
const ScreenPopPage = pageModule(() => import('../features/telephony/pages/ScreenPopPage'));
const OutboundPage = pageModule(() => import('../features/outbound/pages/OutboundPage'));
const CurrentCallPage = pageModule(() => import('../features/current-call/pages/CurrentCallPage'));
const QuotesPage = pageModule(() => import('../features/quotes/pages/QuotesPage'));
const UsersPage = pageModule(() => import('../features/users/pages/UsersPage'));
const UserEditPage = pageModule(() => import('../features/users/pages/UserEditPage'));
const CallSearchPage = pageModule(() => import('../features/call-search/pages/CallSearchPage'));
const UtilitiesPage = pageModule(() => import('../features/utilities/pages/UtilitiesPage'));
const SupervisorFloorPage = pageModule(() => import('../features/supervisor-floor/pages/SupervisorFloorPage'));
const ReportsPage = pageModule(() => import('../features/reports/pages/ReportsPage'));
const MeasureItPage = pageModule(() => import('../features/measureit/pages/MeasureItPage'));
const SearchMeasureItPage = pageModule(() => import('../features/measureit-search/pages/SearchMeasureItPage'));
const MeasureItUtilitiesPage = pageModule(() => import('../features/measureit-search/pages/MeasureItUtilitiesPage'));

export const APP_ROUTES: AppRoute[] = [
  { path: '/', name: 'publicHome', title: 'Welcome', ...PublicHomePage },
  { path: '/portalsignin', name: 'portalsignin', title: 'Sign in', ...PortalSigninPage },
  // Ours (decision 038): where the identity server sends the browser back.
  { path: '/signin-oidc', name: 'ssoCallback', title: 'Sign in', ...SsoCallbackPage },
  { path: '/signin', name: 'signin', title: 'Sign in', ...SignInPage },
  { path: '/signup', name: 'signup', title: 'Sign up', ...SignUpPage },
  { path: '/dashboard', name: 'home', title: 'Dashboard', ...DashboardPage },
  { path: '/tikiwiki', name: 'tikiwiki', title: 'Wiki', ...DashboardPage },
  { path: '/pbknowledgebase', name: 'pbknowledgebase', title: 'Knowledge Base', ...DashboardPage },
  { path: '/settings/profile', name: 'profile', title: 'User Profile', ...ProfilePage },
  { path: CHANGE_PASSWORD_PATH, name: 'changePassword', title: 'Change Password', ...ChangePasswordPage },
  { path: '/call-center/inbound', name: 'inbound', title: 'Inbound Calls', ...InboundPage },
  // Ours (decision 075): a phone system's screen pop, on to the inbound search.
  { path: SCREEN_POP_PATH, name: 'screenPop', title: 'Screen pop', ...ScreenPopPage },
  { path: '/call-center/outbound', name: 'outbound', title: 'Outbound Calls', ...OutboundPage },
  {
    path: '/call-center/outbound/cancelCalls',
    name: 'outbound.cancelCalls',
    title: 'Cancel Calls',
    ...OutboundPage,
  },
  { path: '/call-center/outbound/upsells', name: 'outbound.upsells', title: 'Upsell Postcard', ...OutboundPage },
  { path: '/quotes', name: 'allQuotes', title: 'All Quotes', ...QuotesPage },
  // The other screens, registered here too so that their guards hold from the start.
  {
    path: '/call-center/current-call/:sqldbid/:customerNo/:callType',
    name: 'currentCall',
    title: 'Current Call',
    ...CurrentCallPage,
  },
  { path: '/call-center/callSearch', name: 'callSearch', title: 'Call Search', ...CallSearchPage },
  { path: '/call-center/Utilities', name: 'utilities', title: 'Call Centre Utilities', ...UtilitiesPage },
  // Ours (decision 035): the supervisor's live view of the floor.
  { path: '/call-center/floor', name: 'supervisorFloor', title: 'Floor', ...SupervisorFloorPage },
  // Ours (docs/decisions/082-report-definitions.md): the supervisor's numbers.
  { path: REPORTS_PATH, name: 'reports', title: 'Reports', ...ReportsPage },
  { path: '/UserManagement', name: 'manageUsers', title: 'User Management', ...UsersPage },
  { path: '/searchUsers', name: 'searchUsers', title: 'Search Users', ...UsersPage },
  { path: '/addUser', name: 'addUser', title: 'Add User', ...UserEditPage },
  { path: '/editUser/:UserId', name: 'editUser', title: 'Edit User', ...UserEditPage },
  { path: '/MeasureIt', name: 'MeasureIt', title: 'MeasureIt', ...MeasureItPage },
  { path: '/editMeasureIt', name: 'editMeasureIt', title: 'MeasureIt', ...MeasureItPage },
  { path: '/searchMeasureIt', name: 'searchMeasureIt', title: 'MeasureIt Search', ...SearchMeasureItPage },
  {
    path: '/measureItUtilities',
    name: 'measureItUtilities',
    title: 'MeasureIt Utilities',
    ...MeasureItUtilitiesPage,
  },
  ...ADMIN_REFERENCE_ROUTES,
];
