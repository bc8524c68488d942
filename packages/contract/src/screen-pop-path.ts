/**
 * The web route a phone system or softphone opens, and its query's names (decision 075). Apart from the telephony
 * schemas: the web app's route table needs the path in its first download, and these two need no zod.
 */
import type { ScreenPop } from './telephony.js';

export const SCREEN_POP_PATH = '/call-center/screen-pop';
export const screenPopUrl = (pop: ScreenPop): string => {
  const q = new URLSearchParams({ ani: pop.ani, dnis: pop.dnis, callId: pop.callId });
  return `${SCREEN_POP_PATH}?${q.toString()}`;
};
