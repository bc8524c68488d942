/**
 * The drawing component's own undo (decision 037): a stack, at most `depth` deep, of the shapes as they were before
 * each change. Leaflet-Geoman may report one user action twice (a cut also edits), so a change is compared with the
 * state before it and only a real change makes a step.
 */
export const UNDO_DEPTH = 50;

export interface UndoHistory<T> {
  /** After a possible change: `now` is the state as it is. False (and nothing recorded) when nothing changed. */
  record: (now: T) => boolean;
  /** The state before the latest step, which becomes the current one; undefined when there is none. */
  undo: () => T | undefined;
  canUndo: () => boolean;
}

/** A history whose current state is `start`; states are compared by their JSON. */
export function undoHistory<T>(start: T, depth = UNDO_DEPTH): UndoHistory<T> {
  const steps: T[] = [];
  let before = start;
  return {
    record(now) {
      if (JSON.stringify(now) === JSON.stringify(before)) return false;
      steps.push(before);
      if (steps.length > depth) steps.shift();
      before = now;
      return true;
    },
    undo() {
      const previous = steps.pop();
      if (previous !== undefined) before = previous;
      return previous;
    },
    canUndo: () => steps.length > 0,
  };
}
