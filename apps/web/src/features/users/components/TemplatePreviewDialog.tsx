import { Badge, Button, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { previewIsEmpty, type TemplatePreview } from '../model';

export interface TemplatePreviewDialogProps {
  preview: TemplatePreview | null;
  /** The company role whose template it is, e.g. 'Corporate · Customer Service Representative'. */
  source: string;
  onApply: () => void;
  onCancel: () => void;
}

const TITLES = {
  permissions: 'Apply default permissions',
  applications: 'Load default applications',
} as const;

/**
 * What the company role's template would change, before it changes anything: applications added and removed,
 * permissions with their value now and after. What the signed-in user may not give is listed and left as it is.
 */
export function TemplatePreviewDialog({ preview, source, onApply, onCancel }: TemplatePreviewDialogProps) {
  const empty = preview ? previewIsEmpty(preview) : true;
  const blocked = preview ? preview.add.some((a) => !a.allowed) || preview.permissions.some((p) => !p.allowed) : false;
  return (
    <Modal
      opened={preview !== null}
      onClose={onCancel}
      title={preview ? TITLES[preview.kind] : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="template-preview"
    >
      {preview ? (
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            The template of {source}. Nothing changes until you apply it; the user is saved with Save.
          </Text>
          {empty ? (
            <Text size="sm" data-testid="template-preview-empty">
              The user already has what the template gives: nothing to change.
            </Text>
          ) : null}
          {preview.add.length > 0 ? (
            <div>
              <Text fw={600} size="sm">
                Applications added
              </Text>
              <List size="sm" data-testid="template-add">
                {preview.add.map((a) => (
                  <List.Item key={a.ApplicationId}>
                    {a.name}
                    {a.allowed ? null : <NotYours />}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {preview.remove.length > 0 ? (
            <div>
              <Text fw={600} size="sm">
                Applications removed
              </Text>
              <List size="sm" data-testid="template-remove">
                {preview.remove.map((a) => (
                  <List.Item key={a.ApplicationId}>{a.name}</List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {preview.permissions.length > 0 ? (
            <Table striped withTableBorder fz="sm" data-testid="template-permissions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Permission</Table.Th>
                  <Table.Th>Application</Table.Th>
                  <Table.Th>Now</Table.Th>
                  <Table.Th>After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.permissions.map((p) => (
                  <Table.Tr key={p.PermissionId}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.application}</Table.Td>
                    <Table.Td>{p.from}</Table.Td>
                    <Table.Td>
                      {p.to}
                      {p.allowed ? null : <NotYours />}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          {blocked ? (
            <Text size="sm" c="gray.8">
              Marked “not yours to give”: you do not hold it yourself, so it stays as it is.
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={onApply} disabled={empty} data-testid="template-apply">
              Apply
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function NotYours() {
  return (
    <Badge ml="xs" size="xs" variant="light" color="gray" c="dark.8">
      not yours to give
    </Badge>
  );
}
