import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import dayjs from 'dayjs';

export type DayRange = DatesRangeValue<string>;
export const DAY = 'YYYY-MM-DD';

/** The history ranges default from 3 years ago to tomorrow; tomorrow is also the latest day (§2, §9). */
export function tomorrow(): string {
  return dayjs().add(1, 'day').format(DAY);
}
export function defaultHistoryRange(): [string, string] {
  return [dayjs().subtract(3, 'year').format(DAY), tomorrow()];
}

export interface DayRangeInputProps {
  label: string;
  value: DayRange;
  onChange: (value: DayRange) => void;
  'data-testid'?: string;
}

/** A from/to day range, at most tomorrow. */
export function DayRangeInput({ label, value, onChange, 'data-testid': testId }: DayRangeInputProps) {
  return (
    <DatePickerInput
      type="range"
      size="xs"
      w={240}
      label={label}
      placeholder="Pick dates"
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      value={value}
      onChange={onChange}
      maxDate={tomorrow()}
      valueFormat="MMM D, YYYY"
      allowSingleDateInRange
      popoverProps={{ withinPortal: true }}
      ariaLabels={{
        previousMonth: 'Previous month',
        nextMonth: 'Next month',
        previousYear: 'Previous year',
        nextYear: 'Next year',
        previousDecade: 'Previous decade',
        nextDecade: 'Next decade',
        monthLevelControl: 'Choose a month',
        yearLevelControl: 'Choose a year',
      }}
      data-testid={testId}
    />
  );
}
