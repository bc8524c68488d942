import type { Dispatch, SetStateAction } from 'react';
import { Badge, NumberInput, Select } from '@mantine/core';
import { useExternalSources } from '../api/queries';
import { sizeFieldValue, type Draft } from '../model';

/**
 * The lawn's size: drawn on the map, or typed by hand, which sets the external flag and asks where the size came
 * from (§4). `effective` is the draft with the source a typed size takes by default.
 */
export function SizeFields({
  draft,
  effective,
  setDraft,
  mapMeasured,
}: {
  draft: Draft;
  effective: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  mapMeasured: boolean;
}) {
  const sources = useExternalSources();
  const typed = (value: string | number) => {
    const n = typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
    setDraft((d) => ({
      ...d,
      mode: 'measured',
      external: true,
      typedSquareFeet: value === '' || Number.isNaN(n) ? null : n,
      sourceId: d.sourceId,
    }));
  };

  return (
    <>
      <NumberInput
        label="Lawn size (sq ft)"
        description={mapMeasured ? 'Drawn on the map, or typed by hand' : 'Loading the map…'}
        placeholder="Loading the map…"
        value={sizeFieldValue(draft, mapMeasured)}
        onChange={typed}
        min={0}
        max={100_000_000}
        decimalScale={2}
        thousandSeparator=","
        data-testid="measure-size"
        rightSection={
          draft.external ? (
            <Badge size="xs" color="orange" variant="light" data-testid="measure-external">
              External
            </Badge>
          ) : null
        }
        rightSectionWidth={draft.external ? 76 : undefined}
      />
      {draft.external && (
        <Select
          label="Size from"
          data={(sources.data ?? []).map((s) => ({
            value: String(s.externalMeasurementSourceId),
            label: s.name,
          }))}
          value={effective.sourceId === null ? null : String(effective.sourceId)}
          onChange={(v) => setDraft((d) => ({ ...d, sourceId: v === null ? null : Number(v) }))}
          allowDeselect={false}
        />
      )}
    </>
  );
}
