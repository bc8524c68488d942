import { Link } from 'react-router';
import { Button, Group, Text, Title } from '@mantine/core';

/** The search's title, and for a user who may measure, the ways to measure a property that is not in the list. */
export function SearchHeader({ mayMeasure }: { mayMeasure: boolean }) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} size="h3">
          MeasureIt Search
        </Title>
        <Text size="sm" c="gray.7">
          Properties to measure by franchise, zip and state. Select one to measure it in a new window.
        </Text>
      </div>
      {/* Properties that are not in the list: an address, or a business for a commercial quote (decision 040). */}
      <Group gap="xs" hidden={!mayMeasure}>
        <Button component={Link} to="/MeasureIt?by=address" variant="default" size="sm">
          Measure by address
        </Button>
        <Button component={Link} to="/MeasureIt?by=lead" variant="default" size="sm">
          Commercial lead
        </Button>
      </Group>
    </Group>
  );
}
