/**
 * A property that is not a customer, measured by its address (decision 040): the address geocoded and filed
 * under a branch, got for edit (its lock, the recently-measured question), measured and saved ('Property Measurement
 * by Address Saved...') or cancelled ('Measurement Edit Cancelled...').
 */
import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { AddressMeasurement } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { api, ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { useMeasurementActions } from '../hooks/useMeasurementActions';
import type { SaveBody } from '../model';
import { MEASUREIT_TEXT } from '../texts';
import { AddressForm, addressOf, EMPTY_ADDRESS, type AddressDraft, type AddressValue } from './AddressForm';
import { OpenFailed } from './EditAccess';
import { MeasurementEditor } from './MeasurementEditor';
import { StartPanel } from './StartPanel';

export function ByAddressMeasurement({ closeOnSave }: { closeOnSave: boolean }) {
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [tried, setTried] = useState(false);
  const open = useMutation({
    mutationFn: (args: AddressValue & { confirm: boolean }) => api('measureItGetAddressMeasurement', { body: args }),
  });
  const { save, cancel, leave } = useMeasurementActions({
    closeOnSave,
    savedText: MEASUREIT_TEXT.addressSaved,
    save: (body: SaveBody & { addressMeasurementId: number }, requestId) =>
      api('measureItCompleteAddressMeasurement', { body: { ...body, requestId } }),
    cancel: (addressMeasurementId) => api('measureItCancelAddressMeasurement', { body: { addressMeasurementId } }),
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
          imagePath={m.ImagePath}
          imageOf={m.streetAddress}
          lock={opened.lock}
          saving={save.isPending}
          onSave={(body) => save.mutate({ ...body, addressMeasurementId: m.addressMeasurementId })}
          onCancel={() => cancel.mutate(m.addressMeasurementId)}
        />
      </Stack>
    );
  }
  return (
    <StartPanel
      intro="Measure a property that is not a customer yet: find its address, then draw its lawn."
      problem={tried && typeof address === 'string' ? address : null}
      error={open.error}
      pending={open.isPending}
      action="Measure this address"
      recent={opened?.needsConfirmation ? opened.measurement : null}
      onStart={start}
      onDecline={() => {
        open.reset();
        adminToast.info(MEASUREIT_TEXT.editCancelled);
      }}
    >
      <AddressForm value={draft} onChange={setDraft} />
    </StartPanel>
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
