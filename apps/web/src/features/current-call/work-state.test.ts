import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CallWorkState, StoredWorkState, type StoredCallWorkState } from '@cc/contract';
import { belongsTo, callRowOf, freshWork, stateOf, workOf, type CallWork } from './work-state';

const START = '2026-05-04 09:15:00';

/** A call with something of everything done on it. */
const busy: CallWork = {
  callStart: START,
  draft: {
    result: 'Sale',
    followUp: 'Email',
    callbackAt: '2026-05-06 14:00:00',
    serviceCallReason: null,
    notes: 'Wants the first round early.\nGate code 1234.',
    survey: { 102: 'Yes', 7: 'Radio' },
    pricing: {
      serviceYear: 2027,
      selections: { lawnProgramId: 11, additionalServiceIds: [3, 5], couponCode: 'SAVE20', offerId: null },
      flags: { prepay: false, callDiscount: true },
      edits: {},
    },
  },
  customerEdits: { firstName: 'Nora', lastName: 'Quill' },
  infoEditId: 42,
  phoneCallId: 'CA-5150-77',
};

/** What the server gives back: the state as the contract stores it. */
const stored = (work: CallWork, customerNo: number, extra: Partial<StoredCallWorkState> = {}): StoredCallWorkState => ({
  callType: 'Inbound',
  callRow: '',
  revision: 3,
  updatedAt: '2026-05-04T14:20:00.000Z',
  state: StoredWorkState.parse(CallWorkState.parse(stateOf(work, customerNo))),
  ...extra,
});

describe('stateOf', () => {
  it('is a state the server takes as it is', () => {
    const state = stateOf(busy, 1005);
    expect(CallWorkState.parse(state)).toEqual(CallWorkState.parse(JSON.parse(JSON.stringify(state))));
    expect(CallWorkState.safeParse(state).success).toBe(true);
  });

  it("keeps a customer's edits only for a new prospect (0) or an unknown customer (-1)", () => {
    expect(stateOf(busy, 1005).customerEdits).toBeNull();
    expect(stateOf(busy, 0).customerEdits).toEqual({ firstName: 'Nora', lastName: 'Quill' });
    expect(stateOf(busy, -1).customerEdits).toEqual({ firstName: 'Nora', lastName: 'Quill' });
    // A stored customer's edit is recorded on the customer; the state remembers only which.
    expect(stateOf(busy, 1005).customerInfoEditId).toBe(42);
  });

  it('a call just opened is the contract’s defaults', () => {
    expect(CallWorkState.parse(stateOf(freshWork(START), 1005))).toEqual(CallWorkState.parse({ callStart: START }));
  });
});

describe('workOf', () => {
  it('gives back the work that was saved, survey answers by numeric question id', () => {
    for (const customerNo of [0, -1]) expect(workOf(stored(busy, customerNo), START)).toEqual(busy);
    const restored = workOf(stored(busy, 1005), START);
    expect(restored).toEqual({ ...busy, customerEdits: null });
    expect(Object.keys(restored.draft.survey).map(Number)).toEqual(expect.arrayContaining([7, 102]));
  });

  it("keeps the phone system's call id for a resumed call; a screen pop's own id wins", () => {
    expect(workOf(stored(busy, 1005), START).phoneCallId).toBe('CA-5150-77');
    expect(workOf(stored(busy, 1005), START, 'CA-9').phoneCallId).toBe('CA-9');
    expect(workOf(stored({ ...busy, phoneCallId: null }, 1005), START).phoneCallId).toBeNull();
    // A state kept before the field existed reads as none.
    const { phoneCallId: _dropped, ...older } = stored(busy, 1005).state;
    expect(workOf({ ...stored(busy, 1005), state: CallWorkState.parse(older) }, START).phoneCallId).toBeNull();
  });

  it('a state saved before its call start was known takes the start of this opening', () => {
    const state = stored(busy, 1005);
    expect(workOf({ ...state, state: { ...state.state, callStart: null } }, '2026-05-05 08:00:00').callStart).toBe(
      '2026-05-05 08:00:00',
    );
  });

  it('round-trips any notes, answers and picks through the server’s schemas', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.dictionary(fc.integer({ min: 1, max: 99_999 }).map(String), fc.string({ maxLength: 40 }), {
          maxKeys: 10,
        }),
        fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { maxLength: 8 }),
        fc.option(fc.integer({ min: 2000, max: 2100 }), { nil: null }),
        (notes, answers, services, serviceYear) => {
          const work: CallWork = {
            ...busy,
            draft: {
              ...busy.draft,
              notes: notes.trim(),
              survey: Object.fromEntries(Object.entries(answers).map(([k, v]) => [Number(k), v])),
              pricing: {
                ...busy.draft.pricing,
                serviceYear,
                selections: { ...busy.draft.pricing.selections, additionalServiceIds: services },
              },
            },
          };
          const back = workOf(stored(work, 0), START);
          expect(back.draft.survey).toEqual(work.draft.survey);
          expect(back.draft.pricing.selections.additionalServiceIds).toEqual(services);
          expect(back.draft.pricing.serviceYear).toBe(serviceYear);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('callRowOf', () => {
  const row = { FirstName: 'Ann', LastName: 'Zzyzxq', Zip: '60540', nested: { a: 1, b: [1, 2] } };

  it('names only the calls of a shared number: a new prospect (0) or an unknown customer (-1)', () => {
    expect(callRowOf(1005, row)).toBe('');
    expect(callRowOf(0, null)).toBe('');
    expect(callRowOf(0, row)).toMatch(/^[0-9a-f]{16}$/);
    expect(callRowOf(-1, row)).toBe(callRowOf(0, row));
  });

  it('is the same for the same row whatever the order of its keys (jsonb keeps its own order)', () => {
    const reordered = { nested: { b: [1, 2], a: 1 }, Zip: '60540', LastName: 'Zzyzxq', FirstName: 'Ann' };
    expect(callRowOf(0, reordered)).toBe(callRowOf(0, row));
    expect(callRowOf(0, { ...row, Extra: undefined })).toBe(callRowOf(0, row));
  });

  it('differs for another row', () => {
    expect(callRowOf(0, { ...row, FirstName: 'Anne' })).not.toBe(callRowOf(0, row));
    expect(callRowOf(0, { ...row, nested: { a: 1, b: [2, 1] } })).not.toBe(callRowOf(0, row));
  });
});

describe('belongsTo', () => {
  it('gives a state back only to the same call type and call row', () => {
    const state = stored(busy, 0, { callType: 'Inbound', callRow: 'abc' });
    expect(belongsTo(state, 'Inbound', 'abc')).toBe(true);
    expect(belongsTo(state, 'Inbound', 'abd')).toBe(false);
    expect(belongsTo(state, 'Cancel', 'abc')).toBe(false);
  });
});
