/** The demo accounts as the browser sees them: name, brand logo and the application cards of the dashboard. */
export interface DemoAccount {
  username: string;
  name: string;
  logo: 'corporate' | 'lawn' | 'pest';
  /** The dashboard's cards (`app-{sref}`), the wiki and knowledge base included when configured. */
  apps: string[];
}

/** The nine demo accounts: the application cards each one's dashboard shows, and its brand's logo. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'admin',
    name: 'Avery Admin',
    logo: 'corporate',
    apps: [
      'inbound',
      'outbound',
      'callSearch',
      'utilities',
      'manageUsers',
      'searchMeasureIt',
      'measureItUtilities',
      'pbknowledgebase',
      'tikiwiki',
      // Not applications: the floor's and the reports' cards, for whoever their screen rule lets in (decisions 035
      // and 082).
      'floor',
      'reports',
    ],
  },
  {
    username: 'csr.corporate',
    name: 'Casey Corbin',
    logo: 'corporate',
    apps: ['inbound', 'outbound', 'callSearch', 'pbknowledgebase', 'tikiwiki'],
  },
  {
    username: 'csr.cof',
    name: 'Jordan Owens',
    logo: 'lawn',
    apps: ['inbound', 'outbound', 'callSearch', 'pbknowledgebase', 'tikiwiki'],
  },
  {
    username: 'csr.franchise',
    name: 'Riley Franks',
    logo: 'lawn',
    apps: ['inbound', 'outbound', 'callSearch', 'searchMeasureIt', 'pbknowledgebase'],
  },
  { username: 'csr.external', name: 'Morgan Exley', logo: 'pest', apps: ['inbound', 'callSearch', 'pbknowledgebase'] },
  {
    username: 'supervisor',
    name: 'Sam Supervisor',
    logo: 'corporate',
    apps: [
      'inbound',
      'outbound',
      'callSearch',
      'utilities',
      'measureItUtilities',
      'pbknowledgebase',
      'tikiwiki',
      'floor',
      'reports',
    ],
  },
  {
    username: 'usermanager',
    name: 'Uma Manager',
    logo: 'corporate',
    apps: ['utilities', 'manageUsers', 'pbknowledgebase', 'tikiwiki', 'floor', 'reports'],
  },
  {
    username: 'leadsmanager',
    name: 'Lee Leads',
    logo: 'corporate',
    apps: ['inbound', 'outbound', 'callSearch', 'pbknowledgebase', 'tikiwiki'],
  },
  { username: 'measurer', name: 'Max Measure', logo: 'corporate', apps: ['searchMeasureIt'] },
];
