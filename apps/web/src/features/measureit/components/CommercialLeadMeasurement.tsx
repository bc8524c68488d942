/**
 * A commercial lead measured (decision 040): its business name and address (geocoded, filed under a branch), got
 * for edit, measured with its contact kept beside the measurement, saved ('Commercial Lead Property Measurement
 * Saved...') or cancelled ('Measurement Edit Cancelled...').
 */
import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { CommercialLead } from '@cc/contract';
import { api, ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { useMeasurementActions } from '../hooks/useMeasurementActions';
import type { SaveBody } from '../model';
import { MEASUREIT_TEXT } from '../texts';
import { AddressForm, addressOf, EMPTY_ADDRESS, type AddressDraft, type AddressValue } from './AddressForm';
import { AddressHeading } from './ByAddressMeasurement';
import { OpenFailed } from './EditAccess';
import { MeasurementEditor } from './MeasurementEditor';
import { StartPanel } from './StartPanel';

type Contact = Pick<CommercialLead, 'contactName' | 'contactPhone' | 'contactEmail' | 'notes'>;

export function CommercialLeadMeasurement({ closeOnSave }: { closeOnSave: boolean }) {
  const [businessName, setBusinessName] = useState('');
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [contact, setContact] = useState<Contact>({ contactName: '', contactPhone: '', contactEmail: '', notes: '' });
  const [tried, setTried] = useState(false);

  const open = useMutation({
    mutationFn: (args: AddressValue & { businessName: string; confirm: boolean }) =>
      api('measureItGetCommercialLead', { body: args }),
    onSuccess: (answer) => {
      const l = answer.lead;
      setContact({
        contactName: l.contactName,
        contactPhone: l.contactPhone,
        contactEmail: l.contactEmail,
        notes: l.notes,
      });
    },
  });
  const { save, cancel, leave } = useMeasurementActions({
    closeOnSave,
    savedText: MEASUREIT_TEXT.commercialSaved,
    save: (body: SaveBody & { commercialLeadId: number }, requestId) =>
      api('measureItCompleteCommercialLead', { body: { ...body, ...contact, requestId } }),
    cancel: (commercialLeadId) => api('measureItCancelCommercialLead', { body: { commercialLeadId } }),
  });

  const address = addressOf(draft);
  const problem = !businessName.trim() ? 'Type the business name.' : typeof address === 'string' ? address : null;
  const start = (confirm: boolean) => {
    setTried(true);
    if (problem === null && typeof address !== 'string') {
      open.mutate({ ...address, businessName: businessName.trim(), confirm });
    }
  };

  if (open.isError && open.error instanceof ApiError && open.error.status === 409) {
    return <OpenFailed error={open.error} onBack={leave} />;
  }
  const opened = open.data;
  if (opened && !opened.needsConfirmation) {
    const l = opened.lead;
    const field = (name: keyof Contact) => ({
      value: contact[name],
      onChange: (e: { currentTarget: { value: string } }) => {
        // Read now: the event's target is gone by the time React runs the update.
        const next = e.currentTarget.value;
        setContact((c) => ({ ...c, [name]: next }));
      },
    });
    return (
      <Stack gap="sm">
        <AddressHeading measurement={l} title={l.businessName} />
        <MeasurementEditor
          center={{ lat: l.latitude, lng: l.longitude }}
          saved={l}
          imagePath={l.ImagePath}
          imageOf={l.streetAddress}
          lock={opened.lock}
          saving={save.isPending}
          onSave={(body) => save.mutate({ ...body, commercialLeadId: l.commercialLeadId })}
          onCancel={() => cancel.mutate(l.commercialLeadId)}
        >
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <TextInput label="Contact name" maxLength={100} {...field('contactName')} />
              <TextInput label="Contact phone" maxLength={30} {...field('contactPhone')} />
              <TextInput label="Contact email" type="email" maxLength={200} {...field('contactEmail')} />
              <Textarea label="Notes" autosize minRows={2} maxLength={2000} {...field('notes')} />
            </Stack>
          </Paper>
        </MeasurementEditor>
      </Stack>
    );
  }
  return (
    <StartPanel
      intro="Measure a business's grounds for a commercial quote."
      problem={tried ? problem : null}
      error={open.error}
      pending={open.isPending}
      action="Measure this lead"
      recent={opened?.needsConfirmation ? opened.lead : null}
      onStart={start}
      onDecline={() => {
        open.reset();
        adminToast.info(MEASUREIT_TEXT.editCancelled);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Business name"
          value={businessName}
          onChange={(e) => setBusinessName(e.currentTarget.value)}
          maxLength={100}
          required
        />
      </SimpleGrid>
      <AddressForm value={draft} onChange={setDraft} />
    </StartPanel>
  );
}
