import { describe, expect, it, vi } from 'vitest';
import type { FranchiseSummary } from '@cc/contract';
import { addCallErrors, prospectCallRow, submitAddCall, type AddCallFields, type AddCallSteps } from './add-call';

const franchise: FranchiseSummary = {
  branchNo: 'SG101',
  sqldbid: 7,
  compName: 'Green Meadows Lawn Care',
  designation: 'IND',
  city: 'Naperville',
  state: 'IL',
};
const person = { firstName: ' Ann ', lastName: ' Lee ', phone: ' 630-555-0100 ', zip: ' 60540 ' };

describe('the add-call fields', () => {
  it('wants a franchise from the list and a 5 or 9 digit zip', () => {
    expect(addCallErrors({ franchise: null, zip: '6054' })).toEqual({
      franchise: 'Choose a franchise from the list.',
      zip: 'Enter a 5-digit zip code.',
    });
    expect(addCallErrors({ franchise, zip: ' 60540 ' })).toEqual({});
    expect(addCallErrors({ franchise, zip: '60540-1234' })).toEqual({});
    expect(addCallErrors({ franchise, zip: '605401234' })).toEqual({});
    expect(addCallErrors({ franchise, zip: '60540-12' }).zip).toBe('Enter a 5-digit zip code.');
  });
});

describe("the new prospect's call row", () => {
  it('is customer 0 of the franchise, trimmed, named last name first as the search rows are', () => {
    expect(prospectCallRow(franchise, person)).toEqual({
      Branch: 'SG101',
      AccountNo: 0,
      Name: 'Lee, Ann',
      FirstName: 'Ann',
      LastName: 'Lee',
      Address: '',
      City: '',
      State: '',
      Zip: '60540',
      Phone: '630-555-0100',
      SQLDBID: 7,
      CallOrigin: 'Inbound',
      CustomerType: 'Prospect',
    });
  });

  it('takes whichever name is given when only one is', () => {
    expect(prospectCallRow(franchise, { ...person, firstName: '  ' }).Name).toBe('Lee');
    expect(prospectCallRow(franchise, { ...person, lastName: '' }).Name).toBe('Ann');
  });
});

describe('submitting the add-call form', () => {
  const steps = (answer: { isValid: boolean } | null) =>
    ({
      showErrors: vi.fn(),
      checkZip: vi.fn(() => Promise.resolve(answer)),
      onZipNotServiced: vi.fn(),
      onAdd: vi.fn(),
    }) satisfies AddCallSteps;
  const fields: AddCallFields = { franchise, ...person };

  it('checks the trimmed zip with the franchise and adds the call when it is served', async () => {
    const s = steps({ isValid: true });
    await submitAddCall(fields, s);
    expect(s.showErrors).toHaveBeenCalledWith({});
    expect(s.checkZip).toHaveBeenCalledWith('60540', 'SG101');
    expect(s.onAdd).toHaveBeenCalledWith(prospectCallRow(franchise, person));
    expect(s.onZipNotServiced).not.toHaveBeenCalled();
  });

  it('says the zip is not serviced instead of adding the call', async () => {
    const s = steps({ isValid: false });
    await submitAddCall(fields, s);
    expect(s.onZipNotServiced).toHaveBeenCalledOnce();
    expect(s.onAdd).not.toHaveBeenCalled();
  });

  it('does nothing more when the zip check failed', async () => {
    const s = steps(null);
    await submitAddCall(fields, s);
    expect(s.onZipNotServiced).not.toHaveBeenCalled();
    expect(s.onAdd).not.toHaveBeenCalled();
  });

  it('shows the field errors and asks nothing while a field is wrong', async () => {
    for (const wrong of [
      { ...fields, franchise: null },
      { ...fields, zip: 'abc' },
    ]) {
      const s = steps({ isValid: true });
      await submitAddCall(wrong, s);
      expect(s.showErrors).toHaveBeenCalledWith(addCallErrors(wrong));
      expect(s.checkZip).not.toHaveBeenCalled();
      expect(s.onAdd).not.toHaveBeenCalled();
    }
  });
});
