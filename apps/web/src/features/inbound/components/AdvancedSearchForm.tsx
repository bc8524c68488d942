import type { RefObject } from 'react';
import { Button, Grid, Group, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEraser, IconSearch } from '@tabler/icons-react';
import type { InboundCriteria } from '@cc/contract';
import { BusyButton } from '../../../components/BusyButton';

export type AdvancedCriteria = Required<Omit<InboundCriteria, 'fulladdress' | 'cust_no'>> & { cust_no: string };

export const EMPTY_ADVANCED: AdvancedCriteria = {
  lastname: '',
  firstname: '',
  phone: '',
  email: '',
  cust_no: '',
  branchno: '',
  streetno: '',
  streetnm: '',
  city: '',
  state: '',
  zip: '',
};

/** The fields in the order a CSR fills them: callers give their last name first. */
const FIELDS: { key: keyof AdvancedCriteria; label: string; span: { base: number; sm: number; lg: number } }[] = [
  { key: 'lastname', label: 'Last name', span: { base: 6, sm: 4, lg: 3 } },
  { key: 'firstname', label: 'First name', span: { base: 6, sm: 4, lg: 3 } },
  { key: 'phone', label: 'Phone', span: { base: 6, sm: 4, lg: 2 } },
  { key: 'email', label: 'Email', span: { base: 6, sm: 6, lg: 4 } },
  { key: 'cust_no', label: 'Cust No', span: { base: 6, sm: 3, lg: 2 } },
  { key: 'branchno', label: 'Branch', span: { base: 6, sm: 3, lg: 2 } },
  { key: 'streetno', label: 'Street No', span: { base: 4, sm: 3, lg: 1 } },
  { key: 'streetnm', label: 'Street Name', span: { base: 8, sm: 5, lg: 3 } },
  { key: 'city', label: 'City', span: { base: 6, sm: 4, lg: 2 } },
  { key: 'state', label: 'State', span: { base: 3, sm: 2, lg: 1 } },
  { key: 'zip', label: 'Zip', span: { base: 3, sm: 3, lg: 1 } },
];

const MAX_LENGTH: Record<keyof AdvancedCriteria, number> = {
  lastname: 50,
  firstname: 50,
  phone: 30,
  email: 100,
  cust_no: 10,
  branchno: 10,
  streetno: 12,
  streetnm: 60,
  city: 50,
  state: 2,
  zip: 10,
};

export interface AdvancedSearchFormProps {
  onSearch: (criteria: AdvancedCriteria) => void;
  searching: boolean;
  lastNameRef: RefObject<HTMLInputElement | null>;
  /** The criteria to show at first: the search the CSR returns to after cancelling a call. */
  initial?: AdvancedCriteria | undefined;
}

/** Advanced Search: any of eleven fields; Search or Enter in any field searches; Clear resets. */
export function AdvancedSearchForm({ onSearch, searching, lastNameRef, initial }: AdvancedSearchFormProps) {
  const form = useForm<AdvancedCriteria>({
    mode: 'controlled',
    initialValues: initial ?? EMPTY_ADVANCED,
    validate: {
      cust_no: (v) => (/^\d*$/.test(v.trim()) ? null : 'Cust No must be a whole number.'),
      state: (v) => (/^([A-Za-z]{2})?$/.test(v.trim()) ? null : 'Use the 2-letter state code.'),
      phone: (v) => (v.trim() === '' || v.replace(/\D/g, '').length >= 3 ? null : 'Enter at least 3 digits.'),
      zip: (v) => (v.trim() === '' || /\d/.test(v) ? null : 'Enter the zip code digits.'),
    },
  });
  const showEmptyError = form.errors.form !== undefined;

  const submit = form.onSubmit((values) => {
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, k === 'state' ? v.trim().toUpperCase() : v.trim()]),
    ) as AdvancedCriteria;
    if (Object.values(trimmed).every((v) => v === '')) {
      form.setFieldError('form', 'Fill in at least one field to search.');
      return;
    }
    onSearch(trimmed);
  });

  return (
    <form
      onSubmit={submit}
      onReset={() => {
        // Clear empties every field, whatever the form started with.
        form.setValues(EMPTY_ADVANCED);
        form.clearErrors();
        lastNameRef.current?.focus();
      }}
      noValidate
    >
      <Grid gap="xs">
        {FIELDS.map((field) => (
          <Grid.Col key={field.key} span={field.span}>
            <TextInput
              ref={field.key === 'lastname' ? lastNameRef : undefined}
              label={field.label}
              maxLength={MAX_LENGTH[field.key]}
              autoComplete="off"
              inputMode={field.key === 'cust_no' || field.key === 'zip' ? 'numeric' : undefined}
              type={field.key === 'email' ? 'email' : field.key === 'phone' ? 'tel' : 'text'}
              {...form.getInputProps(field.key)}
              onChange={(event) => {
                form.setFieldValue(field.key, event.currentTarget.value);
                if (form.errors.form) form.clearFieldError('form');
              }}
            />
          </Grid.Col>
        ))}
      </Grid>
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm" c={showEmptyError ? 'red.8' : 'gray.7'} role={showEmptyError ? 'alert' : undefined}>
          {showEmptyError ? form.errors.form : 'Fill in any fields, then press Enter or Search.'}
        </Text>
        <Group gap="sm">
          <Button type="reset" variant="default" leftSection={<IconEraser size={16} />}>
            Clear
          </Button>
          <BusyButton type="submit" busy={searching} leftSection={<IconSearch size={16} />}>
            Search
          </BusyButton>
        </Group>
      </Group>
    </form>
  );
}
