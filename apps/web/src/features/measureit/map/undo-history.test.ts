import { describe, expect, it } from 'vitest';
import { undoHistory } from './undo-history';

describe("the map's undo history", () => {
  it('makes a step only for a real change, so an action reported twice is undone once', () => {
    const history = undoHistory({ shapes: [] as number[] });
    expect(history.canUndo()).toBe(false);
    expect(history.record({ shapes: [1] })).toBe(true);
    expect(history.record({ shapes: [1] })).toBe(false);
    expect(history.record({ shapes: [1, 2] })).toBe(true);
    expect(history.undo()).toEqual({ shapes: [1] });
    expect(history.undo()).toEqual({ shapes: [] });
    expect(history.canUndo()).toBe(false);
    expect(history.undo()).toBeUndefined();
  });

  it('compares a change with the state undone to, not the one before the undo', () => {
    const history = undoHistory('a');
    history.record('b');
    expect(history.undo()).toBe('a');
    expect(history.record('a')).toBe(false);
    expect(history.record('c')).toBe(true);
    expect(history.undo()).toBe('a');
  });

  it('keeps only the latest `depth` steps', () => {
    const history = undoHistory(0, 3);
    for (let i = 1; i <= 5; i += 1) history.record(i);
    expect([history.undo(), history.undo(), history.undo(), history.undo()]).toEqual([4, 3, 2, undefined]);
  });
});
