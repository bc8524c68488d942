/** Reference data: brands, company types, roles, applications, permissions, templates, franchises. */
import { COMPANY_OWNED_FRANCHISES, COMPANY_TYPES, Role } from '@cc/domain';

export const BRANDS = [
  { brandId: 1, brandName: 'Spring Green Lawn Care' },
  { brandId: 2, brandName: 'Pest Brigade' },
  { brandId: 3, brandName: 'Corporate' },
];

export const COMPANIES = COMPANY_TYPES.map((c) => ({ companyId: c.id, description: c.description }));

export const ROLES = [
  { roleId: Role.Administrator, name: 'Administrator', description: 'Administrator' },
  { roleId: Role.Supervisor, name: 'Supervisor', description: 'Call Centre Supervisor' },
  { roleId: Role.Representative, name: 'Representative', description: 'Customer Service Representative' },
  { roleId: Role.FranchiseUser, name: 'FranchiseUser', description: 'Franchise User' },
  { roleId: Role.CallCentreManager, name: 'CallCentreManager', description: 'Call Centre Manager' },
  { roleId: Role.UserAdministrator, name: 'UserAdministrator', description: 'User Administrator' },
  { roleId: Role.CallCentreLead, name: 'CallCentreLead', description: 'Call Centre Lead' },
  { roleId: Role.Measurer, name: 'Measurer', description: 'MeasureIt Measurer' },
  { roleId: Role.LeadsCCManager, name: 'SPG_LeadsCCManager', description: 'Leads Call Centre Manager' },
];

/** Roles each company type may give. */
export const COMPANY_ROLES: { companyId: number; roleIds: number[] }[] = [
  { companyId: 1, roleIds: [1, 2, 3, 5, 6, 7, 8, 9] },
  { companyId: 2, roleIds: [2, 3, 5, 7, 8] },
  { companyId: 3, roleIds: [3, 4, 8] },
  { companyId: 4, roleIds: [3, 8] },
];

export const APPLICATIONS = [
  {
    applicationId: 1,
    name: 'Inbound Calls',
    description: 'Search customers and take inbound calls.',
    sref: 'inbound',
    url: '/call-center/inbound',
  },
  {
    applicationId: 2,
    name: 'Outbound Calls',
    description: 'Work the outbound call lists.',
    sref: 'outbound',
    url: '/call-center/outbound',
  },
  {
    applicationId: 3,
    name: 'Call Search',
    description: 'Find calls by type, date, agent and completion.',
    sref: 'callSearch',
    url: '/call-center/callSearch',
  },
  {
    applicationId: 4,
    name: 'Call Centre Utilities',
    description: 'Import and assign call lists, reassign callbacks, resend emails.',
    sref: 'utilities',
    url: '/call-center/Utilities',
  },
  {
    applicationId: 5,
    name: 'User Management',
    description: 'Manage users, roles and permissions.',
    sref: 'manageUsers',
    url: '/UserManagement',
  },
  {
    applicationId: 6,
    name: 'MeasureIt',
    description: 'Measure lawns on the satellite map.',
    sref: 'searchMeasureIt',
    url: '/searchMeasureIt',
  },
  {
    applicationId: 7,
    name: 'MeasureIt Utilities',
    description: 'Import custom customer search lists.',
    sref: 'measureItUtilities',
    url: '/measureItUtilities',
  },
  {
    applicationId: 8,
    name: 'Knowledge Base',
    description: 'Answers for common customer questions.',
    sref: 'pbknowledgebase',
    url: '/pbknowledgebase',
  },
  {
    applicationId: 9,
    name: 'Wiki',
    description: 'Call-centre procedures and scripts.',
    sref: 'tikiwiki',
    url: '/tikiwiki',
  },
].map((a, i) => ({ ...a, sortOrder: i + 1 }));

const yesNo = { truevalue: 'true', falsevalue: 'false' };
export const PERMISSIONS = [
  {
    permissionId: 1,
    applicationId: 1,
    name: 'CallCenter.EditPricing',
    description: 'Edit prices, rounds and discounts on a call',
    values: yesNo,
  },
  {
    permissionId: 2,
    applicationId: 3,
    name: 'CallSearch.AllAgents',
    description: 'Search calls of every agent',
    values: yesNo,
  },
  {
    permissionId: 3,
    applicationId: 4,
    name: 'Utilities.ImportCalls',
    description: 'Import outbound call lists',
    values: yesNo,
  },
  { permissionId: 4, applicationId: 6, name: 'MeasureIt.Measure', description: 'Record measurements', values: yesNo },
  {
    permissionId: 5,
    applicationId: 6,
    name: 'MeasureIt.ApplyReason',
    description: 'Apply a not-measured reason to a selection',
    values: yesNo,
  },
];

/** Default applications per (company, role); a template row per permission of those applications. */
export const DEFAULT_APPLICATIONS: Record<string, number[]> = {
  '1:1': [1, 2, 3, 4, 5, 6, 7, 8, 9],
  '1:2': [1, 2, 3, 4, 7, 8, 9],
  '1:3': [1, 2, 3, 8, 9],
  '1:5': [1, 2, 3, 4, 8, 9],
  '1:6': [4, 5, 8, 9],
  '1:7': [1, 2, 3, 4, 8, 9],
  '1:8': [6],
  '1:9': [1, 2, 3, 8, 9],
  '2:2': [1, 2, 3, 4, 8, 9],
  '2:3': [1, 2, 3, 8, 9],
  '2:5': [1, 2, 3, 4, 8, 9],
  '2:7': [1, 2, 3, 4, 8, 9],
  '2:8': [6],
  '3:3': [1, 2, 3, 8],
  '3:4': [1, 2, 3, 6, 8],
  '3:8': [6],
  '4:3': [1, 3, 8],
  '4:8': [6],
};

export const TEMPLATE_VALUES: Record<number, (companyId: number, roleId: number) => string> = {
  1: (companyId, roleId) => (companyId === 2 || roleId === 1 || roleId === 9 ? 'true' : 'false'),
  2: (_c, roleId) => ([1, 2, 5, 7].includes(roleId) ? 'true' : 'false'),
  3: (_c, roleId) => ([1, 2, 5].includes(roleId) ? 'true' : 'false'),
  4: () => 'true',
  5: (_c, roleId) => ([1, 2, 8].includes(roleId) ? 'true' : 'false'),
};

export interface BranchSeed {
  branchNo: string;
  city: string;
  state: string;
  zips: string[];
}

export interface FranchiseSeed {
  sqldbid: number;
  compName: string;
  designation: 'IND' | 'COF';
  brandId: number;
  timeZone: string;
  branches: BranchSeed[];
}

const COF_AREAS: { city: string; state: string; zips: string[]; tz: string }[] = [
  { city: 'Omaha', state: 'NE', zips: ['68102', '68104', '68106', '68114', '68124', '68132'], tz: 'America/Chicago' },
  { city: 'Des Moines', state: 'IA', zips: ['50309', '50310', '50311', '50312', '50315'], tz: 'America/Chicago' },
  { city: 'Kansas City', state: 'MO', zips: ['64105', '64108', '64111', '64113', '64114'], tz: 'America/Chicago' },
  { city: 'Wichita', state: 'KS', zips: ['67202', '67203', '67206', '67208', '67212'], tz: 'America/Chicago' },
  { city: 'Tulsa', state: 'OK', zips: ['74103', '74104', '74105', '74112', '74133'], tz: 'America/Chicago' },
  { city: 'Springfield', state: 'IL', zips: ['62701', '62702', '62703', '62704', '62711'], tz: 'America/Chicago' },
  { city: 'Madison', state: 'WI', zips: ['53703', '53704', '53705', '53711', '53719'], tz: 'America/Chicago' },
  {
    city: 'Indianapolis',
    state: 'IN',
    zips: ['46201', '46203', '46205', '46220', '46250'],
    tz: 'America/Indiana/Indianapolis',
  },
];

export const COF_FRANCHISES: FranchiseSeed[] = COMPANY_OWNED_FRANCHISES.map((cof, i) => {
  const area = COF_AREAS[i];
  if (!area) throw new Error('missing COF area');
  return {
    sqldbid: cof.sqldbid,
    compName: `Spring Green Lawn Care of ${area.city}`,
    designation: 'COF',
    brandId: 1,
    timeZone: area.tz,
    branches: [{ branchNo: cof.branchNo, city: area.city, state: area.state, zips: area.zips }],
  };
});

const IND: { name: string; brandId: number; tz: string; branches: [string, string, string, string[]][] }[] = [
  {
    name: 'Green Meadows Lawn Care',
    brandId: 1,
    tz: 'America/Chicago',
    branches: [
      ['SG101', 'Naperville', 'IL', ['60540', '60563', '60564', '60565']],
      ['SG102', 'Aurora', 'IL', ['60502', '60504', '60505', '60506']],
      ['SG103', 'Joliet', 'IL', ['60431', '60432', '60435', '60436']],
    ],
  },
  {
    name: 'Prairie Turf Services',
    brandId: 1,
    tz: 'America/Chicago',
    branches: [
      ['SG111', 'Rockford', 'IL', ['61101', '61103', '61107', '61108']],
      ['SG112', 'Belvidere', 'IL', ['61008']],
    ],
  },
  {
    name: 'Lakeshore Lawn & Tree',
    brandId: 1,
    tz: 'America/Chicago',
    branches: [
      ['SG121', 'Milwaukee', 'WI', ['53202', '53204', '53207', '53211', '53215']],
      ['SG122', 'Waukesha', 'WI', ['53186', '53188', '53189']],
    ],
  },
  {
    name: 'Twin Cities Green',
    brandId: 1,
    tz: 'America/Chicago',
    branches: [
      ['SG131', 'Minneapolis', 'MN', ['55401', '55405', '55408', '55410', '55419']],
      ['SG132', 'St. Paul', 'MN', ['55102', '55104', '55105', '55116']],
      ['SG133', 'Bloomington', 'MN', ['55420', '55425', '55431', '55437']],
    ],
  },
  {
    name: 'Heartland Lawn Pros',
    brandId: 1,
    tz: 'America/Chicago',
    branches: [
      ['SG141', 'Lincoln', 'NE', ['68502', '68506', '68510', '68516']],
      ['SG142', 'Grand Island', 'NE', ['68801', '68803']],
    ],
  },
  {
    name: 'Buckeye Lawn Care',
    brandId: 1,
    tz: 'America/New_York',
    branches: [
      ['SG151', 'Columbus', 'OH', ['43201', '43204', '43209', '43214', '43220']],
      ['SG152', 'Dublin', 'OH', ['43016', '43017']],
    ],
  },
  {
    name: 'Hoosier Green Lawns',
    brandId: 1,
    tz: 'America/Indiana/Indianapolis',
    branches: [
      ['SG161', 'Fort Wayne', 'IN', ['46802', '46804', '46805', '46815']],
      ['SG162', 'South Bend', 'IN', ['46601', '46614', '46615', '46617']],
    ],
  },
  {
    name: 'Ozark Pest Brigade',
    brandId: 2,
    tz: 'America/Chicago',
    branches: [
      ['PB171', 'Springfield', 'MO', ['65802', '65804', '65807', '65810']],
      ['PB172', 'Branson', 'MO', ['65616']],
    ],
  },
  {
    name: 'River Valley Pest & Lawn',
    brandId: 2,
    tz: 'America/Chicago',
    branches: [
      ['PB181', 'Little Rock', 'AR', ['72201', '72205', '72207', '72212']],
      ['PB182', 'Conway', 'AR', ['72032', '72034']],
      ['PB183', 'Benton', 'AR', ['72015', '72019']],
    ],
  },
  {
    name: 'Bluegrass Lawn Masters',
    brandId: 1,
    tz: 'America/New_York',
    branches: [
      ['SG191', 'Lexington', 'KY', ['40502', '40503', '40504', '40509', '40517']],
      ['SG192', 'Louisville', 'KY', ['40205', '40207', '40217', '40222']],
    ],
  },
];

export const IND_FRANCHISES: FranchiseSeed[] = IND.map((f, i) => ({
  sqldbid: 18001 + i,
  compName: f.name,
  designation: 'IND',
  brandId: f.brandId,
  timeZone: f.tz,
  branches: f.branches.map(([branchNo, city, state, zips]) => ({ branchNo, city, state, zips })),
}));

export const ALL_FRANCHISES: FranchiseSeed[] = [...COF_FRANCHISES, ...IND_FRANCHISES];

export const DEMO_PASSWORD = 'Demo-pass1';

export interface DemoAccount {
  username: string;
  firstName: string;
  lastName: string;
  companyId: number;
  roleId: number;
  brandId: number;
  branches: string[];
  sqldbid: number | null;
  /** Applications when not the template default. */
  applications?: number[];
  /** CSR flags (administration.md §3); unset ones are false. Assignments and callbacks go to allowCorporate or isAdmin. */
  flags?: { allowCorporate?: boolean; allowFranchise?: boolean; isAdmin?: boolean; allowVerification?: boolean };
  description: string;
}

/**
 * The demo's people. Those of the corporate company work for the whole network, not for one brand: they have the
 * Corporate brand, so they see the corporate logo and the default theme (administration.md §2); a company-owned or
 * franchise user has its franchise's brand, and the external call centre the brand it answers for.
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'admin',
    firstName: 'Avery',
    lastName: 'Admin',
    companyId: 1,
    roleId: Role.Administrator,
    brandId: 3,
    branches: [],
    sqldbid: null,
    flags: { isAdmin: true, allowCorporate: true, allowVerification: true },
    description: 'Administrator (role 1), corporate: sees everything',
  },
  {
    username: 'csr.corporate',
    firstName: 'Casey',
    lastName: 'Corbin',
    companyId: 1,
    roleId: Role.Representative,
    brandId: 3,
    branches: [],
    sqldbid: null,
    flags: { allowCorporate: true, allowVerification: true },
    description: 'Corporate CSR (not admin): independent-franchise scope',
  },
  {
    username: 'csr.cof',
    firstName: 'Jordan',
    lastName: 'Owens',
    companyId: 2,
    roleId: Role.Representative,
    brandId: 1,
    branches: [],
    sqldbid: 17501,
    flags: { allowCorporate: true },
    description: 'Company-owned CSR: company-owned scope',
  },
  {
    username: 'csr.franchise',
    firstName: 'Riley',
    lastName: 'Franks',
    companyId: 3,
    roleId: Role.FranchiseUser,
    brandId: 1,
    branches: ['SG101', 'SG102'],
    sqldbid: 18001,
    flags: { allowFranchise: true },
    description: 'Independent-franchise user with branches SG101 and SG102',
  },
  {
    username: 'csr.external',
    firstName: 'Morgan',
    lastName: 'Exley',
    companyId: 4,
    roleId: Role.Representative,
    brandId: 2,
    branches: [],
    sqldbid: null,
    description: 'External call-centre CSR: general scope',
  },
  {
    username: 'supervisor',
    firstName: 'Sam',
    lastName: 'Supervisor',
    companyId: 1,
    roleId: Role.Supervisor,
    brandId: 3,
    branches: [],
    sqldbid: null,
    flags: { allowCorporate: true },
    description: 'Call-centre supervisor (role 2): utilities',
  },
  {
    username: 'usermanager',
    firstName: 'Uma',
    lastName: 'Manager',
    companyId: 1,
    roleId: Role.UserAdministrator,
    brandId: 3,
    branches: [],
    sqldbid: null,
    description: 'User administrator (role 6)',
  },
  {
    username: 'leadsmanager',
    firstName: 'Lee',
    lastName: 'Leads',
    companyId: 1,
    roleId: Role.LeadsCCManager,
    brandId: 3,
    branches: [],
    sqldbid: null,
    flags: { allowCorporate: true },
    description: 'Leads call-centre manager (SPG_LeadsCCManager)',
  },
  {
    username: 'measurer',
    firstName: 'Max',
    lastName: 'Measure',
    companyId: 1,
    roleId: Role.Measurer,
    brandId: 3,
    branches: [],
    sqldbid: null,
    applications: [6],
    description: 'MeasureIt only',
  },
];
