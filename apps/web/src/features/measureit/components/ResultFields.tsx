import type { Dispatch, SetStateAction } from 'react';
import { Paper, SegmentedControl, Select, Stack } from '@mantine/core';
import { useNotMeasuredReasons } from '../api/queries';
import type { Draft } from '../model';
import { SizeFields } from './SizeFields';

/** The result of the visit: measured, with its size, or not measured, with a reason instead of a size. */
export function ResultFields({
  draft,
  effective,
  setDraft,
  mapMeasured,
  tried,
}: {
  draft: Draft;
  effective: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  mapMeasured: boolean;
  /** A save was tried: a missing reason says so. */
  tried: boolean;
}) {
  const reasons = useNotMeasuredReasons();
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <SegmentedControl
          aria-label="Result"
          value={draft.mode}
          onChange={(mode) => setDraft((d) => ({ ...d, mode }))}
          data={[
            { value: 'measured', label: 'Measured' },
            { value: 'notMeasured', label: 'Not measured' },
          ]}
        />
        {draft.mode === 'measured' ? (
          <SizeFields draft={draft} effective={effective} setDraft={setDraft} mapMeasured={mapMeasured} />
        ) : (
          <Select
            label="Reason not measured"
            placeholder="Choose a reason"
            data={(reasons.data ?? []).map((r) => ({ value: String(r.notMeasuredReasonId), label: r.name }))}
            value={draft.reasonId === null ? null : String(draft.reasonId)}
            onChange={(v) => setDraft((d) => ({ ...d, reasonId: v === null ? null : Number(v) }))}
            error={tried && draft.reasonId === null ? 'Choose a reason' : undefined}
          />
        )}
      </Stack>
    </Paper>
  );
}
