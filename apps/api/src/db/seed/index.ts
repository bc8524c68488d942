import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../client.js';
import {
  applications,
  brands,
  companies,
  companyRolePermissionTemplates,
  companyRoles,
  demoData,
  franchiseConfigs,
  franchises,
  permissions,
  roles,
} from '../schema/index.js';
import { hash } from '@node-rs/argon2';
import {
  ALL_FRANCHISES,
  APPLICATIONS,
  BRANDS,
  COMPANIES,
  COMPANY_ROLES,
  DEFAULT_APPLICATIONS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  PERMISSIONS,
  ROLES,
  TEMPLATE_VALUES,
} from './reference.js';

import { generateCustomers, seedServiceAreas, seedStoryCustomers } from './customers.js';
import { generateOutboundCalls, syncCallReferenceData } from './outbound.js';
import { generateHistory } from './history.js';
import { seedPricing } from './pricing.js';
import { checkSeedOptions } from './options.js';
import { seedFlagCodes } from './flag-codes.js';
import { seedMeasureIt } from './measureit.js';
import { generatePast } from './past.js';
import { generatePastStates } from './past-states.js';
import { insertAccount, type PermissionTemplate } from './accounts.js';

export { DEMO_OUTBOUND_COUNT, SeedOptionsError, checkSeedOptions } from './options.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './reference.js';
export { STORY_CUSTOMERS, generateCustomers } from './customers.js';
export { generateOutboundCalls, syncCallReferenceData } from './outbound.js';
export { SERVICE, SIZE_BRACKETS, seedPricing } from './pricing.js';

export interface SeedOptions {
  /** Seed of the random generator; the same seed gives the same data. */
  seed?: number;
  /** How many generated customers (the demo default is quick to start). */
  customers?: number;
  /** How many outbound list rows: a few for every list of every branch, the rest one per customer (at most the customers). */
  outboundCalls?: number;
  /** The moment callbacks are spread around (past and future). */
  now?: Date;
  /**
   * A year of worked calls before `now` (decision 061): generated CSRs beside the demo accounts, completed calls with
   * their history, sales and quotes with their orders and emails, and audit rows. The demo's first start asks for it;
   * the test template does not, so that tests keep the data they were written against.
   */
  past?: boolean;
}

export class AlreadySeededError extends Error {
  override name = 'AlreadySeededError';
}

/**
 * What a database holds: `loaded`, a completed demo load (its record is written by the load's last statement);
 * `empty`, no reference data, so demo data may go in (a new database, or one whose load was interrupted and rolled
 * back); `other`, reference data without a completed load (put there by other means), which a load must not touch.
 */
export async function demoDataState(db: Db): Promise<'loaded' | 'empty' | 'other'> {
  const [row] = rowsOf<{ loaded: boolean; brands: boolean }>(
    await db.execute(
      sql`select exists (select 1 from ${demoData}) as loaded, exists (select 1 from ${brands}) as brands`,
    ),
  );
  if (row?.loaded) return 'loaded';
  return row?.brands ? 'other' : 'empty';
}

/**
 * Reference data and demo accounts, in one transaction that ends by recording the load as complete (decision 016):
 * a process killed part-way leaves nothing, and the next start or `db:seed` loads again. Refuses a database that
 * already has them.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<void> {
  const sizes = checkSeedOptions(options);
  await refuseSeededDatabase(db);
  const seed = options.seed ?? 42;
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map(() => hash(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    const templates = await insertReferenceData(tx);
    await tx.insert(franchises).values(franchiseRows());
    await seedServiceAreas(tx);
    await seedPricing(tx, { now: options.now });
    await seedStoryCustomers(tx);
    await generateCustomers(tx, { count: sizes.customers, seed });
    await seedFlagCodes(tx);
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      await insertAccount(tx, account, passwordHashes[i] ?? '', templates);
    }
    await syncCallReferenceData(tx);
    await generateOutboundCalls(tx, { count: sizes.outboundCalls, seed, now: options.now ?? new Date() });
    await tx.insert(franchiseConfigs).values(franchiseConfigRows());
    await seedAutopay(tx);
    await generateHistory(tx, { customers: 4000, seed, now: options.now ?? new Date() });
    await seedMeasureIt(tx, { now: options.now ?? new Date() });
    if (options.past) {
      await generatePast(tx, {
        seed,
        now: options.now ?? new Date(),
        passwordHash: passwordHashes[0] ?? '',
        templates,
      });
      // The CSRs' agent states over the same past, from its calls.
      await generatePastStates(tx, options.now ?? new Date());
    }
    // Last, in the same transaction: the record exists exactly when everything above was committed.
    await tx.insert(demoData).values({ loadedAt: new Date(), seed, customers: sizes.customers });
  });
}

/** A load goes only into a database without reference data. */
async function refuseSeededDatabase(db: Db): Promise<void> {
  const state = await demoDataState(db);
  if (state === 'loaded') throw new AlreadySeededError('The database already holds demo data.');
  if (state === 'other') {
    throw new AlreadySeededError(
      'The database already holds reference data that no demo load wrote; it is left as it is.',
    );
  }
}

/** Brands, companies, roles, applications and permissions, and the permission templates made from them. */
async function insertReferenceData(tx: DbOrTx): Promise<PermissionTemplate[]> {
  await tx.insert(brands).values(BRANDS);
  await tx.insert(companies).values(COMPANIES);
  await tx.insert(roles).values(ROLES);
  await tx
    .insert(companyRoles)
    .values(COMPANY_ROLES.flatMap((c) => c.roleIds.map((roleId) => ({ companyId: c.companyId, roleId }))));
  await tx.insert(applications).values(APPLICATIONS);
  await tx.insert(permissions).values(PERMISSIONS);
  const templates = permissionTemplates();
  await tx.insert(companyRolePermissionTemplates).values(templates);
  return templates;
}

/**
 * Every permission of the applications a company's role has by default, with its default value: the template's rule
 * for that company and role, or the permission's false value.
 */
function permissionTemplates(): PermissionTemplate[] {
  return Object.entries(DEFAULT_APPLICATIONS).flatMap(([key, appIds]) => {
    const [companyId, roleId] = key.split(':').map(Number) as [number, number];
    return PERMISSIONS.filter((p) => appIds.includes(p.applicationId)).map((p) => ({
      companyId,
      roleId,
      applicationId: p.applicationId,
      permissionId: p.permissionId,
      defaultValue: TEMPLATE_VALUES[p.permissionId]?.(companyId, roleId) ?? p.values.falsevalue,
    }));
  });
}

/** One row per branch of every franchise; the first branch is its default. */
function franchiseRows() {
  return ALL_FRANCHISES.flatMap((f) =>
    f.branches.map((b, i) => ({
      branchNo: b.branchNo,
      sqldbid: f.sqldbid,
      compId: f.designation === 'COF' ? 2 : 3,
      compName: f.compName,
      defComp: i === 0,
      designation: f.designation,
      brandId: f.brandId,
      timeZone: f.timeZone,
      city: b.city,
      state: b.state,
    })),
  );
}

/** Each franchise's office details, made up from its name and its first branch. */
function franchiseConfigRows() {
  return ALL_FRANCHISES.map((f, i) => {
    const main = f.branches[0];
    const domain = f.compName.toLowerCase().replace(/[^a-z]+/g, '') + '.example';
    return {
      sqldbid: f.sqldbid,
      phone: `800555${String(1000 + i).slice(-4)}`,
      email: `office@${domain}`,
      address: main ? `${100 + i * 7} Commerce Dr, ${main.city}, ${main.state}` : '',
      officeHours: 'Mon-Fri 8:00-17:00, Sat 8:00-12:00',
      webLeadsStart: '08:00',
      webLeadsEnd: '17:00',
      ccEmailAddresses: `manager@${domain};sales@${domain}`,
    };
  });
}

/** Autopay: most franchises are enrolled, and about a third of their existing customers pay by it. */
async function seedAutopay(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`update franchises set autopay_enrolled = (sqldbid % 5 <> 0)`);
  await tx.execute(
    sql`update customers set autopay_enabled = true where customer_type = 'Existing Customer' and customer_no % 3 = 0`,
  );
}
