import '@mantine/dates/styles.css';
import { useLocation, useParams } from 'react-router';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { callTypeByName } from '@cc/domain';
import { useSession } from '../../../lib/session';
import { CurrentCall } from '../components/CurrentCall';
import { resumedOf } from '../components/ResumedCallNotice';
import { hasCallRow } from '../model';

/**
 * /call-center/current-call/{sqldbid}/{customerNo}/{callType} (route currentCall): the call screen.
 * The call row comes as router state { theCall } from the lists (or the dashboard); a deep link
 * resolves it. A new customer number or call type is a new call: the screen starts over.
 */
export default function CurrentCallPage() {
  const params = useParams();
  const location = useLocation();
  const current = useSession();
  const sqldbid = Number(params.sqldbid);
  const customerNo = Number(params.customerNo);
  const type = callTypeByName(params.callType ?? '');
  if (!current) return null;
  if (!type || !Number.isInteger(sqldbid) || sqldbid <= 0 || !Number.isInteger(customerNo) || customerNo < -1) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="This call cannot be opened" maw={640} mx="auto">
        The link does not name a call: it needs a franchise id, a customer number and a known call type.
      </Alert>
    );
  }
  const routed = (location.state as { theCall?: unknown } | null)?.theCall;
  // Opened by a screen pop: the phone system's id of the call (decision 075).
  const phoneCallId = (location.state as { phoneCallId?: unknown } | null)?.phoneCallId;
  const resumed = resumedOf(location.state);
  // Opened by Next Call: the customer is dialled once the call is open (docs/decisions/084-next-call-dials.md).
  const dialOnOpen = (location.state as { dialOnOpen?: unknown } | null)?.dialOnOpen === true;
  return (
    <CurrentCall
      key={`${sqldbid}/${customerNo}/${type.CallTypeName}`}
      user={current.user}
      sqldbid={sqldbid}
      customerNo={customerNo}
      callType={type.CallTypeName}
      routedCall={hasCallRow(routed) ? routed : null}
      resumed={resumed}
      phoneCallId={typeof phoneCallId === 'string' ? phoneCallId : undefined}
      dialOnOpen={dialOnOpen}
    />
  );
}
