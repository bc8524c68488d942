import { useState } from 'react';
import { Anchor, Group } from '@mantine/core';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import type { DIAL_PHONES } from '@cc/contract';
import { phoneDigits } from '@cc/domain';
import { useClientConfig } from '../../../app/client-config';
import { api, ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { BusyButton } from '../../../components/BusyButton';

/**
 * A customer's phone number on the call screen (decision 075): with a phone system to dial through, a Dial button
 * that asks the app to dial it (the server refuses a do-not-call customer or a time outside the calling hours, and
 * the toast says why); without one, a tel: link for a softphone. A customer not yet stored has nothing to dial by.
 */
export function PhoneNumber(props: {
  text: string;
  label: string;
  phone: (typeof DIAL_PHONES)[number];
  customer: { sqldbid: number; customerNo: number };
}) {
  const { clickToDial } = useClientConfig();
  const [dialling, setDialling] = useState(false);
  const digits = phoneDigits(props.text);
  if (digits.length < 7) return <>{props.text}</>;
  if (!clickToDial || props.customer.customerNo <= 0) {
    return <Anchor href={`tel:${digits.length === 10 ? `+1${digits}` : digits}`}>{props.text}</Anchor>;
  }
  const dial = async () => {
    setDialling(true);
    try {
      await api('telephonyDial', { body: { ...props.customer, phone: props.phone } });
      toast.success(`Dialling ${props.text}…`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The number could not be dialled.');
    } finally {
      setDialling(false);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <span>{props.text}</span>
      <BusyButton
        size="compact-xs"
        variant="default"
        leftSection={<IconPhoneOutgoing size={12} aria-hidden />}
        aria-label={`Dial ${props.label.toLowerCase()} ${props.text}`}
        busy={dialling}
        onClick={() => void dial()}
      >
        Dial
      </BusyButton>
    </Group>
  );
}
