/**
 * The demo's service catalogue and base prices: the services, their list prices by lawn-size bracket in the base
 * year, and which franchises leave a program out (so the pricing screen's placeholders show).
 */
/** The first service year with prices; the seed goes on to the year after the current one. */
export const PRICING_FIRST_YEAR = 2025;
/** Prices are those of this year; other years move 3 % a year. */
export const PRICING_BASE_YEAR = 2026;

/** Lawn-size brackets in thousands of square feet: a price applies from its size up to the next one. */
export const SIZE_BRACKETS = [0, 5, 8, 12, 16, 20, 25, 35] as const;

export const SERVICE = {
  PestInitial: 45,
  Preferred: 101,
  Economy: 102,
  PreferredPlus: 103,
  Pest: 201,
  Grub: 301,
  CoreAeration: 310,
  Overseeding: 311,
  TreeShrub: 320,
  Mosquito: 330,
  Lime: 340,
  SoilTest: 350,
} as const;

export const SERVICE_DEFINITIONS = [
  {
    serviceDefId: SERVICE.PestInitial,
    serviceName: 'Pest Initial Payment',
    serviceGroup: 'A' as const,
    description: 'The first pest service, paid at sign-up; it starts the pest program and is never billed monthly.',
  },
  {
    serviceDefId: SERVICE.Preferred,
    serviceName: 'Preferred Program',
    serviceGroup: 'L' as const,
    description:
      'Our full season of lawn care: fertiliser, pre-emergent crabgrass control and broadleaf weed control at every round, with a free soil test.',
  },
  {
    serviceDefId: SERVICE.Economy,
    serviceName: 'Economy Program',
    serviceGroup: 'L' as const,
    description: 'Fertiliser and weed control at fewer rounds: the essentials for a healthy lawn.',
  },
  {
    serviceDefId: SERVICE.PreferredPlus,
    serviceName: 'Preferred Plus Program',
    serviceGroup: 'L' as const,
    description: 'The Preferred Program with grub control at a discount: the lawn care most customers choose.',
  },
  {
    serviceDefId: SERVICE.Pest,
    serviceName: 'Pest Control Program',
    serviceGroup: 'P' as const,
    description: 'Year-round perimeter pest control for ants, spiders and other household pests, billed monthly.',
  },
  {
    serviceDefId: SERVICE.Grub,
    serviceName: 'Grub Control',
    serviceGroup: 'A' as const,
    description: 'One preventive application that stops grubs before they eat the roots of the lawn.',
  },
  {
    serviceDefId: SERVICE.CoreAeration,
    serviceName: 'Core Aeration',
    serviceGroup: 'A' as const,
    description: 'Pulls plugs of soil to let air, water and fertiliser reach the roots; best in spring or fall.',
  },
  {
    serviceDefId: SERVICE.Overseeding,
    serviceName: 'Aeration & Overseeding',
    serviceGroup: 'A' as const,
    description: 'Core aeration followed by premium seed to thicken thin lawns.',
  },
  {
    serviceDefId: SERVICE.TreeShrub,
    serviceName: 'Tree & Shrub Care',
    serviceGroup: 'A' as const,
    description: 'Feeding and insect control for ornamental trees and shrubs; sold with a lawn program.',
  },
  {
    serviceDefId: SERVICE.Mosquito,
    serviceName: 'Mosquito Control',
    serviceGroup: 'A' as const,
    description: 'Monthly barrier treatment of the yard from spring to fall, billed monthly.',
  },
  {
    serviceDefId: SERVICE.Lime,
    serviceName: 'Lime Treatment',
    serviceGroup: 'A' as const,
    description: 'Raises the pH of acid soil so the lawn can use its fertiliser.',
  },
  {
    serviceDefId: SERVICE.SoilTest,
    serviceName: 'Soil Test',
    serviceGroup: 'A' as const,
    description: 'A laboratory analysis of the soil with recommendations; included in the Preferred programs.',
  },
];

/** Base prices in dollars (PRICING_BASE_YEAR, factor 1): one per bracket, or a single flat price. */
export const LAWN_PRICES = {
  preferred: [42, 48, 55, 62, 70, 79, 92, 110],
  economy: [35, 40, 46, 52, 58, 66, 77, 92],
  preferredPlus: [50, 57, 65, 73, 82, 92, 107, 128],
};
export interface AdditionalSeed {
  serviceDefId: number;
  code: string;
  gl: string;
  prices: number[];
  monthly?: boolean;
  bundleOnly?: boolean;
}
export const ADDITIONAL: AdditionalSeed[] = [
  { serviceDefId: SERVICE.Grub, code: 'GRB', gl: '4100', prices: [79, 89, 99, 115, 129, 145, 169, 199] },
  { serviceDefId: SERVICE.CoreAeration, code: 'AER', gl: '4200', prices: [99, 115, 135, 155, 175, 199, 239, 289] },
  { serviceDefId: SERVICE.Overseeding, code: 'AOS', gl: '4200', prices: [199, 239, 279, 329, 379, 429, 499, 599] },
  { serviceDefId: SERVICE.Lime, code: 'LIM', gl: '4250', prices: [59, 69, 79, 92, 105, 119, 139, 159] },
  { serviceDefId: SERVICE.TreeShrub, code: 'TSC', gl: '4400', prices: [189], bundleOnly: true },
  { serviceDefId: SERVICE.Mosquito, code: 'MOS', gl: '4300', prices: [39], monthly: true },
  { serviceDefId: SERVICE.SoilTest, code: 'SOI', gl: '4600', prices: [49] },
];
export const PEST = { initialPayment: 99, initialFee: 149, monthly: 45 };

/** Which programs a franchise sells: most sell everything; these leave something out. */
const NO_ECONOMY = new Set([18002, 18010, 17504]);
const NO_PREFERRED = new Set([18008]);
const NO_PEST = new Set([18004, 18010, 17503, 17508]);

export interface Sells {
  preferred: boolean;
  economy: boolean;
  pest: boolean;
}

/** The programs a franchise sells (the additional services, every franchise). */
export function sellsOf(sqldbid: number): Sells {
  return { preferred: !NO_PREFERRED.has(sqldbid), economy: !NO_ECONOMY.has(sqldbid), pest: !NO_PEST.has(sqldbid) };
}

/** Franchises that take no monthly installments (billing application 1, payment 4). */
export const NO_MONTHLY_PAYMENT = new Set([18003, 17506]);
