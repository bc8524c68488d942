/**
 * Idle handling exactly as the spec: after the idle time (840 s) a 'Session Timeout Warning' with a
 * progress circle that ticks each second for the warning time (60 s); activity closes it; the end of
 * the warning clears the credentials and shows 'Session Expired' / 'Please Login again...', and OK
 * reloads the page (SessionExpiredDialog). Activity also keeps the server session alive (it ends after 900 s without a call).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, RingProgress, Stack, Text } from '@mantine/core';
import { api } from '../lib/api';
import { beforeSignOut } from '../lib/before-sign-out';
import { session } from '../lib/session';
import { useClientConfig } from './client-config';
import { useLatest } from '../lib/use-latest';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** Ping the server at most this often while the user is active, so the server session stays open. */
const KEEPALIVE_MS = 60_000;

type Phase = 'active' | 'warning' | 'expired';

export function IdleWatcher() {
  const { idleTimeoutSeconds, idleWarningSeconds } = useClientConfig();
  const [phase, setPhase] = useState<Phase>('active');
  const [remaining, setRemaining] = useState(idleWarningSeconds);
  const lastActivity = useRef(0);
  const lastPing = useRef(0);
  const phaseRef = useLatest<Phase>(phase);

  const onActivity = useCallback(() => {
    if (phaseRef.current === 'expired') return;
    lastActivity.current = Date.now();
    if (phaseRef.current === 'warning') setPhase('active');
    if (Date.now() - lastPing.current > KEEPALIVE_MS) {
      lastPing.current = Date.now();
      api('session').catch(() => undefined);
    }
  }, [phaseRef]);

  useEffect(() => {
    lastActivity.current = Date.now();
    lastPing.current = Date.now();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [onActivity]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (phaseRef.current === 'expired') return;
      const idleSeconds = (Date.now() - lastActivity.current) / 1000;
      if (idleSeconds >= idleTimeoutSeconds + idleWarningSeconds) {
        setPhase('expired');
        // A change not yet saved (its save failed, say) is sent first, while the session can still take it.
        beforeSignOut()
          .then(() => api('signout'))
          .catch(() => undefined)
          .finally(() => session.expire());
      } else if (idleSeconds >= idleTimeoutSeconds) {
        if (phaseRef.current === 'active') {
          // The server ends a session 900 s after the last request; touch it now so that continuing at any
          // moment of the warning finds it alive. The browser still ends it when the warning runs out.
          lastPing.current = Date.now();
          api('session').catch(() => undefined);
        }
        setPhase('warning');
        setRemaining(Math.max(0, Math.ceil(idleTimeoutSeconds + idleWarningSeconds - idleSeconds)));
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [idleTimeoutSeconds, idleWarningSeconds, phaseRef]);

  return (
    <>
      <Modal
        opened={phase === 'warning'}
        onClose={onActivity}
        title="Session Timeout Warning"
        withCloseButton={false}
        closeOnClickOutside={false}
        data-testid="session-timeout-warning"
      >
        <Stack align="center" gap="md">
          <RingProgress
            size={120}
            thickness={10}
            roundCaps
            sections={[{ value: (remaining / idleWarningSeconds) * 100, color: remaining <= 10 ? 'red' : 'orange' }]}
            label={
              <Text ta="center" fw={700} size="xl" data-testid="session-timeout-seconds">
                {remaining}
              </Text>
            }
          />
          <Text ta="center">
            You have been idle. Your session ends in {remaining} second{remaining === 1 ? '' : 's'} unless you continue.
          </Text>
          <Button onClick={onActivity}>Continue working</Button>
        </Stack>
      </Modal>
    </>
  );
}
