export { ADMIN_REFERENCE_ROUTES } from './routes';
export { AUDIT_PATH, REFERENCE_PATH } from './model';
export { AdminLinks } from './components/AdminLinks';
