import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import { ReferenceMessage } from './ReferenceMessage';
import { autoCloseOf, referenceOf } from './toast-reference';

type Position = 'bottom-right' | 'top-right';
type Kind = 'success' | 'error' | 'info' | 'warning';

const COLORS: Record<Kind, string> = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' };

/**
 * The one toast helper: 3000 ms. Call handling's toasts show bottom right (call-handling.md §8), kept off the grids'
 * pagers (toast-placement.ts); the administration screens' toasts use {@link adminToast}, top right (decision 027).
 * An error that carries a reference stays until dismissed, its reference copyable (toast-reference.ts).
 */
export function toast(message: string, kind: Kind = 'info', position: Position = 'bottom-right'): void {
  const withReference = kind === 'error' ? referenceOf(message) : null;
  notifications.show({
    message: withReference ? createElement(ReferenceMessage, withReference) : message,
    color: COLORS[kind],
    autoClose: autoCloseOf(kind, message),
    // A toast that stays is dismissed by its close button, which says what it does.
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    position,
    withBorder: true,
  });
}

toast.success = (message: string, position?: Position) => toast(message, 'success', position);
toast.error = (message: string, position?: Position) => toast(message, 'error', position);
toast.info = (message: string, position?: Position) => toast(message, 'info', position);
toast.warning = (message: string, position?: Position) => toast(message, 'warning', position);

/** The administration screens' toasts (administration.md §8: user admin, utilities, profile, the route guard). */
export const adminToast = {
  success: (message: string) => toast(message, 'success', 'top-right'),
  error: (message: string) => toast(message, 'error', 'top-right'),
  info: (message: string) => toast(message, 'info', 'top-right'),
  warning: (message: string) => toast(message, 'warning', 'top-right'),
};
