import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const brands = pgTable('brands', {
  brandId: integer('brand_id').primaryKey(),
  brandName: text('brand_name').notNull(),
});

/** Company types: 1 Corporate, 2 Company-owned, 3 Independent franchise, 4 External. */
export const companies = pgTable('companies', {
  companyId: integer('company_id').primaryKey(),
  description: text('description').notNull(),
});

export const roles = pgTable('roles', {
  roleId: integer('role_id').primaryKey(),
  /** Machine name; `SPG_LeadsCCManager` is one the spec names. */
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

/** Which roles a company type may give its users. */
export const companyRoles = pgTable(
  'company_roles',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.roleId] })],
);

export const applications = pgTable('applications', {
  applicationId: integer('application_id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** The web route (state) the application opens. */
  sref: text('sref').notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const permissions = pgTable('permissions', {
  permissionId: integer('permission_id').primaryKey(),
  applicationId: integer('application_id')
    .notNull()
    .references(() => applications.applicationId),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  /** Allowed values, e.g. {"truevalue":"true","falsevalue":"false"}. */
  values: jsonb('values').$type<{ truevalue: string; falsevalue: string }>().notNull(),
});

export const companyRolePermissionTemplates = pgTable(
  'company_role_permission_templates',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.permissionId),
    defaultValue: text('default_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.roleId, t.applicationId, t.permissionId] })],
);

/** One row per branch. A franchise (sqldbid) may have several branches. */
export const franchises = pgTable(
  'franchises',
  {
    branchNo: text('branchno').primaryKey(),
    sqldbid: integer('sqldbid').notNull(),
    compId: integer('comp_id').notNull(),
    compName: text('compname').notNull(),
    /** The franchise's default (main) branch. */
    defComp: boolean('def_comp').notNull().default(false),
    designation: text('designation').$type<'IND' | 'COF'>().notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.brandId),
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    /** Where the branch office is. */
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    active: boolean('active').notNull().default(true),
    autoPayEnrolled: boolean('autopay_enrolled').notNull().default(false),
  },
  (t) => [
    check('franchises_designation_check', sql`${t.designation} in ('IND', 'COF')`),
    index('franchises_sqldbid_idx').on(t.sqldbid),
    index('franchises_designation_idx').on(t.designation),
  ],
);

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    brandId: integer('brand_id').references(() => brands.brandId),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.companyId),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId),
    sqldbid: integer('sqldbid'),
    /** Empty, or a North American number (administration.md §5). */
    phone: text('phone').notNull().default(''),
    /** The CSR flags (administration.md §3); measureItToolOnly limits the user's applications to MeasureIt. */
    allowCorporate: boolean('allow_corporate').notNull().default(false),
    allowFranchise: boolean('allow_franchise').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    allowVerification: boolean('allow_verification').notNull().default(false),
    measureItToolOnly: boolean('measure_it_tool_only').notNull().default(false),
    /**
     * The user's phone extension, digits, when set: a phone system's event may name the agent by it instead of the
     * username, so no two active users share one (docs/decisions/081-phone-lines-extensions-live-state.md).
     */
    extension: text('extension'),
    /**
     * The password was set by someone else (the default, or one an administrator chose or reset) and the user has not
     * yet chosen their own: a sign-in with it opens a session held to the password change (decision 064).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** False once deleted by an administrator: kept, because calls and history name the user (decision 026). */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_company_idx').on(t.companyId, t.sqldbid),
    uniqueIndex('users_extension_idx')
      .on(t.extension)
      .where(sql`extension is not null and active`),
  ],
);

export const userBranches = pgTable(
  'user_branches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    branchNo: text('branchno')
      .notNull()
      .references(() => franchises.branchNo),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchNo] })],
);

export const userApplications = pgTable(
  'user_applications',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId),
  },
  (t) => [primaryKey({ columns: [t.userId, t.applicationId] })],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.permissionId),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

/** Per-franchise (sqldbid) contact details and company configuration. */
export const franchiseConfigs = pgTable('franchise_configs', {
  sqldbid: integer('sqldbid').primaryKey(),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  officeHours: text('office_hours').notNull().default(''),
  webLeadsStart: text('web_leads_start').notNull().default('08:00'),
  webLeadsEnd: text('web_leads_end').notNull().default('17:00'),
  /** Addresses copied on franchise emails, joined by semicolons. */
  ccEmailAddresses: text('cc_email_addresses').notNull().default(''),
});

/**
 * Every administrative change (decision 026): who made it, when, to what, and the entity before and after, written
 * in the transaction of the change itself. `target_user_id` is set when the change is to a user.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: serial('audit_id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.userId),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    targetUserId: integer('target_user_id').references(() => users.userId),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.auditId), index('audit_log_target_idx').on(t.targetUserId)],
);
