import type { AppRoute } from '../../app/app-route';
import { pageModule } from '../../app/page-module';
import { AUDIT_PATH, REFERENCE_PATH } from './paths';

const ReferenceDataPage = pageModule(() => import('./pages/ReferenceDataPage'));
const AuditLogPage = pageModule(() => import('./pages/AuditLogPage'));

/** The administrators' screens of user administration (role 1; SCREEN_ACCESS adminReference and auditLog). */
export const ADMIN_REFERENCE_ROUTES: AppRoute[] = [
  { path: `${REFERENCE_PATH}/:kind?`, name: 'adminReference', title: 'Reference Data', ...ReferenceDataPage },
  { path: AUDIT_PATH, name: 'auditLog', title: 'Audit Log', ...AuditLogPage },
];
