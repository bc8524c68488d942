import { Alert, Badge, Card, Group, Loader, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';
import { useAutoPay } from '../api/autoPay';
import { useDisableAutoPay } from '../api/disableAutoPay';
import { BusyButton } from '../../../components/BusyButton';

export interface AutoPayPanelProps {
  sqldbid: number;
  customerNo: number;
  editable: boolean;
}

/** Autopay: whether the franchise offers it and the customer has it; the CSR can turn it off. */
export function AutoPayPanel({ sqldbid, customerNo, editable }: AutoPayPanelProps) {
  const known = customerNo >= 0;
  const setting = useAutoPay(sqldbid, Math.max(customerNo, 0), known);
  const disable = useDisableAutoPay();
  const enabled = setting.data?.isCustomerAutoPayEnabled ?? false;

  const onDisable = () => {
    disable.mutate(
      { sqldbid, customerNo },
      {
        onSuccess: () => toast.success('Autopay disabled'),
        onError: (error) => toast.error(`ERROR Disabling Autopay: ${error.message}`, error),
      },
    );
  };

  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-labelledby="autopay-panel-title">
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Title order={2} size="h5" id="autopay-panel-title">
          <Group gap={6} component="span">
            <IconCreditCard size={18} aria-hidden />
            Autopay
          </Group>
        </Title>
        {setting.data ? (
          <Badge variant="outline" color={enabled ? 'lawn.9' : 'gray.8'} data-testid="autopay-status">
            {enabled ? 'Enabled' : 'Not enabled'}
          </Badge>
        ) : null}
      </Group>
      {!known ? (
        <Text size="sm" c="gray.7">
          Unknown customer.
        </Text>
      ) : null}
      {setting.isPending && known ? <Loader size="sm" role="status" aria-label="Loading autopay" /> : null}
      {setting.error ? (
        <Alert color="red" p="xs" role="alert">
          {setting.error.message}
        </Alert>
      ) : null}
      {setting.data ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="gray.7">
            {setting.data.isFranchiseAutoPayEnrolled
              ? 'The franchise offers autopay.'
              : 'The franchise is not enrolled in autopay.'}
          </Text>
          {enabled ? (
            <BusyButton
              size="compact-sm"
              color="red.9"
              variant="outline"
              onClick={onDisable}
              busy={disable.isPending}
              disabled={!editable || customerNo <= 0}
            >
              Disable autopay
            </BusyButton>
          ) : null}
        </Group>
      ) : null}
    </Card>
  );
}
