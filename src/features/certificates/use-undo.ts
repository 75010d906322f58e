import { useCallback, useState } from 'react';

type History<T> = { past: T[]; present: T; future: T[] };
const LIMIT = 100;

/** A value with undo and redo: every `set` is one step (at most 100 kept). */
export function useUndo<T>(initial: T) {
  const [h, setH] = useState<History<T>>({ past: [], present: initial, future: [] });
  const set = useCallback(
    (next: T | ((prev: T) => T)) =>
      setH((prev) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(prev.present) : next;
        if (value === prev.present) return prev;
        return { past: [...prev.past, prev.present].slice(-LIMIT), present: value, future: [] };
      }),
    [],
  );
  const undo = useCallback(
    () =>
      setH((prev) =>
        prev.past.length
          ? {
              past: prev.past.slice(0, -1),
              present: prev.past.at(-1) as T,
              future: [prev.present, ...prev.future],
            }
          : prev,
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setH((prev) =>
        prev.future.length
          ? { past: [...prev.past, prev.present], present: prev.future[0] as T, future: prev.future.slice(1) }
          : prev,
      ),
    [],
  );
  return { value: h.present, set, undo, redo, canUndo: h.past.length > 0, canRedo: h.future.length > 0 };
}
