import { BusyButton } from '../../../components/BusyButton';
import { Fieldset, Group, Loader, Switch, Text, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { useCompanyConfig, useConfigWrites, useFollowUpConfig, useHotProspectConfig } from './api';
import { CONFIG_TEXTS, emailListProblem, endProblem, shownEmailList, timeProblem } from './model';

/** Called after a config was saved: the dialog then counts as finished (no cancel toast). */
type Saved = () => void;

/** Puts the server's field errors on the form, and says the entries need correcting. */
function showFailure(error: unknown, setErrors: (errors: Record<string, string>) => void) {
  if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
  adminToast.error(error instanceof ApiError && error.status === 400 ? CONFIG_TEXTS.invalid : String(error), error);
}

const addressesHint = 'Addresses separated by semicolons';

/** Company config (by SQLDBID): the web-lead hours and the addresses copied on the franchise's emails. */
export function CompanyConfigForm({ sqldbid, onSaved }: { sqldbid: number; onSaved: Saved }) {
  const config = useCompanyConfig(sqldbid);
  return (
    <Fieldset legend="Company Config" data-testid="company-config">
      {config.data ? (
        <CompanyConfigFields sqldbid={sqldbid} initial={config.data} onSaved={onSaved} />
      ) : (
        <Loader size="sm" role="status" aria-label="Loading the company config" />
      )}
    </Fieldset>
  );
}

function CompanyConfigFields({
  sqldbid,
  initial,
  onSaved,
}: {
  sqldbid: number;
  initial: { webLeadsStart: string; webLeadsEnd: string; ccEmailAddresses: string };
  onSaved: Saved;
}) {
  const { company } = useConfigWrites();
  const form = useForm({
    initialValues: {
      webLeadsStart: initial.webLeadsStart,
      webLeadsEnd: initial.webLeadsEnd,
      ccEmailAddresses: shownEmailList(initial.ccEmailAddresses),
    },
    validate: {
      webLeadsStart: timeProblem,
      webLeadsEnd: (v, values) => endProblem(v, values.webLeadsStart),
      ccEmailAddresses: emailListProblem,
    },
  });

  const save = form.onSubmit(
    async (values) => {
      try {
        await company.mutateAsync({ sqldbid, ...values });
        adminToast.success(CONFIG_TEXTS.companyUpdated);
        onSaved();
      } catch (error) {
        showFailure(error, form.setErrors);
      }
    },
    () => adminToast.error(CONFIG_TEXTS.invalid),
  );

  return (
    <form onSubmit={save} noValidate>
      <Group grow align="flex-start">
        <TimeInput label="Web Leads Start" withAsterisk {...form.getInputProps('webLeadsStart')} />
        <TimeInput label="Web Leads End" withAsterisk {...form.getInputProps('webLeadsEnd')} />
      </Group>
      <Textarea
        mt="xs"
        label="CC Email Addresses"
        description={`${addressesHint}; copied on every end-call email of the franchise`}
        autosize
        minRows={1}
        {...form.getInputProps('ccEmailAddresses')}
      />
      <Group justify="flex-end" mt="sm">
        <BusyButton type="submit" busy={company.isPending}>
          Update Company Config
        </BusyButton>
      </Group>
    </form>
  );
}

/** Inbound follow-up config (by branch): when follow-ups fall due, and who is copied on follow-up calls' emails. */
export function FollowUpConfigForm({ branchNo, onSaved }: { branchNo: string; onSaved: Saved }) {
  const config = useFollowUpConfig(branchNo);
  return (
    <Fieldset legend={`Inbound Follow-Up Config (${branchNo})`} data-testid="follow-up-config">
      {config.data ? (
        <FollowUpConfigFields branchNo={branchNo} initial={config.data} onSaved={onSaved} />
      ) : (
        <Loader size="sm" role="status" aria-label="Loading the inbound follow-up config" />
      )}
    </Fieldset>
  );
}

function FollowUpConfigFields({
  branchNo,
  initial,
  onSaved,
}: {
  branchNo: string;
  initial: { inboundFollowUpStart: string; inboundFollowUpEnd: string; ccEmailAddresses: string };
  onSaved: Saved;
}) {
  const { followUp } = useConfigWrites();
  const form = useForm({
    initialValues: {
      inboundFollowUpStart: initial.inboundFollowUpStart,
      inboundFollowUpEnd: initial.inboundFollowUpEnd,
      ccEmailAddresses: shownEmailList(initial.ccEmailAddresses),
    },
    validate: {
      inboundFollowUpStart: timeProblem,
      inboundFollowUpEnd: (v, values) => endProblem(v, values.inboundFollowUpStart),
      ccEmailAddresses: emailListProblem,
    },
  });

  const save = form.onSubmit(
    async (values) => {
      try {
        await followUp.mutateAsync({ branchNo, ...values });
        adminToast.success(CONFIG_TEXTS.followUpUpdated);
        onSaved();
      } catch (error) {
        showFailure(error, form.setErrors);
      }
    },
    () => adminToast.error(CONFIG_TEXTS.invalid),
  );

  return (
    <form onSubmit={save} noValidate>
      <Group grow align="flex-start">
        <TimeInput label="Inbound Follow-Up Start" withAsterisk {...form.getInputProps('inboundFollowUpStart')} />
        <TimeInput label="Inbound Follow-Up End" withAsterisk {...form.getInputProps('inboundFollowUpEnd')} />
      </Group>
      <Text size="xs" c="gray.7" mt={4}>
        A follow-up added outside these hours (America/Chicago) falls due at the next start.
      </Text>
      <Textarea
        mt="xs"
        label="Follow-Up CC Email Addresses"
        description={`${addressesHint}; copied on the emails of follow-up calls`}
        autosize
        minRows={1}
        {...form.getInputProps('ccEmailAddresses')}
      />
      <Group justify="flex-end" mt="sm">
        <BusyButton type="submit" busy={followUp.isPending}>
          Update Follow-Up Config
        </BusyButton>
      </Group>
    </form>
  );
}

/** Additional-service hot-prospect config (by branch): whether THP leads are emailed, and to whom. */
export function HotProspectConfigForm({ branchNo, onSaved }: { branchNo: string; onSaved: Saved }) {
  const config = useHotProspectConfig(branchNo);
  return (
    <Fieldset legend={`Additional-Service Hot Prospect Config (${branchNo})`} data-testid="hot-prospect-config">
      {config.data ? (
        <HotProspectConfigFields branchNo={branchNo} initial={config.data} onSaved={onSaved} />
      ) : (
        <Loader size="sm" role="status" aria-label="Loading the hot prospect config" />
      )}
    </Fieldset>
  );
}

function HotProspectConfigFields({
  branchNo,
  initial,
  onSaved,
}: {
  branchNo: string;
  initial: { active: boolean; emailAddresses: string };
  onSaved: Saved;
}) {
  const { hotProspect } = useConfigWrites();
  const form = useForm({
    initialValues: { active: initial.active, emailAddresses: shownEmailList(initial.emailAddresses) },
    validate: { emailAddresses: emailListProblem },
  });

  const save = form.onSubmit(
    async (values) => {
      try {
        await hotProspect.mutateAsync({ branchNo, ...values });
        adminToast.success(CONFIG_TEXTS.hotProspectUpdated);
        onSaved();
      } catch (error) {
        showFailure(error, form.setErrors);
      }
    },
    () => adminToast.error(CONFIG_TEXTS.invalid),
  );

  return (
    <form onSubmit={save} noValidate>
      <Switch
        label="Email hot prospects (Interested Prospect - THP, survey question 105 Yes)"
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
      <Textarea
        mt="xs"
        label="Hot Prospect Email Addresses"
        description={`${addressesHint}; empty sends them to the company's CC addresses, else the office`}
        autosize
        minRows={1}
        {...form.getInputProps('emailAddresses')}
      />
      <Group justify="flex-end" mt="sm">
        <BusyButton type="submit" busy={hotProspect.isPending}>
          Update Hot Prospect Config
        </BusyButton>
      </Group>
    </form>
  );
}
