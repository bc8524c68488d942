import { useMemo, type Ref } from 'react';
import { Group, Text } from '@mantine/core';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import type { AddressSuggestion } from '@cc/contract';
import { AUTOCOMPLETE_MIN_CHARS, useAutocompleteAddress } from '../api/autocompleteAddress';
import { useRandomDebounce } from '../hooks/useRandomDebounce';
import { SuggestInput } from './SuggestInput';
import { BusyButton } from '../../../components/BusyButton';

/** The address autocomplete waits a random delay of up to 300 ms (call-handling.md §9). */
export const AUTOCOMPLETE_MAX_DELAY_MS = 300;

export interface AddressSearchFormProps {
  /** What is typed in the Address input. */
  text: string;
  onTextChange: (text: string) => void;
  /** The suggestion chosen from the list; search is enabled only with one. */
  chosen: AddressSuggestion | null;
  onChoose: (suggestion: AddressSuggestion | null) => void;
  onSearch: (suggestion: AddressSuggestion) => void;
  searching: boolean;
  inputRef: Ref<HTMLInputElement>;
}

/** Address Search: one autocomplete input; Search (or Enter) once a full address has been chosen. */
export function AddressSearchForm({
  text,
  onTextChange,
  chosen,
  onChoose,
  onSearch,
  searching,
  inputRef,
}: AddressSearchFormProps) {
  const debounced = useRandomDebounce(text, AUTOCOMPLETE_MAX_DELAY_MS);
  const suggestions = useAutocompleteAddress(debounced, chosen === null);
  const byAddress = useMemo(() => {
    const map = new Map<string, AddressSuggestion>();
    for (const s of suggestions.data?.suggestions ?? []) if (!map.has(s.fulladdress)) map.set(s.fulladdress, s);
    return map;
  }, [suggestions.data]);

  const tooShort = text.trim().length < AUTOCOMPLETE_MIN_CHARS;
  const options = useMemo(() => (tooShort || chosen ? [] : [...byAddress.keys()]), [tooShort, chosen, byAddress]);
  const description = chosen
    ? 'Address chosen. Press Enter or Search.'
    : tooShort
      ? `Type at least ${AUTOCOMPLETE_MIN_CHARS} characters, then choose a full address from the list.`
      : 'Choose a full address from the list to enable Search.';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onSearch(chosen);
      }}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <SuggestInput
          inputRef={inputRef}
          label="Address"
          placeholder="Start typing a street address, e.g. 1200 Oak"
          description={description}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          flex={1}
          value={text}
          options={options}
          leftSection={<IconMapPin size={16} />}
          loading={suggestions.isFetching}
          error={suggestions.error ? `Address suggestions are unavailable: ${suggestions.error.message}` : undefined}
          onOptionSubmit={(value) => {
            onTextChange(value);
            onChoose(byAddress.get(value) ?? null);
          }}
          onChange={(value) => {
            onTextChange(value);
            if (chosen && value !== chosen.fulladdress) onChoose(null);
          }}
          data-testid="address-input"
        />
        <BusyButton type="submit" mt={24} disabled={!chosen} busy={searching} leftSection={<IconSearch size={16} />}>
          Search
        </BusyButton>
      </Group>
      {!tooShort &&
      !chosen &&
      debounced === text &&
      suggestions.isSuccess &&
      !suggestions.isPlaceholderData &&
      byAddress.size === 0 ? (
        <Text size="sm" c="gray.7" mt={6} role="status">
          No addresses match. Try the Advanced Search tab.
        </Text>
      ) : null}
    </form>
  );
}
