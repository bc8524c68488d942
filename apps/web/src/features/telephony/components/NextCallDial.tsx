import { useQuery } from '@tanstack/react-query';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconPhoneOutgoing } from '@tabler/icons-react';
import { CALL_TIME_ZONE, formatPhone } from '@cc/domain';
import { api, ApiError } from '../../../lib/api';

export const DIAL_REFUSED_TITLE = 'Not dialled';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: CALL_TIME_ZONE });

/**
 * The dial Next Call asks for once the call is open (docs/decisions/084-next-call-dials.md): the server picks the
 * number (the list row's, else the customer's first), refuses a do-not-call customer or a time outside the calling
 * hours, and answers the earlier dial of the same call rather than dialling again — so a reload, or Next Call pressed
 * again, shows that dial. The answer is kept while the screen is (a query: one request however often it renders) and
 * dropped with it.
 */
export function NextCallDial(props: { sqldbid: number; customerNo: number; outboundId: number }) {
  const { sqldbid, customerNo, outboundId } = props;
  const dial = useQuery({
    queryKey: ['telephony', 'next-call-dial', sqldbid, customerNo, outboundId],
    queryFn: () => api('telephonyDial', { body: { sqldbid, customerNo, outboundId } }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (dial.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="gray.7">
          Dialling the customer…
        </Text>
      </Group>
    );
  }
  if (dial.isError) {
    const reason = dial.error instanceof ApiError ? dial.error.message : 'The number could not be dialled.';
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={DIAL_REFUSED_TITLE}
        role="alert"
        data-testid="next-call-dial"
        data-dial="refused"
      >
        {reason}
      </Alert>
    );
  }
  const { number, callId, dialledAt, repeated } = dial.data;
  return (
    <Alert
      color="blue"
      icon={<IconPhoneOutgoing size={18} />}
      title={repeated ? `Dialled ${formatPhone(number)} at ${timeOf(dialledAt)}` : `Dialling ${formatPhone(number)}`}
      role="status"
      data-testid="next-call-dial"
      data-dial={repeated ? 'earlier' : 'dialled'}
      data-call-id={callId}
    >
      {repeated
        ? 'Next Call dialled this call already, so it was not dialled again. To dial once more, press Dial beside a number.'
        : 'Next Call asked the phone system to dial this customer.'}
    </Alert>
  );
}
