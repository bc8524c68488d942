/**
 * The app shell's parts for a signed-in user, in one chunk that Layout loads once someone is signed in: the sign-in
 * page has no use for them (docs/decisions/095-initial-javascript-per-route.md; tools/initial-js.ts counts this chunk
 * for every signed-in screen).
 */
export { default as AccountMenu } from './AccountMenu';
export { IdleWatcher } from './IdleWatcher';
export { AgentStateMenu } from '../features/agent-states';
export { ScreenPopListener } from '../features/telephony';
export { QuoteSearchBox } from '../features/quotes';
export { ModalsProvider } from '@mantine/modals';
