import { createElement, lazy, Suspense } from 'react';
import { notifications } from '@mantine/notifications';
import { autoCloseOf, referenceOf } from './toast-reference';

type Position = 'bottom-right' | 'top-right';
type Kind = 'success' | 'error' | 'info' | 'warning';

interface ToastOptions {
  position?: Position;
  /** The error the toast reports: a server failure's reference (ApiError's requestId) is shown with it. */
  cause?: unknown;
}

/**
 * The reference's copy button (a tooltip and its floating positioning) loads with the first toast that has one, not in
 * the first download of every page; until it has, the toast shows its words alone
 * (docs/decisions/095-initial-javascript-per-route.md).
 */
const ReferenceMessage = lazy(() => import('./ReferenceMessage').then((m) => ({ default: m.ReferenceMessage })));

const COLORS: Record<Kind, string> = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' };

/**
 * The one toast helper: 3000 ms. Call handling's toasts show bottom right (call-handling.md §8), kept off the grids'
 * pagers (toast-placement.ts); the administration screens' toasts use {@link adminToast}, top right (decision 027).
 * An error that carries a reference stays until dismissed, its reference copyable (toast-reference.ts).
 */
export function toast(
  message: string,
  kind: Kind = 'info',
  { position = 'bottom-right', cause }: ToastOptions = {},
): void {
  const reference = kind === 'error' ? referenceOf(cause) : null;
  notifications.show({
    message: reference
      ? createElement(Suspense, { fallback: message }, createElement(ReferenceMessage, { text: message, reference }))
      : message,
    color: COLORS[kind],
    autoClose: autoCloseOf(kind, reference),
    // A toast that stays is dismissed by its close button, which says what it does.
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    position,
    withBorder: true,
  });
}

toast.success = (message: string) => toast(message, 'success');
/** `cause`: the error reported, whose reference the toast shows when the server gave one. */
toast.error = (message: string, cause?: unknown) => toast(message, 'error', { cause });
toast.info = (message: string) => toast(message, 'info');
toast.warning = (message: string) => toast(message, 'warning');

/** The administration screens' toasts (administration.md §8: user admin, utilities, profile, the route guard). */
export const adminToast = {
  success: (message: string) => toast(message, 'success', { position: 'top-right' }),
  error: (message: string, cause?: unknown) => toast(message, 'error', { position: 'top-right', cause }),
  info: (message: string) => toast(message, 'info', { position: 'top-right' }),
  warning: (message: string) => toast(message, 'warning', { position: 'top-right' }),
};
