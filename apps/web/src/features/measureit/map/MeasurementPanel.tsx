import { Group, Loader, Paper, Table, Text } from '@mantine/core';
import { pointColour, type Measurement } from '@cc/domain';
import { formatAcres, formatFeet, formatSquareFeet, type MeasureMapChange } from './model';

/** The live measurement beside the map: each area with its colour, the total in square feet and acres, the perimeter. */
export function MeasurementPanel({ state }: { state: MeasureMapChange | null }) {
  return (
    <Paper withBorder p="sm" aria-live="polite" aria-label="Measurement">
      {/* Until the map has opened and measured what it was given, there is no size to show (not a 0). */}
      {state === null ? (
        <Group gap="xs" data-testid="measure-loading">
          <Loader size="xs" role="status" aria-label="Loading the map" />
          <Text size="sm">Loading the map…</Text>
        </Group>
      ) : (
        <MeasurementTable measurement={state.measurement} />
      )}
      {state?.tooLong && (
        <Text c="red.8" size="sm" role="alert">
          Area {state.tooLong.shapeIndex + 1} has too many points to save its image.
        </Text>
      )}
    </Paper>
  );
}

function MeasurementTable({ measurement: m }: { measurement: Measurement }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {m.shapes.map((shape, i) => (
          <Table.Tr key={i}>
            <Table.Td>
              <ColourDot colour={pointColour(i)} />
              Area {i + 1}
            </Table.Td>
            <Table.Td ta="right">{formatSquareFeet(shape.squareFeet)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Total</Table.Td>
          <Table.Td ta="right" fw={700} data-testid="measure-total">
            {formatSquareFeet(m.squareFeet)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td />
          <Table.Td ta="right" data-testid="measure-acres">
            {formatAcres(m.acres)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>Perimeter</Table.Td>
          <Table.Td ta="right" data-testid="measure-perimeter">
            {formatFeet(m.perimeterFeet)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The shape's point colour, as its vertices show on the map. */
function ColourDot({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: 5,
        marginRight: 6,
        border: '1px solid #333',
        background: colour,
      }}
    />
  );
}
