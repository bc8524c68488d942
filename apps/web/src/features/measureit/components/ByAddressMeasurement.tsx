/**
 * A property that is not a customer, measured by its address (issue 18 point 3): the address geocoded and filed
 * under a branch, got for edit (its lock, the recently-measured question), measured and saved ('Property Measurement
 * by Address Saved...') or cancelled ('Measurement Edit Cancelled...').
 */
import { useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { MEASUREMENT_BUSY_MESSAGE, type AddressMeasurement } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { api, ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { newUuid } from '../../../lib/uuid';
import { useLeave } from '../hooks/useLeave';
import type { SaveBody } from '../model';
import { MEASUREIT_TEXT } from '../texts';
import { AddressForm, addressOf, EMPTY_ADDRESS, type AddressDraft, type AddressValue } from './AddressForm';
import { OpenFailed, RecentlyMeasuredDialog } from './EditAccess';
import { MeasurementEditor } from './MeasurementEditor';

const failure = (error: Error) =>
  error instanceof ApiError && error.status === 409 ? MEASUREMENT_BUSY_MESSAGE : error.message;

export function ByAddressMeasurement({ closeOnSave }: { closeOnSave: boolean }) {
  const leave = useLeave(closeOnSave);
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [tried, setTried] = useState(false);
  const requestId = useRef(newUuid());

  const open = useMutation({
    mutationFn: (args: AddressValue & { confirm: boolean }) => api('measureItGetAddressMeasurement', { body: args }),
  });
  const save = useMutation({
    mutationFn: (body: SaveBody & { addressMeasurementId: number }) =>
      api('measureItCompleteAddressMeasurement', { body: { ...body, requestId: requestId.current } }),
    onSuccess: () => {
      requestId.current = newUuid();
      adminToast.success(MEASUREIT_TEXT.addressSaved);
      leave();
    },
    onError: (error: Error) => adminToast.error(failure(error)),
  });
  const cancel = useMutation({
    mutationFn: (addressMeasurementId: number) =>
      api('measureItCancelAddressMeasurement', { body: { addressMeasurementId } }),
    onSettled: () => {
      adminToast.info(MEASUREIT_TEXT.editCancelled);
      leave();
    },
  });

  const address = addressOf(draft);
  const start = (confirm: boolean) => {
    setTried(true);
    if (typeof address !== 'string') open.mutate({ ...address, confirm });
  };

  if (open.isError && open.error instanceof ApiError && open.error.status === 409) {
    return <OpenFailed error={open.error} onBack={leave} />;
  }
  const opened = open.data;
  if (opened && !opened.needsConfirmation) {
    const m = opened.measurement;
    return (
      <Stack gap="sm">
        <AddressHeading measurement={m} title="Measurement by address" />
        <MeasurementEditor
          center={{ lat: m.latitude, lng: m.longitude }}
          saved={m}
          lock={opened.lock}
          saving={save.isPending}
          onSave={(body) => save.mutate({ ...body, addressMeasurementId: m.addressMeasurementId })}
          onCancel={() => cancel.mutate(m.addressMeasurementId)}
        />
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" maw={760}>
      <Stack gap="sm">
        <Text size="sm">Measure a property that is not a customer yet: find its address, then draw its lawn.</Text>
        <AddressForm value={draft} onChange={setDraft} />
        {tried && typeof address === 'string' && (
          <Text size="sm" c="red.8" role="alert">
            {address}
          </Text>
        )}
        {open.isError && (
          <Alert color="red" role="alert" p="xs">
            {failure(open.error)}
          </Alert>
        )}
        <Group>
          <Button onClick={() => start(false)} loading={open.isPending}>
            Measure this address
          </Button>
        </Group>
        {opened?.needsConfirmation && (
          <RecentlyMeasuredDialog
            measuredAt={opened.measurement.measurementDate}
            measuredBy={opened.measurement.measuredBy}
            squareFeet={opened.measurement.squareFeet}
            onConfirm={() => start(true)}
            onDecline={() => {
              open.reset();
              adminToast.info(MEASUREIT_TEXT.editCancelled);
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

type Located = Pick<AddressMeasurement, 'streetAddress' | 'city' | 'state' | 'zip' | 'branchNo'>;

export function AddressHeading({ measurement: m, title }: { measurement: Located; title: string }) {
  return (
    <div>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" data-testid="measure-address">
        {m.streetAddress}, {m.city}, {m.state} {displayZip(m.zip)} · Branch {m.branchNo}
      </Text>
    </div>
  );
}
