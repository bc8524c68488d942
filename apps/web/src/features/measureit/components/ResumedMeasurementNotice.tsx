/**
 * Says why a measurer who signed in is on the edit screen: the dashboard sent them back to the measurement they left
 * open (administration.md §2; decision 043), as the call screen says it of a saved call. It shows once per sign-in:
 * a reload keeps the router state that brought the user here, but not the notice.
 */
import { useEffect, useState } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { session } from '../../../lib/session';

/** The router state the dashboard sends with the measurement in progress. */
export function resumedMeasurementOf(state: unknown): { since: string } | null {
  const resumed = (state as { resumedMeasurement?: unknown } | null)?.resumedMeasurement;
  if (typeof resumed !== 'object' || resumed === null) return null;
  const since = (resumed as { since?: unknown }).since;
  return typeof since === 'string' ? { since } : null;
}

const SHOWN = 'cc.measure.resumed';
function useFirstShowing(mark: string): boolean {
  const [first] = useState(() => {
    try {
      return sessionStorage.getItem(SHOWN) !== mark;
    } catch {
      return true;
    }
  });
  useEffect(() => {
    try {
      if (first) sessionStorage.setItem(SHOWN, mark);
    } catch {
      // private mode: the notice may show again after a reload
    }
  }, [first, mark]);
  return first;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function ResumedMeasurementNotice({ since, address }: { since: string; address: string }) {
  const first = useFirstShowing(`${session.get()?.expiresAt ?? ''}@${address}@${since}`);
  if (!first) return null;
  return (
    <Alert
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title="Back to the measurement you left"
      data-testid="resumed-measurement-notice"
    >
      <Text size="sm">
        You opened the measurement of {address} on {when(since)} and left it without saving or cancelling it, so it is
        still yours and no one else can measure it. Save it, or Cancel to release it.
      </Text>
    </Alert>
  );
}
