import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';

export interface EditValueDialogProps {
  opened: boolean;
  title: string;
  label: string;
  /** What the value is now, shown and used as the start value. */
  current: number;
  min: number;
  max: number;
  /** Decimals allowed: 0 for a round count, 2 for dollars and percents. */
  decimals: 0 | 2;
  prefix?: string;
  suffix?: string;
  hint?: string;
  onSave: (value: number) => void;
  /** Cancel, the close button, Escape or a click outside: the caller shows the spec's cancel toast. */
  onCancel: () => void;
  'data-testid'?: string;
}

/**
 * One dialog for the four pricing edits (lawn-care round count and price, call and prepay discount). The value
 * must be inside its bounds before it can be saved; anything else closing the dialog is a cancel.
 */
export function EditValueDialog(props: EditValueDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid={props['data-testid']}
    >
      {props.opened ? <EditValueForm {...props} /> : null}
    </Modal>
  );
}

function EditValueForm({
  label,
  current,
  min,
  max,
  decimals,
  prefix,
  suffix,
  hint,
  onSave,
  onCancel,
}: EditValueDialogProps) {
  const [value, setValue] = useState<number | string>(current);
  const [error, setError] = useState<string | null>(null);
  const bounds = `${prefix ?? ''}${min.toFixed(decimals)}${suffix ?? ''} to ${prefix ?? ''}${max.toFixed(decimals)}${suffix ?? ''}`;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const n = typeof value === 'number' ? value : Number(value);
        const scaled = n * 10 ** decimals;
        if (value === '' || !Number.isFinite(n) || n < min || n > max || Math.abs(scaled - Math.round(scaled)) > 1e-6) {
          setError(
            decimals === 0
              ? `Enter a whole number from ${bounds}.`
              : `Enter a value from ${bounds}, at most 2 decimals.`,
          );
          return;
        }
        onSave(Number(n.toFixed(decimals)));
      }}
    >
      <Stack gap="sm">
        <NumberInput
          label={label}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          min={min}
          max={max}
          decimalScale={decimals}
          fixedDecimalScale={decimals === 2 && prefix === '$'}
          allowNegative={false}
          allowDecimal={decimals > 0}
          prefix={prefix}
          suffix={suffix}
          clampBehavior="none"
          error={error}
          description={hint ?? `From ${bounds}.`}
          data-autofocus
        />
        <Text size="xs" c="gray.7">
          Now {prefix ?? ''}
          {current.toFixed(decimals)}
          {suffix ?? ''}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
