/**
 * The messages ending a call sends (call-handling.md §4): the end-call confirmation carrying the text
 * receipt, and the THP email for 'Interested Prospect - THP' results or survey answer 105 = Yes. Pure:
 * the server reads the call, the customer and the franchise and hands them in; these build the words.
 */
import { buildFullAddress, displayZip, formatPhone } from './address.js';
import { THP_RESULT } from './calls.js';
import { THP_SURVEY_QUESTION_ID, isSaleResult } from './end-call.js';

export type EmailKind = 'end-call' | 'thp';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailCustomer {
  customerNo: number;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  homePhone?: string;
  workPhone?: string;
  cellPhone?: string;
  customerType?: string;
}

export interface EmailFranchise {
  sqldbid: number;
  branchNo: string;
  compName: string;
  phone: string;
  email: string;
  address: string;
  officeHours: string;
}

/** Addresses kept in one text field, separated by ';' or ',' (the company's email addresses). */
export function splitEmailAddresses(value: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of value.split(/[;,]/)) {
    const address = raw.trim();
    if (address === '' || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) continue;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;',
  );
}

const fullName = (c: { firstName: string; lastName: string }) =>
  [c.firstName.trim(), c.lastName.trim()].filter((p) => p !== '').join(' ');

const customerAddress = (c: EmailCustomer) =>
  buildFullAddress(c.address, c.city, c.state, c.zip === 'N/A' ? '' : displayZip(c.zip));

const phone = (value: string | undefined) => formatPhone((value ?? '').replace(/\D/g, '')) || '';

/** Label/value lines, shown as aligned text and as an HTML table. */
type Lines = [label: string, value: string][];

function textLines(lines: Lines): string {
  const width = Math.max(...lines.map(([label]) => label.length)) + 2;
  return lines.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`).join('\n');
}

function htmlTable(lines: Lines): string {
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table cellspacing="0" cellpadding="0">${rows}</table>`;
}

function htmlPage(title: string, body: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222">${body}</body></html>`
  );
}

const franchiseLines = (f: EmailFranchise): Lines =>
  (
    [
      ['Company', f.compName],
      ['Branch', f.branchNo],
      ['Phone', phone(f.phone)],
      ['Email', f.email],
      ['Address', f.address],
      ['Office hours', f.officeHours],
    ] as Lines
  ).filter(([, value]) => value.trim() !== '');

export interface EndCallEmailInput {
  callId: number;
  /** 'YYYY-MM-DD HH:mm:ss' (call time, America/Chicago). */
  callEnd: string;
  callResult: string;
  agent: string;
  customer: EmailCustomer;
  franchise: EmailFranchise;
  /** The call history record's text receipt (Reciept); may be empty when nothing was sold. */
  receipt: string;
  orderId: number | null;
}

/**
 * The end-call email: a greeting, the receipt as the call history holds it, and whom to contact. Only a sale's order
 * is confirmed; a priced call that is not a sale keeps its order as a pending quote, and its email says it is a quote
 * and that nothing has been ordered (docs/decisions/025-end-call-email-and-pricing-year.md); a call without an order
 * is thanked for.
 */
export function endCallEmail(input: EndCallEmailInput): EmailContent {
  const { customer, franchise } = input;
  const name = fullName(customer);
  const kind = input.orderId === null ? 'call' : isSaleResult(input.callResult) ? 'order' : 'quote';
  const subject = {
    order: `${franchise.compName}: your order ${input.orderId} is confirmed`,
    quote: `${franchise.compName}: your quote ${input.orderId}`,
    call: `${franchise.compName}: thank you for your call`,
  }[kind];
  const greeting = name !== '' ? `Dear ${name},` : 'Dear customer,';
  const intro = {
    order: `Thank you for your order. This confirms what we agreed on the phone (order ${input.orderId}, call ${input.callId}).`,
    quote: `Thank you for speaking with us. This is the quote we prepared on the phone (quote ${input.orderId}, call ${input.callId}). Nothing has been ordered: call us when you would like to go ahead.`,
    call: `Thank you for speaking with us. This is a summary of your call (call ${input.callId}).`,
  }[kind];
  const details: Lines = [
    ['Date', input.callEnd],
    ['Spoke with', input.agent],
    ['Result', input.callResult],
    ...(kind === 'order' ? ([['Order', String(input.orderId)]] as Lines) : []),
    ...(kind === 'quote' ? ([['Quote', String(input.orderId)]] as Lines) : []),
    ...(customerAddress(customer) !== '' ? ([['Service address', customerAddress(customer)]] as Lines) : []),
  ];
  const heading = kind === 'quote' ? 'Quote' : 'Receipt';
  const receipt = input.receipt.replace(/\r\n?/g, '\n').trimEnd();
  const contact = franchiseLines(franchise);
  const text = [
    greeting,
    '',
    intro,
    '',
    textLines(details),
    ...(receipt !== '' ? ['', heading, '-'.repeat(heading.length), receipt] : []),
    '',
    'Questions? Contact us:',
    textLines(contact),
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      htmlTable(details),
      receipt !== ''
        ? `<h3>${heading}</h3><pre style="font-family:Consolas,Menlo,monospace;font-size:13px">${escapeHtml(receipt)}</pre>`
        : '',
      '<p>Questions? Contact us:</p>',
      htmlTable(contact),
    ].join(''),
  );
  return { subject, text, html };
}

export interface ThpEmailInput {
  callId: number;
  /** 'YYYY-MM-DD HH:mm:ss' (call time, America/Chicago). */
  callEnd: string;
  callResult: string;
  /** True when the survey's question 105 was answered Yes. */
  surveyInterest: boolean;
  agent: string;
  notes: string;
  customer: EmailCustomer;
  franchise: EmailFranchise;
  /** The company's email addresses (where the message goes; listed in it too). */
  companyEmails: readonly string[];
}

/** The THP lead: who is interested, why we think so, and the franchise that will follow up. */
export function thpEmail(input: ThpEmailInput): EmailContent {
  const { customer, franchise } = input;
  const name = fullName(customer) || 'New prospect';
  const subject = `Interested Prospect - THP: ${name} (${franchise.branchNo})`;
  const reasons = [
    ...(input.callResult.trim() === THP_RESULT ? [`call result '${THP_RESULT}'`] : []),
    ...(input.surveyInterest ? [`survey question ${THP_SURVEY_QUESTION_ID} answered Yes`] : []),
  ];
  const why = `Interest in the THP program: ${reasons.length > 0 ? reasons.join(' and ') : 'not recorded'}.`;
  const customerLines = (
    [
      ['Name', name],
      ['Customer no.', customer.customerNo > 0 ? String(customer.customerNo) : 'new prospect'],
      ['Customer type', customer.customerType ?? ''],
      ['Address', customerAddress(customer)],
      ['Home phone', phone(customer.homePhone)],
      ['Work phone', phone(customer.workPhone)],
      ['Cell phone', phone(customer.cellPhone)],
      ['Email', customer.email],
    ] as Lines
  ).filter(([, value]) => value.trim() !== '');
  const callLines: Lines = [
    ['Call', String(input.callId)],
    ['Date', input.callEnd],
    ['Agent', input.agent],
    ['Result', input.callResult],
    ...(input.notes.trim() !== '' ? ([['Notes', input.notes.trim()]] as Lines) : []),
  ];
  const franchise_ = franchiseLines(franchise);
  const companyEmails = input.companyEmails.join('; ');
  const text = [
    subject,
    '',
    why,
    '',
    'Customer',
    textLines(customerLines),
    '',
    'Call',
    textLines(callLines),
    '',
    'Franchise',
    textLines(franchise_),
    '',
    `Company email addresses: ${companyEmails || 'none on file'}`,
    '',
  ].join('\n');
  const html = htmlPage(
    subject,
    [
      `<h2>${escapeHtml(subject)}</h2>`,
      `<p>${escapeHtml(why)}</p>`,
      '<h3>Customer</h3>',
      htmlTable(customerLines),
      '<h3>Call</h3>',
      htmlTable(callLines),
      '<h3>Franchise</h3>',
      htmlTable(franchise_),
      `<p>Company email addresses: ${escapeHtml(companyEmails || 'none on file')}</p>`,
    ].join(''),
  );
  return { subject, text, html };
}
