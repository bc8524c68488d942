import { Stack, Text, Title } from '@mantine/core';
import { CustomListImport } from '../components/CustomListImport';
import { CustomLists } from '../components/CustomLists';

/**
 * /measureItUtilities (administration.md §3, §5; roles 2, 5, 6, 7): import a custom search list
 * from a CSV file after its preview; rename and delete the lists.
 */
export default function MeasureItUtilitiesPage() {
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <div>
        <Title order={1} size="h3">
          MeasureIt Utilities
        </Title>
        <Text size="sm" c="gray.7">
          Customer search lists narrow the MeasureIt search to the customers they name.
        </Text>
      </div>
      <CustomListImport />
      <CustomLists />
    </Stack>
  );
}
