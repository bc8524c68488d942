import { Notifications } from '@mantine/notifications';

/**
 * Where the toasts show. Loaded after the first paint (Providers.tsx): no page shows a toast before it has drawn, and
 * a toast asked for earlier waits in @mantine/notifications' store until this is mounted.
 */
export default function Toasts() {
  return <Notifications limit={5} />;
}
