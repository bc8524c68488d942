import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@cc/domain';

type Position = 'bottom-right' | 'top-right';
type Kind = 'success' | 'error' | 'info' | 'warning';

const COLORS: Record<Kind, string> = { success: 'green', error: 'red', info: 'blue', warning: 'yellow' };

/** The one toast helper: 3000 ms, bottom right unless the spec says top right. */
export function toast(message: string, kind: Kind = 'info', position: Position = 'bottom-right'): void {
  notifications.show({
    message,
    color: COLORS[kind],
    autoClose: TOAST_MS,
    position,
    withBorder: true,
  });
}

toast.success = (message: string, position?: Position) => toast(message, 'success', position);
toast.error = (message: string, position?: Position) => toast(message, 'error', position);
toast.info = (message: string, position?: Position) => toast(message, 'info', position);
toast.warning = (message: string, position?: Position) => toast(message, 'warning', position);
