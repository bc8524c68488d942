import { Stack, Text, VisuallyHidden } from '@mantine/core';
import type { AuditNames } from '@cc/contract';
import { auditDiff, type DiffLine } from '../model';

/** Dark enough for AA on the striped rows (Mantine's green.9 is not). */
const ADDED = '#1f6f32';
const REMOVED = '#b02525';

/** One audit row's change, field by field: what was (struck through) and what is, ids by their page's names. */
export function AuditDiff({
  before,
  after,
  names,
}: {
  before: unknown;
  after: unknown;
  names?: AuditNames | undefined;
}) {
  const lines = auditDiff(before, after, names);
  if (lines.length === 0) {
    return (
      <Text size="xs" c="gray.7">
        No field changed
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="audit-diff">
      {lines.map((line) => (
        <Line key={line.field} line={line} />
      ))}
    </Stack>
  );
}

function Line({ line }: { line: DiffLine }) {
  const lists = (line.gained?.length ?? 0) + (line.lost?.length ?? 0) > 0;
  return (
    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="xs">
        {line.field}:
      </Text>{' '}
      {line.before !== undefined && !lists ? (
        <Text span component="del" c={REMOVED} size="xs">
          <VisuallyHidden>was </VisuallyHidden>
          {line.before}
        </Text>
      ) : null}
      {line.kind === 'changed' && !lists ? ' → ' : null}
      {line.after !== undefined && !lists ? (
        <Text span component="ins" c={ADDED} size="xs" td="none">
          <VisuallyHidden>{line.kind === 'changed' ? 'now ' : 'set to '}</VisuallyHidden>
          {line.after}
        </Text>
      ) : null}
      {lists && line.gained?.length ? (
        <Text span component="ins" c={ADDED} size="xs" td="none">
          + {line.gained.join(', ')}{' '}
        </Text>
      ) : null}
      {lists && line.lost?.length ? (
        <Text span component="del" c={REMOVED} size="xs">
          − {line.lost.join(', ')}
        </Text>
      ) : null}
    </Text>
  );
}
