import { Grid } from '@mantine/core';
import type { CallScreen } from '../hooks/useCallScreen';
import { field } from '../model';
import { CallAside } from './CallAside';
import { CallTabs } from './CallTabs';
import { MeasurementThumbnail } from './MeasurementThumbnail';

/** The call's work: the customer and franchise at the side, the tabs beside them. */
export function CallWorkArea({ screen }: { screen: CallScreen }) {
  const { sqldbid, customerNo, callType, call, tabs, reference, dialogs, lawnSize, measureOpener } = screen;
  const { stack } = dialogs;
  const { customerQuery, theCall } = call.subject;
  const customerError = customerQuery.error?.message ?? null;
  return (
    <Grid gap="sm" align="flex-start">
      <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
        <CallAside
          sqldbid={sqldbid}
          customerNo={customerNo}
          customer={call.customer}
          loading={customerNo >= 0 && customerQuery.isPending}
          error={customerError}
          local={call.local}
          editable={call.open}
          propEvalCode={field(theCall, 'PropEvalCode') || null}
          onEdit={() => stack.open('edit-customer')}
          onEditType={() => stack.open('customer-type')}
          onLookup={call.local ? dialogs.openLookup : undefined}
          onEditCustomerNo={callType === 'WebLead' ? () => stack.open('edit-customer-no') : undefined}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
        <CallTabs
          tab={tabs.tab}
          onTab={tabs.openTab}
          sqldbid={sqldbid}
          customerNo={customerNo}
          callType={callType}
          theCall={theCall}
          customer={call.customer}
          user={screen.user}
          draft={call.work.draft}
          patch={call.work.patch}
          recent={reference.recent}
          visited={tabs.visited}
          onRefresh={lawnSize.refresh}
          refreshBusy={lawnSize.busy}
          onMeasure={measureOpener}
          customerError={customerError}
          measurement={measureOpener ? <MeasurementThumbnail sqldbid={sqldbid} customerNo={customerNo} /> : null}
          open={call.open}
          onOpenLog={dialogs.openHistoryLog}
          surveyFlagged={dialogs.surveyFlagged}
          onSurveyChange={() => dialogs.setSurveyFlagged(false)}
        />
      </Grid.Col>
    </Grid>
  );
}
