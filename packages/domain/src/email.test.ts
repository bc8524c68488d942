import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  endCallEmail,
  escapeHtml,
  splitEmailAddresses,
  thpEmail,
  type EmailCustomer,
  type EmailFranchise,
} from './email.js';

const customer: EmailCustomer = {
  customerNo: 1001,
  firstName: 'Margaret',
  lastName: 'Thornbury',
  email: 'margaret@example.com',
  address: '412 Maple Ave',
  city: 'Naperville',
  state: 'IL',
  zip: '605401234',
  homePhone: '6305550142',
  workPhone: '',
  cellPhone: '(630) 555-0199',
  customerType: 'Existing Customer',
};
const franchise: EmailFranchise = {
  sqldbid: 18001,
  branchNo: 'SG101',
  compName: 'Green Acres Lawn',
  phone: '8005551000',
  email: 'office@greenacres.example',
  address: '100 Commerce Dr, Naperville, IL',
  officeHours: 'Mon-Fri 8:00-17:00',
};
const receipt = [
  'Preferred Program (6 rounds)     $270.00',
  'Call discount                    -$27.00',
  'Sales tax 7.25%                   $17.62',
  'Total                            $260.62',
].join('\n');

describe('splitEmailAddresses', () => {
  it('splits on ; and , and drops blanks, invalid entries and repeats', () => {
    expect(splitEmailAddresses('manager@a.example; sales@a.example,, not-an-address ,MANAGER@a.example')).toEqual([
      'manager@a.example',
      'sales@a.example',
    ]);
    expect(splitEmailAddresses('')).toEqual([]);
  });
});

describe('escapeHtml', () => {
  it('escapes every character that could open markup, and nothing else', () => {
    expect(escapeHtml(`<b a="1">Tom & Jerry's</b>`)).toBe('&lt;b a=&quot;1&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const escaped = escapeHtml(s);
        expect(escaped).not.toMatch(/[<>"']/);
        const back = escaped
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&amp;/g, '&');
        expect(back).toBe(s);
      }),
    );
  });
});

describe('endCallEmail', () => {
  const base = {
    callId: 77,
    callEnd: '2026-06-15 10:04:00',
    callResult: 'Sale',
    agent: 'Riley Franks',
    customer,
    franchise,
    receipt,
    orderId: 5012,
  };

  it('confirms an order and carries the receipt word for word, in text and HTML', () => {
    const m = endCallEmail(base);
    expect(m.subject).toBe('Green Acres Lawn: your order 5012 is confirmed');
    expect(m.text).toContain('Dear Margaret Thornbury,');
    expect(m.text).toContain(receipt);
    expect(m.text).toContain('Service address: 412 Maple Ave, Naperville, IL 60540-1234');
    expect(m.text).toContain('(800) 555-1000');
    expect(m.html).toContain(`<pre style="font-family:Consolas,Menlo,monospace;font-size:13px">${receipt}</pre>`);
  });

  it('thanks for a call without an order and leaves out an empty receipt', () => {
    const m = endCallEmail({ ...base, orderId: null, receipt: '  ', callResult: 'Information Only' });
    expect(m.subject).toBe('Green Acres Lawn: thank you for your call');
    expect(m.text).not.toContain('Receipt');
    expect(m.html).not.toContain('<pre');
    expect(m.text).toContain('Result:          Information Only');
  });

  it('never confirms an order for a call that is not a sale: a priced non-sale is a quote, nothing ordered', () => {
    const m = endCallEmail({ ...base, callResult: 'No Sale' });
    expect(m.subject).toBe('Green Acres Lawn: your quote 5012');
    expect(m.subject).not.toContain('confirmed');
    expect(m.text).toContain('Nothing has been ordered');
    expect(m.text).not.toMatch(/order 5012|confirms/i);
    expect(m.text).toContain('Quote:');
    expect(m.text).toContain(`Quote\n-----\n${receipt}`);
    expect(m.html).toContain('<h3>Quote</h3>');
  });

  it('escapes what customers and CSRs typed in the HTML part', () => {
    const m = endCallEmail({ ...base, customer: { ...customer, firstName: '<script>' }, receipt: 'A & B <x>' });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('A &amp; B &lt;x&gt;');
    expect(m.text).toContain('A & B <x>');
  });

  it('greets a customer without a name and shows no address for a prospect without one', () => {
    const m = endCallEmail({
      ...base,
      customer: { ...customer, firstName: '', lastName: '', address: '', city: '', state: '', zip: 'N/A' },
    });
    expect(m.text).toContain('Dear customer,');
    expect(m.text).not.toContain('Service address');
  });
});

describe('thpEmail', () => {
  const base = {
    callId: 78,
    callEnd: '2026-06-15 10:10:00',
    callResult: 'Interested Prospect - THP',
    surveyInterest: false,
    agent: 'Riley Franks',
    notes: 'Call after 5 pm.',
    customer,
    franchise,
    companyEmails: ['manager@greenacres.example', 'sales@greenacres.example'],
  };

  it('names the prospect and branch, why, the customer, the franchise and the company addresses', () => {
    const m = thpEmail(base);
    expect(m.subject).toBe('Interested Prospect - THP: Margaret Thornbury (SG101)');
    expect(m.text).toContain("Interest in the THP program: call result 'Interested Prospect - THP'.");
    expect(m.text).toContain('Home phone:    (630) 555-0142');
    expect(m.text).toContain('Cell phone:    (630) 555-0199');
    expect(m.text).not.toContain('Work phone');
    expect(m.text).toContain('Customer no.:  1001');
    expect(m.text).toContain('Company:      Green Acres Lawn');
    expect(m.text).toContain('Notes:  Call after 5 pm.');
    expect(m.text).toContain('Company email addresses: manager@greenacres.example; sales@greenacres.example');
    expect(m.html).toContain('<h3>Franchise</h3>');
  });

  it('gives the survey as the reason, or both', () => {
    expect(thpEmail({ ...base, callResult: 'Sale', surveyInterest: true }).text).toContain(
      'Interest in the THP program: survey question 105 answered Yes.',
    );
    expect(thpEmail({ ...base, surveyInterest: true }).text).toContain(
      "call result 'Interested Prospect - THP' and survey question 105 answered Yes",
    );
  });

  it('calls a customer number 0 a new prospect', () => {
    const m = thpEmail({ ...base, customer: { ...customer, customerNo: 0, firstName: '', lastName: '' } });
    expect(m.subject).toBe('Interested Prospect - THP: New prospect (SG101)');
    expect(m.text).toContain('Customer no.:  new prospect');
  });
});
