import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingStore, IconPhonePlus } from '@tabler/icons-react';
import type { FranchiseSummary, InboundRow } from '@cc/contract';
import { submitAddCall, type AddCallErrors, type AddCallFields } from '../add-call';
import { useFranchiseLookup } from '../api/franchiseLookup';
import { useValidateZipCode } from '../api/validateZipCode';
import { useRandomDebounce } from '../hooks/useRandomDebounce';
import { branchExample, franchisePlaceholder } from '../branch-example';
import { SuggestInput } from './SuggestInput';
import { BusyButton } from '../../../components/BusyButton';

/** 'SG101 · Green Meadows Lawn Care · Naperville, IL' */
export const franchiseLabel = (f: FranchiseSummary) => `${f.branchNo} · ${f.compName} · ${f.city}, ${f.state}`;

export interface AddCallPrefill {
  firstname: string;
  lastname: string;
  phone: string;
  zip: string;
  /** Set when exactly one branch in scope serves the searched zip, or a screen pop's dialled number names one. */
  franchise: FranchiseSummary | null;
}

export interface AddCallDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  onExitTransitionEnd?: () => void;
  prefill: AddCallPrefill;
  /** Cancel: the page closes the dialog and says 'Search Again...'. */
  onCancel: () => void;
  /** The chosen franchise does not serve the zip: the page shows the zip-not-serviced alert. */
  onZipNotServiced: () => void;
  /** The new prospect's call row (customer number 0). */
  onAdd: (theCall: InboundRow) => void;
}

/** The add-call dialog, opened when a search has no hits: a new prospect call for a chosen franchise. */
export function AddCallDialog({
  opened,
  onClose,
  stackId,
  onExitTransitionEnd,
  prefill,
  onCancel,
  onZipNotServiced,
  onAdd,
}: AddCallDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      onExitTransitionEnd={onExitTransitionEnd}
      // The page places the focus when the dialog has gone (see AlertDialog): no second, racing return.
      returnFocus={false}
      title="Add Call"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="add-call-dialog"
    >
      {opened ? (
        <AddCallForm prefill={prefill} onCancel={onCancel} onZipNotServiced={onZipNotServiced} onAdd={onAdd} />
      ) : null}
    </Modal>
  );
}

function AddCallForm({
  prefill,
  onCancel,
  onZipNotServiced,
  onAdd,
}: Omit<AddCallDialogProps, 'opened' | 'onClose' | 'stackId' | 'onExitTransitionEnd'>) {
  const [franchiseText, setFranchiseText] = useState(prefill.franchise ? franchiseLabel(prefill.franchise) : '');
  const [franchise, setFranchise] = useState<FranchiseSummary | null>(prefill.franchise);
  const [person, setPerson] = useState<ProspectPerson>({
    firstName: prefill.firstname,
    lastName: prefill.lastname,
    phone: prefill.phone,
    zip: prefill.zip,
  });
  const [errors, setErrors] = useState<AddCallErrors>({});
  const validate = useValidateZipCode();

  // The branch-number prefix: what is typed before the first ' · ' of a shown label.
  const prefix = useRandomDebounce(franchiseText.split(' · ')[0]?.trim() ?? '', 300);
  const lookup = useFranchiseLookup(prefix, franchise === null);
  // Every branch the user reaches (an empty prefix), for an example of the user's own.
  const reached = useFranchiseLookup('');
  const example = branchExample((reached.data?.franchises ?? []).map((f) => f.branchNo));
  const byLabel = useMemo(
    () => new Map((lookup.data?.franchises ?? []).map((f) => [franchiseLabel(f), f] as const)),
    [lookup.data],
  );
  const options = useMemo(() => (franchise ? [] : [...byLabel.keys()]), [franchise, byLabel]);

  const submit = () =>
    submitAddCall(
      { franchise, ...person },
      {
        showErrors: setErrors,
        checkZip: (zip, branchno) => validate.mutateAsync({ zip, branchno }).catch(() => null),
        onZipNotServiced,
        onAdd,
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          No customer matched the search. Add a call for a new prospect: choose the franchise that serves the caller.
        </Text>
        {validate.error ? (
          <Alert color="red" role="alert">
            {validate.error.message}
          </Alert>
        ) : null}
        <SuggestInput
          label="Franchise"
          placeholder={franchisePlaceholder(example)}
          description="Search by branch-number prefix, then choose from the list."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          data-autofocus={prefill.franchise ? undefined : true}
          value={franchiseText}
          options={options}
          leftSection={<IconBuildingStore size={16} />}
          loading={lookup.isFetching}
          loadingLabel="Loading franchises"
          error={errors.franchise ?? (lookup.error ? `Franchises are unavailable: ${lookup.error.message}` : undefined)}
          onOptionSubmit={(value) => {
            setFranchiseText(value);
            setFranchise(byLabel.get(value) ?? null);
            setErrors((e) => ({ ...e, franchise: undefined }));
          }}
          onChange={(value) => {
            setFranchiseText(value);
            if (franchise && value !== franchiseLabel(franchise)) setFranchise(null);
          }}
          data-testid="franchise-input"
        />
        <ProspectFields
          person={person}
          onChange={(change) => setPerson((p) => ({ ...p, ...change }))}
          zipError={errors.zip}
          onZipEdited={() => setErrors((x) => ({ ...x, zip: undefined }))}
          zipFirst={prefill.franchise !== null}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <BusyButton type="submit" busy={validate.isPending} leftSection={<IconPhonePlus size={16} />}>
            Add Call
          </BusyButton>
        </Group>
      </Stack>
    </form>
  );
}

type ProspectPerson = Omit<AddCallFields, 'franchise'>;

/** The caller's name, phone and zip; the zip takes the focus when the franchise is already chosen. */
function ProspectFields({
  person,
  onChange,
  zipError,
  onZipEdited,
  zipFirst,
}: {
  person: ProspectPerson;
  onChange: (change: Partial<ProspectPerson>) => void;
  zipError: string | undefined;
  onZipEdited: () => void;
  zipFirst: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      <TextInput
        label="First name"
        value={person.firstName}
        maxLength={50}
        onChange={(e) => onChange({ firstName: e.currentTarget.value })}
      />
      <TextInput
        label="Last name"
        value={person.lastName}
        maxLength={50}
        onChange={(e) => onChange({ lastName: e.currentTarget.value })}
      />
      <TextInput
        label="Phone"
        type="tel"
        value={person.phone}
        maxLength={30}
        onChange={(e) => onChange({ phone: e.currentTarget.value })}
      />
      <TextInput
        label="Zip"
        required
        inputMode="numeric"
        value={person.zip}
        maxLength={10}
        data-autofocus={zipFirst ? true : undefined}
        error={zipError}
        onChange={(e) => {
          onChange({ zip: e.currentTarget.value });
          onZipEdited();
        }}
      />
    </SimpleGrid>
  );
}
