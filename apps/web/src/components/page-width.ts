/**
 * How wide a screen's content grows on a wide desk, centred (docs/decisions/089-screens-fill-the-desk-and-the-floor-shows-who-is-in.md):
 * one width for the administration and reading screens, so that their edges line up from one screen to the next, and
 * a wider one for the screens worked in all day (the call, the inbound search, the call lists, MeasureIt's search), whose grids and maps
 * use the room. Small forms (sign-in, the profile) stay narrower.
 */
export const PAGE_WIDTH = 1400;
export const WORK_PAGE_WIDTH = 1800;
