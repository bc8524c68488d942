import type { DatePickerPreset } from '@mantine/dates';
import dayjs from 'dayjs';
import { DAY, DayRangePicker, type DayRange } from '../../../components/DayRangePicker';

export type { DayRange };
export const NO_RANGE: DayRange = [null, null];

function presets(): DatePickerPreset<'range'>[] {
  const today = dayjs();
  const day = (d: dayjs.Dayjs) => d.format(DAY);
  return [
    { label: 'Today', value: [day(today), day(today)] },
    { label: 'Yesterday', value: [day(today.subtract(1, 'day')), day(today.subtract(1, 'day'))] },
    { label: 'Past 7 days', value: [day(today.subtract(6, 'day')), day(today)] },
    { label: 'Next 7 days', value: [day(today), day(today.add(6, 'day'))] },
    { label: 'This month', value: [day(today.startOf('month')), day(today.endOf('month'))] },
  ];
}

export interface DateRangeFilterProps {
  label: string;
  value: DayRange;
  onChange: (value: DayRange) => void;
  'data-testid'?: string;
}

/** A compact from/to day filter: both ends optional, one day allowed, cleared with one click. */
export function DateRangeFilter({ label, value, onChange, 'data-testid': testId }: DateRangeFilterProps) {
  return (
    <DayRangePicker
      w={230}
      label={label}
      placeholder="Any date"
      value={value}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label} dates` }}
      presets={presets()}
      data-testid={testId}
    />
  );
}
