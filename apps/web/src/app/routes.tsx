/**
 * Every route of the web app in one table: path, the route (state) name the guards know, whether it is
 * and the lazily loaded page. Later features add their rows here.
 */
import { lazy } from 'react';
import { ADMIN_REFERENCE_ROUTES } from '../features/admin-reference/routes';
import { SCREEN_POP_PATH } from '@cc/contract';
import { REPORTS_PATH } from '../features/reports';
import type { AppRoute } from './app-route';

export type { AppRoute } from './app-route';

const PublicHomePage = lazy(() => import('../features/auth/pages/PublicHomePage'));
const PortalSigninPage = lazy(() => import('../features/auth/pages/PortalSigninPage'));
const SsoCallbackPage = lazy(() => import('../features/auth/pages/SsoCallbackPage'));
const SignInPage = lazy(() => import('../features/auth/pages/AuthDialogPage').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('../features/auth/pages/AuthDialogPage').then((m) => ({ default: m.SignUpPage })));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const ProfilePage = lazy(() => import('../features/profile/pages/ProfilePage'));
const ChangePasswordPage = lazy(() => import('../features/profile/pages/ChangePasswordPage'));

/** Ours (decision 064): one's own password; a session opened with a password someone else set is sent here first. */
export const CHANGE_PASSWORD_PATH = '/settings/password';
const InboundPage = lazy(() => import('../features/inbound/pages/InboundPage'));
const ScreenPopPage = lazy(() => import('../features/telephony/pages/ScreenPopPage'));
const OutboundPage = lazy(() => import('../features/outbound/pages/OutboundPage'));
const CurrentCallPage = lazy(() => import('../features/current-call/pages/CurrentCallPage'));
const QuotesPage = lazy(() => import('../features/quotes/pages/QuotesPage'));
const UsersPage = lazy(() => import('../features/users/pages/UsersPage'));
const UserEditPage = lazy(() => import('../features/users/pages/UserEditPage'));
const CallSearchPage = lazy(() => import('../features/call-search/pages/CallSearchPage'));
const UtilitiesPage = lazy(() => import('../features/utilities/pages/UtilitiesPage'));
const SupervisorFloorPage = lazy(() => import('../features/supervisor-floor/pages/SupervisorFloorPage'));
const ReportsPage = lazy(() => import('../features/reports/pages/ReportsPage'));
const MeasureItPage = lazy(() => import('../features/measureit/pages/MeasureItPage'));
const SearchMeasureItPage = lazy(() => import('../features/measureit-search/pages/SearchMeasureItPage'));
const MeasureItUtilitiesPage = lazy(() => import('../features/measureit-search/pages/MeasureItUtilitiesPage'));

export const APP_ROUTES: AppRoute[] = [
  { path: '/', name: 'publicHome', title: 'Welcome', page: PublicHomePage },
  { path: '/portalsignin', name: 'portalsignin', title: 'Sign in', page: PortalSigninPage },
  // Ours (decision 038): where the identity server sends the browser back.
  { path: '/signin-oidc', name: 'ssoCallback', title: 'Sign in', page: SsoCallbackPage },
  { path: '/signin', name: 'signin', title: 'Sign in', page: SignInPage },
  { path: '/signup', name: 'signup', title: 'Sign up', page: SignUpPage },
  { path: '/dashboard', name: 'home', title: 'Dashboard', page: DashboardPage },
  { path: '/tikiwiki', name: 'tikiwiki', title: 'Wiki', page: DashboardPage },
  { path: '/pbknowledgebase', name: 'pbknowledgebase', title: 'Knowledge Base', page: DashboardPage },
  { path: '/settings/profile', name: 'profile', title: 'User Profile', page: ProfilePage },
  { path: CHANGE_PASSWORD_PATH, name: 'changePassword', title: 'Change Password', page: ChangePasswordPage },
  { path: '/call-center/inbound', name: 'inbound', title: 'Inbound Calls', page: InboundPage },
  // Ours (decision 075): a phone system's screen pop, on to the inbound search.
  { path: SCREEN_POP_PATH, name: 'screenPop', title: 'Screen pop', page: ScreenPopPage },
  { path: '/call-center/outbound', name: 'outbound', title: 'Outbound Calls', page: OutboundPage },
  {
    path: '/call-center/outbound/cancelCalls',
    name: 'outbound.cancelCalls',
    title: 'Cancel Calls',
    page: OutboundPage,
  },
  { path: '/call-center/outbound/upsells', name: 'outbound.upsells', title: 'Upsell Postcard', page: OutboundPage },
  { path: '/quotes', name: 'allQuotes', title: 'All Quotes', page: QuotesPage },
  // The other screens, registered here too so that their guards hold from the start.
  {
    path: '/call-center/current-call/:sqldbid/:customerNo/:callType',
    name: 'currentCall',
    title: 'Current Call',
    page: CurrentCallPage,
  },
  { path: '/call-center/callSearch', name: 'callSearch', title: 'Call Search', page: CallSearchPage },
  { path: '/call-center/Utilities', name: 'utilities', title: 'Call Centre Utilities', page: UtilitiesPage },
  // Ours (decision 035): the supervisor's live view of the floor.
  { path: '/call-center/floor', name: 'supervisorFloor', title: 'Floor', page: SupervisorFloorPage },
  // Ours (docs/decisions/082-report-definitions.md): the supervisor's numbers.
  { path: REPORTS_PATH, name: 'reports', title: 'Reports', page: ReportsPage },
  { path: '/UserManagement', name: 'manageUsers', title: 'User Management', page: UsersPage },
  { path: '/searchUsers', name: 'searchUsers', title: 'Search Users', page: UsersPage },
  { path: '/addUser', name: 'addUser', title: 'Add User', page: UserEditPage },
  { path: '/editUser/:UserId', name: 'editUser', title: 'Edit User', page: UserEditPage },
  { path: '/MeasureIt', name: 'MeasureIt', title: 'MeasureIt', page: MeasureItPage },
  { path: '/editMeasureIt', name: 'editMeasureIt', title: 'MeasureIt', page: MeasureItPage },
  { path: '/searchMeasureIt', name: 'searchMeasureIt', title: 'MeasureIt Search', page: SearchMeasureItPage },
  {
    path: '/measureItUtilities',
    name: 'measureItUtilities',
    title: 'MeasureIt Utilities',
    page: MeasureItUtilitiesPage,
  },
  ...ADMIN_REFERENCE_ROUTES,
];
