import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy, IconRefresh, IconSearch } from '@tabler/icons-react';
import { CustomerUpdateRequest, type Customer } from '@cc/contract';
import { CUSTOMER_CHANGED_MESSAGE, displayZip } from '@cc/domain';
import { ApiError } from '../../../lib/api';
import { CUSTOMER_TYPES, type CustomerEdit } from '../customer-edits';
import { BusyButton } from '../../../components/BusyButton';

const LABELS: Record<keyof CustomerEdit, string> = {
  customerType: 'Customer type',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  streetNo: 'Street no.',
  preDir: 'Pre dir.',
  streetNm: 'Street name',
  suffix: 'Suffix',
  postDir: 'Post dir.',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  lawnSize: 'Lawn size',
  homePhone: 'Home phone',
  workPhone: 'Work phone',
  cellPhone: 'Cell phone',
};

type FormValues = Omit<CustomerEdit, 'lawnSize'> & { lawnSize: number | string };

function valuesOf(customer: Customer): FormValues {
  return {
    customerType: customer.customerType as CustomerEdit['customerType'],
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    streetNo: customer.streetNo,
    preDir: customer.preDir,
    streetNm: customer.streetNm,
    suffix: customer.suffix,
    postDir: customer.postDir,
    city: customer.city,
    state: customer.state,
    // Nine digits show as 5-4 here as everywhere (§5); the contract takes either form.
    zip: customer.zip === 'N/A' ? '' : displayZip(customer.zip),
    lawnSize: customer.lawnSize,
    homePhone: customer.homePhone,
    workPhone: customer.workPhone,
    cellPhone: customer.cellPhone,
  };
}

/** Field messages of the contract ('is required') read as sentences: 'First name is required'. */
function sentence(field: string, message: string): string {
  const label = LABELS[field as keyof CustomerEdit];
  return label ? `${label} ${message}` : message;
}

/** The fields the dialog edits; the version is the screen's to send. */
const EditedFields = CustomerUpdateRequest.omit({ version: true });

function validate(values: FormValues): Record<string, string> {
  const parsed = EditedFields.safeParse({
    ...values,
    lawnSize: values.lawnSize === '' ? undefined : Number(values.lawnSize),
  });
  const errors: Record<string, string> = {};
  if (values.lawnSize === '') errors.lawnSize = 'Lawn size is required';
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      errors[key] ??= sentence(key, issue.message);
    }
  }
  return errors;
}

export interface EditCustomerDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  customer: Customer | null;
  /** Saves the edit (the server for existing customers, the screen for new or unknown ones). */
  onSave: (edit: CustomerEdit) => Promise<void>;
  /** The customer lookup grid (§2): its Select returns the account number the call is about. */
  onLookup?: () => void;
  /** Reads the stored customer again (after another user changed it); answers it. */
  onReload?: () => Promise<Customer | null>;
}

/**
 * The edit-customer dialog: the fields of CustomerUpdateRequest. Phones go as typed; the server
 * normalises North American numbers and keeps others, and the panel shows its answer.
 */
export function EditCustomerDialog({
  opened,
  onClose,
  stackId,
  customer,
  onSave,
  onLookup,
  onReload,
}: EditCustomerDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title="Edit Customer"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="edit-customer-dialog"
    >
      {opened && customer ? (
        <EditCustomerForm
          customer={customer}
          onSave={onSave}
          onCancel={onClose}
          onLookup={onLookup}
          onReload={onReload}
        />
      ) : null}
    </Modal>
  );
}

interface EditCustomerFormProps {
  customer: Customer;
  onSave: (edit: CustomerEdit) => Promise<void>;
  onCancel: () => void;
  onLookup: (() => void) | undefined;
  onReload: (() => Promise<Customer | null>) | undefined;
}

function EditCustomerForm({ customer, onSave, onCancel, onLookup, onReload }: EditCustomerFormProps) {
  const edit = useCustomerEdit(customer, onSave, onReload);
  const { form, saving } = edit;
  return (
    <form onSubmit={form.onSubmit((values) => void edit.submit(values))} noValidate>
      <Stack gap="sm">
        {edit.failure ? (
          <SaveFailure
            failure={edit.failure}
            onReload={edit.stale && onReload ? () => void edit.reload() : undefined}
            busy={saving}
          />
        ) : null}
        <CustomerFields form={form} />
        <Group justify="space-between" gap="sm" mt="xs">
          {onLookup ? (
            <Button variant="default" leftSection={<IconSearch size={16} aria-hidden />} onClick={onLookup}>
              Look up account
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={saving} leftSection={<IconDeviceFloppy size={16} />}>
              Save
            </BusyButton>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The form's values, saving and reloading, and what went wrong with the last save. */
function useCustomerEdit(
  customer: Customer,
  onSave: (edit: CustomerEdit) => Promise<void>,
  onReload: (() => Promise<Customer | null>) | undefined,
) {
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: valuesOf(customer), validate });
  const [failure, setFailure] = useState<string | null>(null);
  /** Another user changed the customer since the dialog opened: the edit was refused, reloading is offered. */
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);

  const reload = async () => {
    if (!onReload) return;
    setSaving(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        form.setValues(valuesOf(fresh));
        form.resetDirty(valuesOf(fresh));
      }
      setFailure(null);
      setStale(false);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const submit = async (values: FormValues) => {
    setFailure(null);
    setStale(false);
    setSaving(true);
    try {
      await onSave({ ...values, lawnSize: Number(values.lawnSize) });
    } catch (error) {
      setStale(error instanceof ApiError && error.status === 409 && error.message === CUSTOMER_CHANGED_MESSAGE);
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        form.setErrors(
          Object.fromEntries(Object.entries(error.errors).map(([key, message]) => [key, sentence(key, message)])),
        );
      }
      setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return { form, failure, stale, saving, reload, submit };
}

/** Why the save failed; a reload of the customer is offered when another user changed it meanwhile. */
function SaveFailure({ failure, onReload, busy }: { failure: string; onReload?: () => void; busy: boolean }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" p="xs">
      <Stack gap="xs" align="flex-start">
        <span>{failure}</span>
        {onReload ? (
          <BusyButton
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onReload}
            busy={busy}
          >
            Reload customer
          </BusyButton>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The customer's fields: name and type, the service address with the lawn size, and the contact. */
function CustomerFields({ form }: { form: UseFormReturnType<FormValues> }) {
  const text = (name: keyof Omit<FormValues, 'lawnSize' | 'customerType'>, extra: object = {}) => ({
    label: LABELS[name],
    ...form.getInputProps(name),
    ...extra,
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput {...text('firstName', { required: true, maxLength: 50, 'data-autofocus': true })} />
        <TextInput {...text('lastName', { required: true, maxLength: 50 })} />
        <Select
          label={LABELS.customerType}
          data={[...CUSTOMER_TYPES]}
          allowDeselect={false}
          {...form.getInputProps('customerType')}
        />
      </SimpleGrid>
      <Text size="xs" fw={600} c="gray.7" mt={4}>
        Service address
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" verticalSpacing="xs">
        <TextInput {...text('streetNo', { maxLength: 12 })} />
        <TextInput {...text('preDir', { maxLength: 4 })} />
        <TextInput {...text('streetNm', { maxLength: 60 })} />
        <TextInput {...text('suffix', { maxLength: 10 })} />
        <TextInput {...text('postDir', { maxLength: 4 })} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput {...text('city', { maxLength: 50 })} />
        <TextInput {...text('state', { maxLength: 2 })} />
        <TextInput {...text('zip', { maxLength: 10, inputMode: 'numeric' })} />
        <NumberInput
          label={LABELS.lawnSize}
          min={0}
          max={1000}
          decimalScale={2}
          step={0.25}
          {...form.getInputProps('lawnSize')}
        />
      </SimpleGrid>
      <Text size="xs" fw={600} c="gray.7" mt={4}>
        Contact
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput {...text('homePhone', { type: 'tel', maxLength: 30 })} />
        <TextInput {...text('workPhone', { type: 'tel', maxLength: 30 })} />
        <TextInput {...text('cellPhone', { type: 'tel', maxLength: 30 })} />
        <TextInput {...text('email', { type: 'email', maxLength: 200 })} />
      </SimpleGrid>
    </>
  );
}
