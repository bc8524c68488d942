import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconPhonePlus } from '@tabler/icons-react';
import { BusyButton } from '../../../components/BusyButton';
import type { PhoneLineEditor } from './usePhoneLineEditor';

/** The form that adds a line or saves the one being edited: the number dialled, its branch, a description. */
export function PhoneLineForm({
  editor,
  branches,
  onDone,
}: {
  editor: PhoneLineEditor;
  branches: { value: string; label: string }[];
  onDone: () => void;
}) {
  const { form, errors, setField } = editor;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save();
      }}
    >
      <Stack gap="xs">
        <Title order={3} size="h6">
          {form.id === null ? 'Add a phone line' : `Edit ${form.dnis}`}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Number dialled (DNIS)"
            type="tel"
            required
            maxLength={40}
            value={form.dnis}
            error={errors.dnis}
            onChange={(e) => setField('dnis', e.currentTarget.value)}
            data-testid="phone-line-dnis"
          />
          <Select
            label="Branch"
            required
            searchable
            placeholder="Choose a branch"
            data={branches}
            value={form.branchNo}
            error={errors.branchNo}
            onChange={(branchNo) => setField('branchNo', branchNo)}
            comboboxProps={{ withinPortal: true }}
            data-testid="phone-line-branch"
          />
          <TextInput
            label="Description"
            maxLength={100}
            value={form.description}
            error={errors.description}
            onChange={(e) => setField('description', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Group gap="sm">
            <BusyButton type="submit" busy={editor.saving} leftSection={<IconPhonePlus size={16} />}>
              {form.id === null ? 'Add Line' : 'Save Line'}
            </BusyButton>
            {form.id !== null ? (
              <Button variant="default" onClick={editor.startNew}>
                New line instead
              </Button>
            ) : null}
          </Group>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
