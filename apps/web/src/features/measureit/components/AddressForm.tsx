/**
 * An address typed by the user, geocoded with suggestions (decision 040), and the branch it is filed under
 * (the branches of the caller's scope serving its zip). Used by the measurement by address and the commercial lead.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Autocomplete, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { GeocodeSuggestion } from '@cc/contract';
import { useGeocode, useMeasureItBranches } from '../api/queries';

export interface AddressValue {
  branchNo: string;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

/** A picked place and the fields the user may correct. */
export interface AddressDraft {
  place: { lat: number; lng: number } | null;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  branchNo: string | null;
}

export const EMPTY_ADDRESS: AddressDraft = {
  place: null,
  streetAddress: '',
  city: '',
  state: '',
  zip: '',
  branchNo: null,
};

/** The address ready to measure, or what is missing. */
export function addressOf(draft: AddressDraft): AddressValue | string {
  if (!draft.place) return 'Search for the address and pick it from the suggestions.';
  if (!draft.streetAddress.trim()) return 'Type the street address.';
  if (!draft.branchNo) return 'Choose the branch.';
  return {
    branchNo: draft.branchNo,
    streetAddress: draft.streetAddress.trim(),
    city: draft.city.trim(),
    state: draft.state.trim(),
    zip: draft.zip.trim(),
    latitude: draft.place.lat,
    longitude: draft.place.lng,
  };
}

/** A suggestion as a measurer reads an address: street, city, state and zip; the geocoder's words otherwise. */
const labelOf = (s: GeocodeSuggestion) =>
  s.street && s.city ? `${s.street}, ${s.city}, ${s.state} ${s.zip}`.trim() : s.label;

export function AddressForm({ value, onChange }: { value: AddressDraft; onChange: (next: AddressDraft) => void }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 300);
  const geocode = useGeocode(q);
  const suggestions = geocode.data?.suggestions ?? [];
  const zip5 = /^\d{5}/.test(value.zip) ? value.zip.slice(0, 5) : null;
  const branches = useMeasureItBranches(zip5, zip5 !== null);
  const branchList = useMemo(() => branches.data?.branches ?? [], [branches.data]);

  // One branch serves the zip: it is the one.
  useEffect(() => {
    const only = branchList.length === 1 ? branchList[0]!.branchNo : null;
    if (only && value.branchNo !== only) onChange({ ...value, branchNo: only });
    if (value.branchNo && branchList.length > 0 && !branchList.some((b) => b.branchNo === value.branchNo)) {
      onChange({ ...value, branchNo: only });
    }
  }, [branchList, value, onChange]);

  const pick = (label: string) => {
    const s: GeocodeSuggestion | undefined = suggestions.find((x) => labelOf(x) === label);
    if (!s) return;
    onChange({
      place: { lat: s.lat, lng: s.lng },
      streetAddress: s.street,
      city: s.city,
      state: s.state.length === 2 ? s.state : '',
      zip: s.zip,
      branchNo: null,
    });
  };

  return (
    <Stack gap="sm">
      <Autocomplete
        label="Address"
        placeholder="Street, city, state or zip"
        description="Type at least 3 characters, then pick the address"
        value={text}
        onChange={setText}
        onOptionSubmit={pick}
        data={[...new Set(suggestions.map(labelOf))]}
        filter={({ options }) => options}
        limit={5}
        rightSection={geocode.isFetching ? <Loader size="xs" role="status" aria-label="Searching" /> : null}
      />
      {geocode.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
          {geocode.error.message}
        </Alert>
      )}
      {geocode.isSuccess && q.trim().length >= 3 && suggestions.length === 0 && (
        <Text size="sm" c="gray.7">
          No address matches &ldquo;{q}&rdquo;.
        </Text>
      )}
      {value.place && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Street address"
              value={value.streetAddress}
              onChange={(e) => onChange({ ...value, streetAddress: e.currentTarget.value })}
              required
            />
            <TextInput
              label="City"
              value={value.city}
              onChange={(e) => onChange({ ...value, city: e.currentTarget.value })}
            />
            <TextInput
              label="State"
              value={value.state}
              maxLength={2}
              onChange={(e) => onChange({ ...value, state: e.currentTarget.value.toUpperCase() })}
            />
            <TextInput
              label="Zip"
              value={value.zip}
              onChange={(e) => onChange({ ...value, zip: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group align="flex-end">
            <Select
              label="Branch"
              placeholder={branches.isPending ? 'Loading…' : 'Choose the branch'}
              data={branchList.map((b) => ({ value: b.branchNo, label: `${b.branchNo} · ${b.companyName}` }))}
              value={value.branchNo}
              onChange={(branchNo) => onChange({ ...value, branchNo })}
              w={440}
            />
            {branches.isSuccess && branchList.length === 0 && (
              <Text size="sm" c="red.8" role="alert">
                No branch of yours serves zip {zip5}.
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
