/** The supervisor's live view of the floor (decision 035). */
export const FLOOR_PATH = '/call-center/floor';
