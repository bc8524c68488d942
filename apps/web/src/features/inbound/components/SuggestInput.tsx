import { useEffect, type ReactNode, type Ref } from 'react';
import { Combobox, Loader, TextInput, useCombobox, type TextInputProps } from '@mantine/core';

export interface SuggestInputProps extends Omit<TextInputProps, 'onChange' | 'value' | 'rightSection'> {
  value: string;
  onChange: (value: string) => void;
  /** Suggestions from the server, already matched: shown as they come, first one highlighted. */
  options: readonly string[];
  onOptionSubmit: (value: string) => void;
  loading?: boolean;
  loadingLabel?: string;
  inputRef?: Ref<HTMLInputElement>;
  leftSection?: ReactNode;
}

/**
 * A text input with server suggestions (Mantine Combobox). The first suggestion is highlighted as soon
 * as suggestions arrive, so a CSR can type, press Enter to take it, and press Enter again to go on.
 */
export function SuggestInput({
  value,
  onChange,
  options,
  onOptionSubmit,
  loading = false,
  loadingLabel = 'Loading suggestions',
  inputRef,
  ...input
}: SuggestInputProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  useEffect(() => {
    if (options.length > 0) combobox.selectFirstOption();
    // The store is stable in behaviour but not in identity; only new options matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(option) => {
        onOptionSubmit(option);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          descriptionProps={{ c: 'gray.7' }}
          {...input}
          ref={inputRef}
          value={value}
          autoComplete="off"
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={loading ? <Loader size={14} role="status" aria-label={loadingLabel} /> : null}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {options.map((option) => (
            <Combobox.Option value={option} key={option}>
              {option}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
