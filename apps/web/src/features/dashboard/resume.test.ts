import { describe, expect, it } from 'vitest';
import { measurementResumePath, resumeTarget } from './resume';

const measuring = {
  propertyId: 77,
  sqldbid: 18001,
  customerNo: 1001,
  since: '2026-11-26T12:00:00.000Z',
  expiresAt: '2026-11-26T12:30:00.000Z',
};
const asked = { asked: true, known: true, value: measuring };

describe('the dashboard’s resume', () => {
  it('a customer’s property by its customer number, a neighbour’s by its property id', () => {
    expect(measurementResumePath(measuring)).toBe('/editMeasureIt?sqldbid=18001&id=1001');
    expect(measurementResumePath({ ...measuring, customerNo: null })).toBe(
      '/editMeasureIt?sqldbid=18001&propertyId=77',
    );
  });

  it('a saved call wins over a measurement in progress', () => {
    expect(resumeTarget({ known: true, call: 'call' }, asked)).toEqual({ kind: 'call', call: 'call' });
    expect(resumeTarget({ known: true, call: 'call' }, { asked: true, known: false, value: null })).toEqual({
      kind: 'call',
      call: 'call',
    });
  });

  it('the measurement when there is no saved call; nothing when there is neither or MeasureIt is not the user’s', () => {
    expect(resumeTarget({ known: true, call: null }, asked)).toEqual({
      kind: 'measurement',
      path: '/editMeasureIt?sqldbid=18001&id=1001',
      // The edit screen's notice says since when the measurement was left open.
      since: '2026-11-26T12:00:00.000Z',
    });
    expect(resumeTarget({ known: true, call: null }, { ...asked, value: null })).toBeNull();
    expect(resumeTarget({ known: true, call: null }, { asked: false, known: false, value: null })).toBeNull();
  });

  it('waits for the answers it needs', () => {
    expect(resumeTarget({ known: false, call: null }, asked)).toBe('waiting');
    expect(resumeTarget({ known: true, call: null }, { asked: true, known: false, value: null })).toBe('waiting');
  });
});
