import { useEffect } from 'react';
import type { MeasureItPropertyRow } from '@cc/contract';
import { adminToast } from '../../../lib/toast';
import { editMeasureItPath, MEASUREIT_TEXT, onMeasurementClosed } from '../../measureit';

/** The `client` (§2) of the MeasureIt windows this search opens. */
const SEARCH_CLIENT = 'search';

/**
 * The MeasureIt windows of the search: `open` measures a row in a new window. A save in a MeasureIt window (ours or
 * another's) changes what the grid, the map and the statistics show, so it calls `refresh`; a window this search
 * opened closes on Save or Cancel, so the search says what became of it (docs/decisions/070-screens-at-1366.md).
 */
export function useMeasureItWindows(refresh: () => void): (row: MeasureItPropertyRow) => void {
  useEffect(
    () =>
      onMeasurementClosed((message) => {
        refresh();
        if (message.client !== SEARCH_CLIENT) return;
        if (message.kind === 'measurement-saved') adminToast.success(MEASUREIT_TEXT.propertySaved);
        else adminToast.info(MEASUREIT_TEXT.editCancelled);
      }),
    [refresh],
  );

  return (row) => {
    const path = editMeasureItPath({
      sqldbid: row.sqldbid,
      ...(row.custNo !== null ? { customerNo: row.custNo } : { propertyId: row.propertyId }),
      closeOnSave: true,
      client: SEARCH_CLIENT,
    });
    const opened = window.open(path, '_blank');
    if (!opened) adminToast.warning('The browser blocked the MeasureIt window: allow pop-ups for this site.');
  };
}
