import { useState } from 'react';
import { Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import type { UtilityDialogProps } from '../utilities';
import { useActiveFranchises } from '../api';
import { CompanyConfigForm, FollowUpConfigForm, HotProspectConfigForm } from './ConfigForms';
import { CONFIG_TEXTS } from './model';
import { useCancelToast } from '../useCancelToast';

/**
 * Franchise Maintenance (administration.md §2, §3; decision 032): pick a franchise of your scope, then a branch of
 * it, and update its three configs, each with its own toast. The call screens read them on the next call. Closing
 * without updating anything says so.
 */
export default function FranchiseMaintenanceDialog({ opened, onClose }: UtilityDialogProps) {
  const { close, done } = useCancelToast(onClose, CONFIG_TEXTS.cancelled);
  const franchises = useActiveFranchises();
  const [sqldbid, setSqldbid] = useState<number | null>(null);
  const [branchNo, setBranchNo] = useState<string | null>(null);
  const list = franchises.data ?? [];
  const franchise = list.find((f) => f.sqldbid === sqldbid) ?? null;

  return (
    <Modal opened={opened} onClose={close} title={CONFIG_TEXTS.title} size="xl" data-testid="franchise-maintenance">
      <Stack gap="sm">
        {franchises.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the franchises" />
        ) : (
          <Group grow align="flex-start">
            <Select
              label="Franchise"
              placeholder="Choose a franchise"
              searchable
              data={list.map((f) => ({ value: String(f.sqldbid), label: `${f.compname} (${f.sqldbid})` }))}
              value={sqldbid === null ? null : String(sqldbid)}
              onChange={(value) => {
                const next = list.find((f) => String(f.sqldbid) === value) ?? null;
                setSqldbid(next?.sqldbid ?? null);
                setBranchNo(next?.branches[0] ?? null);
              }}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Branch"
              placeholder="Choose a branch"
              data={franchise?.branches ?? []}
              value={branchNo}
              onChange={setBranchNo}
              disabled={!franchise}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        )}
        {franchise === null ? (
          <Text size="sm" c="gray.7">
            Choose a franchise to see its configs.
          </Text>
        ) : (
          <>
            <CompanyConfigForm key={`company-${franchise.sqldbid}`} sqldbid={franchise.sqldbid} onSaved={done} />
            {branchNo && (
              <>
                <FollowUpConfigForm key={`follow-up-${branchNo}`} branchNo={branchNo} onSaved={done} />
                <HotProspectConfigForm key={`hot-${branchNo}`} branchNo={branchNo} onSaved={done} />
              </>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
