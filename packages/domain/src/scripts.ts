/** Call scripts and the service-call reasons (call-handling.md §2, §9). */
import type { CallTypeName } from './calls.js';

const OPENING: Record<CallTypeName, string> = {
  Inbound: 'Thank you for calling {company}, this is {agent}. How may I help you today?',
  Cancel: 'Hello, this is {agent} with {company}. I am calling about your recent request to cancel your lawn program.',
  Upsell: 'Hello, this is {agent} with {company}. You recently received our postcard about additional lawn services.',
  CustomerSurvey:
    'Hello, this is {agent} with {company}. Do you have two minutes for a short survey about our service?',
  SkippedRounds:
    'Hello, this is {agent} with {company}. We were not able to complete a scheduled application at your home.',
  WebLead: 'Hello, this is {agent} with {company}. Thank you for requesting a quote on our website.',
  InboundFollowUp: 'Hello, this is {agent} with {company}, following up on your recent call with us.',
  PropertyEval:
    'Hello, this is {agent} with {company}. Our specialist evaluated your property and I have your recommendations.',
  CommercialLead: 'Hello, this is {agent} with {company}. I am calling about lawn care for your business property.',
  Extract: 'Hello, this is {agent} with {company}. I am calling about your lawn care for this season.',
};

const CLOSING =
  'Before we finish: may I confirm your email address so that we can send your confirmation? Thank you for choosing {company}.';

export function callScript(
  callType: CallTypeName,
  vars: { agent: string; company: string },
): { title: string; paragraphs: string[] } {
  const fill = (text: string) => text.replaceAll('{agent}', vars.agent).replaceAll('{company}', vars.company);
  return {
    title: `${callType === 'Inbound' ? 'Inbound call' : 'Outbound call'} script`,
    paragraphs: [
      fill(OPENING[callType]),
      'Verify the name, service address and phone number on the account.',
      'Listen to the customer, then review the programs and services that fit the lawn size and the season.',
      fill(CLOSING),
    ],
  };
}

/** The fixed list of 35 service-call reasons, from 'Waiting' to 'can’t reach the local office'. */
export const SERVICE_CALL_REASONS: readonly string[] = [
  'Waiting',
  'Weeds not controlled',
  'Crabgrass',
  'Grubs',
  'Brown spots',
  'Lawn disease',
  'Insects in the lawn',
  'Insects in the house',
  'Ants',
  'Spiders',
  'Mosquitoes',
  'Ticks',
  'Moles or voles',
  'Fertiliser burn',
  'Missed application',
  'Late application',
  'Wrong property treated',
  'Gate left open',
  'Pet exposure concern',
  'Damage to property',
  'Flower bed sprayed',
  'Tree or shrub problem',
  'Aeration not done',
  'Overseeding not growing',
  'Irrigation advice',
  'Mowing advice',
  'Thin lawn',
  'Moss',
  'Nutsedge',
  'Clover',
  'Billing dispute',
  'Technician conduct',
  'No door hanger left',
  'Wants a callback from the technician',
  'can\u2019t reach the local office',
];
