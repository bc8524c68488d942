import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { rowsOf } from '../../db/client.js';
import { defineRoute } from '../../http/route.js';
import {
  cancel,
  commercialMeasurement,
  completeAddressMeasurement,
  completeCommercialLead,
  getAddressMeasurement,
  getCommercialLead,
} from './by-address.js';
import { measureItBranches } from './branches.js';
import { measurementInProgress } from './in-progress.js';
import { ADDRESS, COMMERCIAL } from './measurable.js';
import {
  cancelProperty,
  completeProperty,
  getProperty,
  householdMeasurement,
  previousMeasurements,
} from './properties.js';

/** MeasureIt's calls under /api/MeasureIt/ (administration.md §7; decision 036). */
export function registerMeasureItRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, 'measureItGetProperty', ({ user, body }) => getProperty(ctx, user, body));
  defineRoute(app, ctx, 'measureItCompleteProperty', ({ user, body }) => completeProperty(ctx, user, body));
  defineRoute(app, ctx, 'measureItCancelProperty', ({ user, body }) => cancelProperty(ctx, user, body.propertyId));
  defineRoute(app, ctx, 'measureItPreviousMeasurements', ({ user, body }) =>
    previousMeasurements(ctx, user, body.propertyId),
  );
  defineRoute(app, ctx, 'measureItNotMeasuredReasons', async () =>
    rowsOf<{ notMeasuredReasonId: number; name: string }>(
      await ctx.db.execute(sql`select not_measured_reason_id as "notMeasuredReasonId", name from not_measured_reasons
        where active order by sort_order, name`),
    ),
  );
  defineRoute(app, ctx, 'measureItExternalMeasurementSources', async () =>
    rowsOf<{ externalMeasurementSourceId: number; name: string }>(
      await ctx.db.execute(sql`select external_measurement_source_id as "externalMeasurementSourceId", name
        from external_measurement_sources where active order by sort_order, name`),
    ),
  );
  defineRoute(app, ctx, 'measureItHouseholdMeasurement', ({ user, body }) =>
    householdMeasurement(ctx, user, body.sqldbid, body.customerNo),
  );
  defineRoute(app, ctx, 'measureItCommercialMeasurement', ({ user, body }) =>
    commercialMeasurement(ctx, user, body.commercialLeadId),
  );
  defineRoute(app, ctx, 'measureItGetAddressMeasurement', ({ user, body }) => getAddressMeasurement(ctx, user, body));
  defineRoute(app, ctx, 'measureItCompleteAddressMeasurement', ({ user, body }) =>
    completeAddressMeasurement(ctx, user, body),
  );
  defineRoute(app, ctx, 'measureItCancelAddressMeasurement', ({ user, body }) =>
    cancel(ctx, user, ADDRESS, body.addressMeasurementId),
  );
  defineRoute(app, ctx, 'measureItGetCommercialLead', ({ user, body }) => getCommercialLead(ctx, user, body));
  defineRoute(app, ctx, 'measureItCompleteCommercialLead', ({ user, body }) => completeCommercialLead(ctx, user, body));
  defineRoute(app, ctx, 'measureItBranches', ({ user, body }) => measureItBranches(ctx, user, body.zip));
  defineRoute(app, ctx, 'measureItCancelCommercialLead', ({ user, body }) =>
    cancel(ctx, user, COMMERCIAL, body.commercialLeadId),
  );
  defineRoute(app, ctx, 'measureItMeasurementInProgress', ({ user }) => measurementInProgress(ctx, user));
}
