import { Link } from 'react-router';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPhonePause } from '@tabler/icons-react';
import type { SavedCall } from '@cc/contract';
import { callTypeByName } from '@cc/domain';
import { currentCallPath, field } from '../model';
import { callWho, leftWhen } from './ResumedCallNotice';

/**
 * The dashboard's offer of the call the user left inside the app (docs/decisions/067-leaving-a-call.md): the call
 * stays saved with its work and is resumed from here, by choice; the dashboard sends the user straight back to it
 * only after a sign-in or a reload, with the call screen's own notice.
 */
export function SavedCallOffer({ call }: { call: SavedCall }) {
  const type = callTypeByName(call.callType)?.CallTypeDisplayName ?? call.callType;
  const name = [field(call.theCall, 'FirstName'), field(call.theCall, 'LastName')].filter(Boolean).join(' ');
  return (
    <Alert color="blue" icon={<IconPhonePause size={18} />} title="Your call is saved" data-testid="saved-call-offer">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          You left your {type} call with {callWho(name || field(call.theCall, 'Name'), call.customerNo)} without ending
          it on {leftWhen(call.savedAt)}. It is saved with your work: resume it to end or cancel it.
        </Text>
        <Button
          size="xs"
          component={Link}
          to={currentCallPath(call.sqldbid, call.customerNo, call.callType)}
          state={{ theCall: call.theCall }}
        >
          Resume the call
        </Button>
      </Group>
    </Alert>
  );
}
