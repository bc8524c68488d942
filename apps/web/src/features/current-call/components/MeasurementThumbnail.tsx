import { useQuery } from '@tanstack/react-query';
import { Group, Text } from '@mantine/core';
import { SavedImageThumbnail } from '../../measureit';
import { householdMeasurement } from '../api/householdMeasurement';
import { householdMeasurementKey } from '../api/keys';

/**
 * The call's customer as MeasureIt last saved it, beside Measure lawn on the pricing tab: the saved image, small,
 * opening larger (decision 079). Asked only where Measure lawn is offered (a customer on file, a user who may use
 * MeasureIt); read again whenever the lawn size is refreshed. Nothing shows for a household without an image.
 */
export function MeasurementThumbnail({ sqldbid, customerNo }: { sqldbid: number; customerNo: number }) {
  const household = useQuery({
    queryKey: householdMeasurementKey(sqldbid, customerNo),
    queryFn: () => householdMeasurement(sqldbid, customerNo),
    staleTime: 60_000,
  });
  const image = household.data?.complete ? household.data.ImagePath : '';
  if (!image) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="pricing-measurement">
      <Text size="xs" c="gray.7">
        Measured
      </Text>
      <SavedImageThumbnail url={image} of={`customer ${customerNo}`} height={30} />
    </Group>
  );
}
