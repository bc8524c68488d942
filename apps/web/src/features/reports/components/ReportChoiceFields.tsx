import { useState } from 'react';
import { Group, Loader, Select } from '@mantine/core';
import { REPORT_GROUPS, REPORT_INTERVALS } from '@cc/contract';
import { DayRangePicker, type DayRange } from '../../../components/DayRangePicker';
import { GROUP_LABELS, INTERVAL_LABELS, type ReportChoice } from '../model';

/** The report's range, grouping and period; `choose` takes whole choices only. */
export function ReportChoiceFields({
  choice,
  choose,
  loading,
}: {
  choice: ReportChoice;
  choose: (change: Partial<ReportChoice>) => void;
  loading: boolean;
}) {
  // The range's first pick, until the second: the choice (and the address) takes whole ranges only, and a picker held
  // to the last whole range would begin again at every pick and never finish one.
  const [picking, setPicking] = useState<DayRange | null>(null);
  return (
    <Group align="flex-end" gap="sm">
      <DayRangePicker
        label="Range"
        w={260}
        value={picking ?? [choice.from, choice.to]}
        onChange={([from, to]) => {
          setPicking(from && to ? null : [from, to]);
          if (from && to) choose({ from, to });
        }}
        data-testid="report-range"
      />
      <Select
        size="xs"
        w={160}
        label="Group by"
        allowDeselect={false}
        value={choice.groupBy}
        data={REPORT_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
        onChange={(value) => value && choose({ groupBy: value })}
      />
      <Select
        size="xs"
        w={140}
        label="Period"
        allowDeselect={false}
        value={choice.interval}
        data={REPORT_INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABELS[i] }))}
        onChange={(value) => value && choose({ interval: value })}
      />
      {loading ? <Loader size="sm" role="status" aria-label="Loading the report" /> : null}
    </Group>
  );
}
