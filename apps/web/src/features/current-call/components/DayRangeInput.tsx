import dayjs from 'dayjs';
import { DAY, DayRangePicker, type DayRange } from '../../../components/DayRangePicker';

export type { DayRange };

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
    <DayRangePicker
      w={240}
      label={label}
      placeholder="Pick dates"
      value={value}
      onChange={onChange}
      maxDate={tomorrow()}
      data-testid={testId}
    />
  );
}
