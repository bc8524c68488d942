import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { session } from '../../../lib/session';

/** The dashboard sent the user back to the call they left without ending it (router state `resumed`). */
export interface Resumed {
  /** When the call was left (saved), ISO. */
  savedAt: string;
}

export function resumedOf(state: unknown): Resumed | null {
  const resumed = (state as { resumed?: unknown } | null)?.resumed;
  if (typeof resumed !== 'object' || resumed === null) return null;
  const savedAt = (resumed as { savedAt?: unknown }).savedAt;
  return typeof savedAt === 'string' ? { savedAt } : null;
}

/**
 * Which return to a saved call a notice was shown for: the sign-in (its session's end, fixed when the user signed in),
 * the call and the moment it was left. A reload of the call screen is the same return; a new sign-in is another.
 */
export const resumedMark = (sessionEnd: string, resumed: Resumed, customerNo: number): string =>
  `${sessionEnd}@${customerNo}@${resumed.savedAt}`;

const SHOWN = 'cc.call.resumed';
function shownMark(): string | null {
  try {
    return sessionStorage.getItem(SHOWN);
  } catch {
    return null;
  }
}
function rememberShown(mark: string): void {
  try {
    sessionStorage.setItem(SHOWN, mark);
  } catch {
    // private mode: the notice may show again after a reload
  }
}

/** True the first time this return to the call is shown in this tab: the notice shows once per sign-in. */
function useFirstShowing(mark: string): boolean {
  const [first] = useState(() => shownMark() !== mark);
  useEffect(() => {
    if (first) rememberShown(mark);
  }, [first, mark]);
  return first;
}

/** When a call was left, as the notices about a saved call say it. */
export const leftWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Whom a saved call is with: 'Margaret Thornbury, customer 1001'. */
export const callWho = (name: string, customerNo: number): string =>
  [name || 'a new customer', customerNo > 0 ? `customer ${customerNo}` : null].filter(Boolean).join(', ');

/**
 * Says which call the user was sent back to and why (call-handling.md §2: a call left without ending it is saved so
 * it can be resumed), with a way to leave it for now: back to the call's list, the call still saved. It shows once per
 * sign-in: a reload of the screen keeps the router state that brought the user here, but not the notice.
 */
export function ResumedCallNotice({
  resumed,
  name,
  customerNo,
  callType,
  onLeave,
}: {
  resumed: Resumed;
  name: string;
  customerNo: number;
  callType: string;
  onLeave: () => void;
}) {
  const first = useFirstShowing(resumedMark(session.get()?.expiresAt ?? '', resumed, customerNo));
  if (!first) return null;
  const who = callWho(name, customerNo);
  return (
    <Alert
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title="Back to the call you left"
      data-testid="resumed-call-notice"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          This is your {callType} call with {who}, which you left without ending it on {leftWhen(resumed.savedAt)}. Your
          work on it has been restored. End or cancel the call to close it.
        </Text>
        <Button size="xs" variant="white" onClick={onLeave}>
          Leave this call for now
        </Button>
      </Group>
    </Alert>
  );
}
