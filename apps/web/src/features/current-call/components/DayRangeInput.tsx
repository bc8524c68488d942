import dayjs from 'dayjs';
import { DAY, DayRangePicker, type DayRange } from '../../../components/DayRangePicker';
import { callTimeOf } from '../end-call';

export type { DayRange };

/** Today in the call centre's time zone (America/Chicago, §9), whatever the browser's zone. */
function callCentreToday(): dayjs.Dayjs {
  return dayjs(callTimeOf(new Date()).slice(0, 10));
}

/** The history ranges default from 3 years ago to tomorrow; tomorrow is also the latest day (§2, §9). */
export function tomorrow(): string {
  return callCentreToday().add(1, 'day').format(DAY);
}
export function defaultHistoryRange(): [string, string] {
  return [callCentreToday().subtract(3, 'year').format(DAY), tomorrow()];
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
