import { useCallback, useRef } from 'react';
import { adminToast } from '../../lib/toast';

/**
 * A utilities dialog closed without having changed anything says so (the spec's 'Cancelled …' toasts). `close` is
 * the dialog's onClose; `done` marks that something was changed, after which closing is silent.
 */
export function useCancelToast(onClose: () => void, cancelled: string): { close: () => void; done: () => void } {
  const changed = useRef(false);
  const close = useCallback(() => {
    if (!changed.current) adminToast.info(cancelled);
    onClose();
  }, [onClose, cancelled]);
  const done = useCallback(() => {
    changed.current = true;
  }, []);
  return { close, done };
}
