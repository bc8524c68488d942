import { describe, expect, it, vi } from 'vitest';
import {
  isSaveFor,
  measureItPathFor,
  measureItWindowName,
  measuresCustomer,
  openNamedWindow,
  refreshedLawnSize,
  type HouseholdMeasurement,
} from './measureit';

const household = (over: Partial<HouseholdMeasurement>): HouseholdMeasurement => ({
  complete: true,
  SquareFeet: 9_876.5,
  lawnSize: 9.88,
  measurementDate: '2026-11-26T12:00:00.000Z',
  notMeasuredReasonId: null,
  external: false,
  ImagePath: '',
  ...over,
});

const saved = { kind: 'measurement-saved' as const, propertyId: 7, squareFeet: 9_876.5, lawnSize: 9.88 };

describe('the call screen and MeasureIt', () => {
  it('only a customer on file is measured: not a new prospect (0) nor an unknown caller (-1)', () => {
    expect(measuresCustomer(1001)).toBe(true);
    expect(measuresCustomer(0)).toBe(false);
    expect(measuresCustomer(-1)).toBe(false);
  });

  it('prices with the measurement when the household is measured, else keeps the customer’s lawn size', () => {
    expect(refreshedLawnSize(household({}), 8.5)).toBe(9.88);
    expect(refreshedLawnSize(household({ complete: false, SquareFeet: null, lawnSize: null }), 8.5)).toBe(8.5);
    // Not measured, with a reason: complete but no size.
    expect(refreshedLawnSize(household({ lawnSize: null, SquareFeet: null, notMeasuredReasonId: 2 }), 8.5)).toBe(8.5);
    expect(refreshedLawnSize(null, 0.17)).toBe(0.17);
  });

  it('hears only its own customer’s saves', () => {
    expect(isSaveFor({ ...saved, sqldbid: 18001, customerNo: 1001 }, 18001, 1001)).toBe(true);
    expect(isSaveFor({ ...saved, sqldbid: 18001, customerNo: 1002 }, 18001, 1001)).toBe(false);
    expect(isSaveFor({ ...saved, sqldbid: 17501, customerNo: 1001 }, 18001, 1001)).toBe(false);
    // A neighbour's save (no customer number) and a prospect's call.
    expect(isSaveFor({ ...saved, sqldbid: 18001, customerNo: null }, 18001, 1001)).toBe(false);
    expect(isSaveFor({ ...saved, sqldbid: 18001, customerNo: 0 }, 18001, 0)).toBe(false);
  });

  it('opens the edit screen closing on save, one window per customer', () => {
    expect(measureItPathFor(18001, 1001, 42)).toBe(
      '/editMeasureIt?sqldbid=18001&id=1001&csr=42&client=currentCall&closeOnSave=true',
    );
    expect(measureItWindowName(18001, 1001)).not.toBe(measureItWindowName(18001, 1002));
  });
});

describe('openNamedWindow', () => {
  const fakeWindow = (href: string | (() => string)) => {
    const target = {
      location: {
        get href() {
          return typeof href === 'function' ? href() : href;
        },
        replace: vi.fn(),
      },
      focus: vi.fn(),
    };
    return target;
  };

  it('a new (blank) window is sent to the address and focused', () => {
    const target = fakeWindow('about:blank');
    const open = vi.fn(() => target as unknown as Window);
    expect(openNamedWindow({ open }, '/editMeasureIt?sqldbid=1&id=2', 'w')).toBe(target);
    expect(open).toHaveBeenCalledWith('', 'w');
    expect(target.location.replace).toHaveBeenCalledWith('/editMeasureIt?sqldbid=1&id=2');
    expect(target.focus).toHaveBeenCalled();
  });

  it('an open one is focused without loading it again', () => {
    const target = fakeWindow('http://cc.local/editMeasureIt?sqldbid=1&id=2');
    openNamedWindow({ open: () => target as unknown as Window }, '/editMeasureIt?sqldbid=1&id=2', 'w');
    expect(target.location.replace).not.toHaveBeenCalled();
    expect(target.focus).toHaveBeenCalled();
  });

  it('a window of another origin under that name is replaced; a blocked one answers null', () => {
    const target = fakeWindow(() => {
      throw new DOMException('Blocked a frame', 'SecurityError');
    });
    openNamedWindow({ open: () => target as unknown as Window }, '/x', 'w');
    expect(target.location.replace).toHaveBeenCalledWith('/x');
    expect(openNamedWindow({ open: () => null }, '/x', 'w')).toBeNull();
  });
});
