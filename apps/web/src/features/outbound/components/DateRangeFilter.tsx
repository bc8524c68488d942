import { DatePickerInput, type DatePickerPreset, type DatesRangeValue } from '@mantine/dates';
import dayjs from 'dayjs';

/** A whole-day range as the API takes it: 'YYYY-MM-DD' or null for an open end. */
export type DayRange = DatesRangeValue<string>;
export const NO_RANGE: DayRange = [null, null];

const DAY = 'YYYY-MM-DD';

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
    <DatePickerInput
      type="range"
      size="xs"
      w={230}
      label={label}
      placeholder="Any date"
      // Mantine's light greys and red weekends fall short of WCAG AA contrast: darker text, no outside days.
      styles={{
        placeholder: { color: 'var(--mantine-color-gray-7)' },
        weekday: { color: 'var(--mantine-color-gray-7)' },
      }}
      hideOutsideDates
      weekendDays={[]}
      value={value}
      onChange={onChange}
      valueFormat="MMM D, YYYY"
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label} dates` }}
      presets={presets()}
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
