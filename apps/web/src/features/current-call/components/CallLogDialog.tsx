import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';

export interface CallLogDialogProps {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  notes: string;
  onSave: (notes: string) => void;
}

/** The 'Call Log' of this call: the CSR's notes, kept with the call until it ends. */
export function CallLogDialog({ opened, onClose, stackId, notes, onSave }: CallLogDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title="Call Log"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="call-log-dialog"
    >
      {opened ? <NotesForm notes={notes} onSave={onSave} onCancel={onClose} /> : null}
    </Modal>
  );
}

function NotesForm({ notes, onSave, onCancel }: { notes: string; onSave: (n: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(notes);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text.trim());
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Notes for this call"
          description="Saved with the call history when the call ends."
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={14}
          maxLength={4000}
          data-autofocus
        />
        <Text size="xs" c="gray.7" ta="right">
          {text.length} / 4000
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save notes</Button>
        </Group>
      </Stack>
    </form>
  );
}
