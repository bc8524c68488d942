export { AuthDialogs, type AuthDialog } from './components/AuthDialogs';
