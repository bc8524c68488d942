import { BusyButton } from '../../../components/BusyButton';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { DayRangePicker, type DayRange } from '../../../components/DayRangePicker';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import type { UtilityDialogProps } from '../utilities';
import { useResendWrites } from './api';
import { FailedEmails } from './FailedEmails';
import { RESEND_TEXTS, resendOutcome, todayInCallZone } from './model';
import { useCancelToast } from '../useCancelToast';

/**
 * Resend Emails (administration.md §2, §5, §7, §8; decision 032): ResendEmails(startDate, endDate), both today by
 * default, queues the failed emails of those days again through the outbox; beyond the spec, the failed emails
 * themselves, each fixable and resendable. Closing without resending anything: 'Cancelled Email Resend...'.
 */
export default function ResendEmailsDialog({ opened, onClose }: UtilityDialogProps) {
  const { close: cancel, done } = useCancelToast(onClose, RESEND_TEXTS.cancelled);
  const today = todayInCallZone();
  const [range, setRange] = useState<DayRange>([today, today]);
  const { range: resendRange } = useResendWrites();

  const resend = async () => {
    const [startDate, endDate] = range;
    if (!startDate) return;
    let answer;
    try {
      answer = await resendRange.mutateAsync({ startDate, endDate: endDate ?? startDate });
    } catch (error) {
      adminToast.error(error instanceof ApiError ? error.message : String(error), error);
      return;
    }
    const outcome = resendOutcome(answer);
    if (outcome.kind === 'warning') {
      // Nothing went again: the dialog stays open for other days, and closing it still says nothing was resent.
      adminToast.warning(outcome.text);
      return;
    }
    done();
    adminToast.success(outcome.text);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={cancel} title={RESEND_TEXTS.title} size="80rem" data-testid="resend-emails">
      <Stack gap="sm">
        <Group align="flex-end">
          <DayRangePicker
            label="Emails queued between"
            value={range}
            onChange={setRange}
            maxDate={today}
            w={260}
            data-testid="resend-range"
          />
          <BusyButton onClick={() => void resend()} busy={resendRange.isPending} disabled={!range[0]}>
            Resend Failed Emails
          </BusyButton>
        </Group>
        <Text size="xs" c="gray.7">
          Days are America/Chicago. Each failed email of those days goes out again to the recipients that do not have it
          yet.
        </Text>
        <Title order={3} size="h6">
          Failed emails
        </Title>
        <FailedEmails
          onResent={() => {
            done();
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancel}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
