/**
 * A customer's (or a neighbour's) property measured (decision 040): got for edit (taking the lock), the
 * recently-measured question, the refusal when another user measures it, the editor, save ('Property Measurement
 * Saved...', announced to other windows) and cancel ('Measurement Edit Cancelled...', the lock released).
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeasuredProperty } from '@cc/contract';
import { displayZip } from '@cc/domain';
import { api } from '../../../lib/api';
import { adminToast } from '../../../lib/toast';
import { measureItKey } from '../api/queries';
import { useMeasurementActions } from '../hooks/useMeasurementActions';
import { announceMeasurementCancelled, announceMeasurementSaved } from '../links';
import { formatSquareFeet } from '../map';
import { dayOf, type EditParams, type SaveBody } from '../model';
import { MEASUREIT_TEXT } from '../texts';
import { MeasurementEditor } from './MeasurementEditor';
import { OpenFailed, RecentlyMeasuredDialog } from './EditAccess';
import { ResumedMeasurementNotice, resumedMeasurementOf } from './ResumedMeasurementNotice';

export function PropertyMeasurement({ params }: { params: EditParams }) {
  const queryClient = useQueryClient();
  const resumed = resumedMeasurementOf(useLocation().state);
  const [confirmed, setConfirmed] = useState(false);
  const target = {
    sqldbid: params.sqldbid,
    ...(params.customerNo !== undefined ? { customerNo: params.customerNo } : { propertyId: params.propertyId }),
  };
  // Getting for edit takes the lock: asked once per confirmation, never again by focus or staleness.
  const open = useQuery({
    queryKey: [...measureItKey, 'open', target, confirmed],
    queryFn: () => api('measureItGetProperty', { body: { ...target, confirm: confirmed } }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const { save, cancel, leave } = useMeasurementActions({
    closeOnSave: params.closeOnSave,
    savedText: MEASUREIT_TEXT.propertySaved,
    save: (body: SaveBody & { propertyId: number }, requestId) =>
      api('measureItCompleteProperty', { body: { ...body, requestId } }),
    cancel: (propertyId) => api('measureItCancelProperty', { body: { propertyId } }),
    onSaved: (answer) => {
      const p = answer.property;
      announceMeasurementSaved({
        propertyId: p.propertyId,
        sqldbid: p.sqldbid,
        customerNo: p.customerNo,
        squareFeet: p.SquareFeet,
        lawnSize: answer.lawnSize,
        client: params.client,
      });
      void queryClient.invalidateQueries({ queryKey: measureItKey });
    },
    onCancelled: () => announceCancel(),
  });
  const announceCancel = () => {
    if (open.data) announceMeasurementCancelled({ propertyId: open.data.property.propertyId, client: params.client });
  };

  if (open.isPending) return <Loader role="status" aria-label="Opening the property" />;
  if (open.isError) return <OpenFailed error={open.error} onBack={leave} />;
  const { property, needsConfirmation, lock } = open.data;

  return (
    <Stack gap="sm">
      <PropertyHeader property={property} />
      {resumed ? <ResumedMeasurementNotice since={resumed.since} address={property.streetAddress} /> : null}
      {needsConfirmation ? (
        <RecentlyMeasuredDialog
          measuredAt={property.measurementDate}
          measuredBy={property.measuredBy}
          squareFeet={property.SquareFeet}
          onConfirm={() => setConfirmed(true)}
          onDecline={() => {
            announceCancel();
            adminToast.info(MEASUREIT_TEXT.editCancelled);
            leave();
          }}
        />
      ) : (
        <MeasurementEditor
          center={{ lat: property.latitude, lng: property.longitude }}
          saved={property}
          imagePath={property.ImagePath}
          imageOf={property.streetAddress}
          propertyId={property.propertyId}
          lock={lock}
          saving={save.isPending}
          onSave={(body) => save.mutate({ ...body, propertyId: property.propertyId })}
          onCancel={() => cancel.mutate(property.propertyId)}
        />
      )}
    </Stack>
  );
}

function PropertyHeader({ property: p }: { property: MeasuredProperty }) {
  const status = p.complete
    ? p.SquareFeet !== null
      ? `Measured ${dayOf(p.measurementDate)}: ${formatSquareFeet(p.SquareFeet)}`
      : `Not measured (${dayOf(p.measurementDate)})`
    : 'Unmeasured';
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} size="h3">
          {p.isNeighbor ? 'Neighbour' : `${p.firstName} ${p.lastName}`.trim() || 'Customer'}
        </Title>
        <Text size="sm" data-testid="measure-address">
          {p.streetAddress}, {p.city}, {p.state} {displayZip(p.zip)}
        </Text>
        <Text size="xs" c="gray.7">
          Branch {p.branchNo}
          {p.customerNo !== null ? ` · Customer ${p.customerNo}` : ''}
        </Text>
      </div>
      <Badge variant="filled" color={p.complete ? '#1b5e20' : 'gray.7'} data-testid="measure-status">
        {status}
      </Badge>
    </Group>
  );
}
