import { Kbd, Modal, Table, Text } from '@mantine/core';

export const SHORTCUTS_TITLE = 'Keyboard shortcuts';

/** The call screen's shortcuts: the keys as pressed (Alt+Shift with a letter or digit), and what they do. */
export const CALL_SHORTCUTS: { keys: string[]; does: string }[] = [
  { keys: ['Alt', 'Shift', 'E'], does: 'End Call' },
  { keys: ['Alt', 'Shift', 'L'], does: 'Call Log' },
  { keys: ['Alt', 'Shift', 'R'], does: 'Go to the call result' },
  { keys: ['Alt', 'Shift', '1'], does: 'Customer tab' },
  { keys: ['Alt', 'Shift', '2'], does: 'Pricing tab' },
  { keys: ['Alt', 'Shift', '3'], does: 'History tab' },
  { keys: ['Alt', 'Shift', '4'], does: 'Web Orders tab' },
  { keys: ['Alt', 'Shift', '5'], does: 'Script tab' },
  { keys: ['Alt', 'Shift', '6'], does: 'Survey tab' },
  { keys: ['Alt', 'Shift', 'K'], does: 'This list (also ? outside a text box)' },
];

export interface ShortcutsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The list of the call screen's keyboard shortcuts. */
export function ShortcutsDialog({ opened, onClose }: ShortcutsDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={SHORTCUTS_TITLE}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="shortcuts-dialog"
    >
      <Table verticalSpacing={4} withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CALL_SHORTCUTS.map(({ keys, does }) => (
            <Table.Tr key={does}>
              <Table.Td style={{ whiteSpace: 'nowrap' }} aria-label={keys.join('+')}>
                {keys.map((k, i) => (
                  <span key={k} aria-hidden>
                    {i > 0 ? ' + ' : ''}
                    <Kbd size="xs">{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="gray.7" mt="sm">
        The shortcuts work anywhere on the call screen, in text boxes too. Escape closes any dialog.
      </Text>
    </Modal>
  );
}
