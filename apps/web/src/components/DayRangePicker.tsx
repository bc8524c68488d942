import { DatePickerInput, type DatePickerInputProps, type DatesRangeValue } from '@mantine/dates';

/** A whole-day range as the API takes it: 'YYYY-MM-DD' or null for an open end. */
export type DayRange = DatesRangeValue<string>;
export const DAY = 'YYYY-MM-DD';

/** Names for the calendar's controls, which have none of their own (icons only). */
const CALENDAR_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/**
 * What every day picker of the app shares: named navigation, a dropdown above dialogs, and a calendar that reads at
 * WCAG AA — Mantine's light weekday grey, red weekends (3.28:1 on white, 2.58:1 inside a chosen range) and dimmed days
 * of the next and previous months fall short, so weekdays are darker, weekends look like any day (the weekday row still
 * says which they are) and only the month's own days are shown; the picker is a button, so its placeholder is text too.
 */
export const CALENDAR_PROPS = {
  ariaLabels: CALENDAR_ARIA_LABELS,
  popoverProps: { withinPortal: true },
  weekendDays: [] as DatePickerInputProps['weekendDays'],
  hideOutsideDates: true,
  styles: {
    weekday: { color: 'var(--mantine-color-gray-7)' },
    placeholder: { color: 'var(--mantine-color-gray-7)' },
  },
};

/** The clear button's name: an icon alone says nothing to a screen reader (axe `button-name`). */
export const clearLabel = (label: string) => `Clear the range: ${label}`;

export type DayRangePickerProps = Omit<DatePickerInputProps<'range'>, 'type' | 'value' | 'onChange'> & {
  label: string;
  value: DayRange;
  onChange: (value: DayRange) => void;
  'data-testid'?: string;
};

/**
 * The app's compact from/to day picker: one day allowed, the calendar every picker shares (`CALENDAR_PROPS`), and a
 * clear button (where a screen makes the range clearable) that says what it clears. Screens add what differs (latest
 * day, presets, clearing).
 */
export function DayRangePicker({ styles, clearButtonProps, ...props }: DayRangePickerProps) {
  return (
    <DatePickerInput
      type="range"
      size="xs"
      valueFormat="MMM D, YYYY"
      allowSingleDateInRange
      {...CALENDAR_PROPS}
      styles={{ ...CALENDAR_PROPS.styles, ...(styles as object) }}
      clearButtonProps={{ 'aria-label': clearLabel(props.label), ...clearButtonProps }}
      {...props}
    />
  );
}
