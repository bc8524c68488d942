import { DayRangePicker, type DayRange } from '../../../components/DayRangePicker';
import { tomorrow } from '../history-range';

export type { DayRange };

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
