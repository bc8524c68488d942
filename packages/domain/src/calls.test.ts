import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CALLBACK_RESULTS,
  CALL_OPTIONS,
  CALL_RESULTS,
  CALL_TYPES,
  DEFAULT_FOLLOW_UP,
  INTERESTED_RESULTS,
  LEAD_STATUS_PRIORITY,
  OUTBOUND_CALL_TYPES,
  OUTBOUND_CALL_TYPE_NAMES,
  SALE_RESULTS,
  THP_RESULT,
  WEB_LEAD_DELETE_RESULTS,
  callTypeByName,
  firstLeadByPriority,
  isListable,
  isOutboundSource,
  type CallTypeName,
} from './calls.js';

const OUTBOUND_NAMES = [
  'Cancel',
  'Upsell',
  'CustomerSurvey',
  'SkippedRounds',
  'WebLead',
  'InboundFollowUp',
  'PropertyEval',
  'CommercialLead',
  'Extract',
];

describe('call types', () => {
  it('are Inbound and the nine outbound types, ids 1 to 10 in order', () => {
    expect(CALL_TYPES.map((t) => t.CallTypeId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(CALL_TYPES.map((t) => t.CallTypeName)).toEqual(['Inbound', ...OUTBOUND_NAMES]);
    expect(OUTBOUND_CALL_TYPE_NAMES).toEqual(OUTBOUND_NAMES);
    expect(OUTBOUND_CALL_TYPES.every((t) => t.outbound)).toBe(true);
    expect(CALL_TYPES.filter((t) => !t.outbound).map((t) => t.CallTypeName)).toEqual(['Inbound']);
  });

  it('have unique names and display names; the sidebar names of §2', () => {
    expect(new Set(CALL_TYPES.map((t) => t.CallTypeName)).size).toBe(10);
    expect(new Set(CALL_TYPES.map((t) => t.CallTypeDisplayName)).size).toBe(10);
    expect(callTypeByName('Cancel')?.CallTypeDisplayName).toBe('Cancel Calls');
    expect(callTypeByName('Upsell')?.CallTypeDisplayName).toBe('Upsell Postcard');
  });
});

describe('callTypeByName', () => {
  it.each(CALL_TYPES.map((t) => [t.CallTypeName, t.CallTypeId] as const))('%s → %i', (name, id) => {
    expect(callTypeByName(name)?.CallTypeId).toBe(id);
    expect(callTypeByName(name.toLowerCase())?.CallTypeId).toBe(id);
    expect(callTypeByName(name.toUpperCase())?.CallTypeId).toBe(id);
  });

  it.each(['', 'Bogus', 'WebLeads', 'Web Leads', 'Cancel Calls', ' Cancel', 'Cancel ', '2'])(
    'answers undefined for %j',
    (name) => {
      expect(callTypeByName(name)).toBeUndefined();
    },
  );

  it('Inbound is found and is not outbound', () => {
    expect(callTypeByName('inbound')).toMatchObject({ CallTypeId: 1, outbound: false });
  });
});

describe('call results', () => {
  it('every call type has results, none repeated within a type', () => {
    for (const type of CALL_TYPES) {
      const results = CALL_RESULTS[type.CallTypeName];
      expect(results.length, type.CallTypeName).toBeGreaterThan(0);
      expect(new Set(results).size, type.CallTypeName).toBe(results.length);
      expect(results.every((r) => r.trim() === r && r !== '')).toBe(true);
    }
    expect(Object.keys(CALL_RESULTS).sort()).toEqual(CALL_TYPES.map((t) => t.CallTypeName).sort());
  });

  it('every outbound type can record a sale, a callback and a no-answer', () => {
    for (const name of OUTBOUND_CALL_TYPE_NAMES) {
      const results = CALL_RESULTS[name];
      expect(
        results.some((r) => (SALE_RESULTS as readonly string[]).includes(r)),
        name,
      ).toBe(true);
      expect(results, name).toEqual(expect.arrayContaining(['No Answer', 'Call Back', 'Left Voicemail']));
    }
  });

  it('property evaluation and skipped rounds offer Call Back (they stay in the list with a new date, §4)', () => {
    expect(CALL_RESULTS.PropertyEval).toContain('Call Back');
    expect(CALL_RESULTS.SkippedRounds).toContain('Call Back');
  });

  it('the callback results of §4', () => {
    expect([...CALLBACK_RESULTS]).toEqual(['No Answer', 'Call Back', 'Estimate Requested', 'Left Voicemail']);
    // Every callback result is a result some outbound type offers.
    const offered = new Set(OUTBOUND_CALL_TYPE_NAMES.flatMap((n) => CALL_RESULTS[n]));
    for (const r of CALLBACK_RESULTS) expect(offered.has(r), r).toBe(true);
    expect(CALLBACK_RESULTS.some((r) => (SALE_RESULTS as readonly string[]).includes(r))).toBe(false);
  });

  it('sale results are Sale and Upsell', () => {
    expect([...SALE_RESULTS]).toEqual(['Sale', 'Upsell']);
  });

  it('web-lead delete results are those of §4 and are all web-lead results', () => {
    expect([...WEB_LEAD_DELETE_RESULTS].sort()).toEqual(
      ['Interested Prospect - THP', 'Interested Prospect', 'Estimate Requested'].sort(),
    );
    for (const r of WEB_LEAD_DELETE_RESULTS) expect(CALL_RESULTS.WebLead).toContain(r);
  });

  it('interested results raise the inbound follow-up count; THP is one of them', () => {
    expect([...INTERESTED_RESULTS].sort()).toEqual(['Interested Prospect', 'Interested Prospect - THP']);
    expect(INTERESTED_RESULTS).toContain(THP_RESULT);
    expect(THP_RESULT).toBe('Interested Prospect - THP');
    for (const type of ['Inbound', 'WebLead', 'InboundFollowUp'] as CallTypeName[]) {
      for (const r of INTERESTED_RESULTS) expect(CALL_RESULTS[type], type).toContain(r);
    }
  });
});

describe('call options', () => {
  it('answer ids 130-134, 136-140 and 141-143, and follow-up options 1 to 6', () => {
    const ids = CALL_OPTIONS.map((o) => o.Id);
    expect(ids).toEqual([130, 131, 132, 133, 134, 136, 137, 138, 139, 140, 141, 142, 143, 1, 2, 3, 4, 5, 6]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the follow-up options in order, default None', () => {
    const followUp = CALL_OPTIONS.filter((o) => o.Id <= 6);
    expect(followUp.map((o) => o.OptionName)).toEqual([
      'None',
      'Franchise Owner',
      'More Questions',
      'Speak with Owner',
      'Service Problem',
      'Other',
    ]);
    expect(new Set(followUp.map((o) => o.HeaderName)).size).toBe(1);
    expect(DEFAULT_FOLLOW_UP).toBe('None');
    expect(followUp[0]?.OptionName).toBe(DEFAULT_FOLLOW_UP);
  });

  it('each answer group has its own header', () => {
    const header = (from: number, to: number) =>
      new Set(CALL_OPTIONS.filter((o) => o.Id >= from && o.Id <= to).map((o) => o.HeaderName));
    const groups = [header(130, 134), header(136, 140), header(141, 143), header(1, 6)];
    for (const g of groups) expect(g.size).toBe(1);
    expect(new Set(groups.map((g) => [...g][0])).size).toBe(4);
  });
});

describe('firstLeadByPriority', () => {
  const lead = (status: string, id = 0) => ({ status, id });

  it('answers undefined for no leads or only unknown statuses', () => {
    expect(firstLeadByPriority([])).toBeUndefined();
    expect(firstLeadByPriority([lead('archived'), lead(''), lead('new')])).toBeUndefined();
  });

  it('follows prospect, open, pending, won, lost, deleted', () => {
    expect([...LEAD_STATUS_PRIORITY]).toEqual(['prospect', 'open', 'pending', 'won', 'lost', 'deleted']);
    const all = ['deleted', 'lost', 'won', 'pending', 'open', 'prospect'].map((s, i) => lead(s, i));
    for (let k = 0; k < LEAD_STATUS_PRIORITY.length; k++) {
      const remaining = all.filter((l) => LEAD_STATUS_PRIORITY.indexOf(l.status as never) >= k);
      expect(firstLeadByPriority(remaining)?.status).toBe(LEAD_STATUS_PRIORITY[k]);
    }
  });

  it('ignores case and unknown statuses; the first of equal rank wins', () => {
    expect(firstLeadByPriority([lead('Lost', 1), lead('OPEN', 2), lead('archived', 3)])?.id).toBe(2);
    expect(firstLeadByPriority([lead('won', 1), lead('won', 2), lead('lost', 3)])?.id).toBe(1);
    expect(firstLeadByPriority([lead('deleted', 1)])?.id).toBe(1);
  });

  it('property: the answer is a lead of the best rank present, the first such one', () => {
    const status = fc.constantFrom(...LEAD_STATUS_PRIORITY, 'Prospect', 'WON', 'archived', 'new', '');
    fc.assert(
      fc.property(fc.array(status, { maxLength: 12 }), (statuses) => {
        const leads = statuses.map((s, i) => lead(s, i));
        const rank = (s: string) => LEAD_STATUS_PRIORITY.indexOf(s.toLowerCase() as never);
        const ranked = leads.filter((l) => rank(l.status) >= 0);
        const got = firstLeadByPriority(leads);
        if (ranked.length === 0) return got === undefined;
        const best = Math.min(...ranked.map((l) => rank(l.status)));
        return got === ranked.find((l) => rank(l.status) === best);
      }),
    );
  });
});

describe('isListable', () => {
  const base = { type: 'Cancel', custNo: 1234, callComplete: false, enablePropEval: false };

  it.each([
    ['a plain row', base, true],
    ['customer number 0 (a new prospect)', { ...base, custNo: 0 }, true],
    ['customer number -1', { ...base, custNo: -1 }, false],
    ['no customer number', { ...base, custNo: null }, false],
    ['completed', { ...base, callComplete: true }, false],
    ['deleted', { ...base, deleted: true }, false],
    ['explicitly not deleted', { ...base, deleted: false }, true],
    ['property evaluation disabled', { ...base, type: 'PropertyEval' }, false],
    ['property evaluation enabled', { ...base, type: 'PropertyEval', enablePropEval: true }, true],
    [
      'property evaluation enabled but completed',
      { ...base, type: 'PropertyEval', enablePropEval: true, callComplete: true },
      false,
    ],
    [
      'property evaluation enabled, customer -1',
      { ...base, type: 'PropertyEval', enablePropEval: true, custNo: -1 },
      false,
    ],
    ['another type ignores enablePropEval', { ...base, type: 'WebLead', enablePropEval: true }, true],
  ])('%s → %s', (_name, row, listed) => {
    expect(isListable(row)).toBe(listed);
  });

  it('property: listed exactly when every condition of §5 holds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OUTBOUND_NAMES),
        fc.option(fc.integer({ min: -3, max: 5 }), { nil: null }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (type, custNo, callComplete, enablePropEval, deleted) => {
          const expected =
            custNo !== null &&
            custNo !== -1 &&
            !callComplete &&
            !deleted &&
            (type !== 'PropertyEval' || enablePropEval);
          return isListable({ type, custNo, callComplete, enablePropEval, deleted }) === expected;
        },
      ),
    );
  });
});

describe('isOutboundSource', () => {
  it.each([
    ['Outbound-Cancel', true],
    ['Outbound-WebLead', true],
    ['Import-Cancel', false],
    ['outbound-Cancel', false],
    ['Outbound', false],
    ['Outbound Cancel', false],
    [' Outbound-Cancel', false],
    ['', false],
  ])('%j → %s', (source, ok) => {
    expect(isOutboundSource(source)).toBe(ok);
  });
});
