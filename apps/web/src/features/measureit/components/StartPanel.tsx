/**
 * The start of a measurement that is not a customer's (by address, commercial lead): its fields, what is missing,
 * the refusal of the get, the button, and the recently-measured question (decision 040).
 */
import type { ReactNode } from 'react';
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { measurementFailure } from '../hooks/useMeasurementActions';
import { RecentlyMeasuredDialog } from './EditAccess';
import { BusyButton } from '../../../components/BusyButton';

interface Recent {
  measurementDate: string | null;
  measuredBy: string | null;
  SquareFeet: number | null;
}

export function StartPanel({
  intro,
  children,
  problem,
  error,
  pending,
  action,
  recent,
  onStart,
  onDecline,
}: {
  intro: string;
  children: ReactNode;
  /** What is missing, shown once the user tried. */
  problem: string | null;
  error: Error | null;
  pending: boolean;
  action: string;
  /** The measurement got, when it was measured recently and asks first. */
  recent: Recent | null;
  onStart: (confirm: boolean) => void;
  onDecline: () => void;
}) {
  return (
    <Paper withBorder p="md" maw={760}>
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        {children}
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert" p="xs">
            {measurementFailure(error)}
          </Alert>
        )}
        <Group>
          <BusyButton onClick={() => onStart(false)} busy={pending}>
            {action}
          </BusyButton>
        </Group>
        {recent && (
          <RecentlyMeasuredDialog
            measuredAt={recent.measurementDate}
            measuredBy={recent.measuredBy}
            squareFeet={recent.SquareFeet}
            onConfirm={() => onStart(true)}
            onDecline={onDecline}
          />
        )}
      </Stack>
    </Paper>
  );
}
