import { useCallback } from 'react';
import { useNavigate } from 'react-router';

export const SEARCH_MEASUREIT_PATH = '/searchMeasureIt';

/**
 * §4: saving or cancelling closes the window when closeOnSave is set, otherwise goes to /searchMeasureIt. A window
 * the browser will not let a page close (one the user opened, not a script) goes to the search too.
 */
export function useLeave(closeOnSave: boolean): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (closeOnSave) {
      window.close();
      // A window not opened by a script stays open: the toast shows, then the search.
      window.setTimeout(() => {
        if (!window.closed) void navigate(SEARCH_MEASUREIT_PATH);
      }, 500);
      return;
    }
    void navigate(SEARCH_MEASUREIT_PATH);
  }, [closeOnSave, navigate]);
}
