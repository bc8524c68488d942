export { ADMIN_REFERENCE_ROUTES } from './routes';
export { AUDIT_PATH, REFERENCE_PATH } from './paths';
export { AdminLinks } from './components/AdminLinks';
