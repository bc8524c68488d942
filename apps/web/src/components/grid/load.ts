/**
 * AG Grid's module (AgGrid.tsx): loaded by the first grid shown (DataGrid.tsx), or ahead of it while the user is on a
 * screen that leads to one (app/load-ahead.ts).
 */
export const loadGrid = () => import('./AgGrid');
