import { useEffect, useId } from 'react';
import { setUnsavedWork } from '@/ui/form/unsaved-work';

/** Registers the calling form while `isDirty` is true. */
export function useUnsavedWork(isDirty: boolean) {
  const id = useId();
  useEffect(() => {
    setUnsavedWork(id, isDirty);
    return () => setUnsavedWork(id, false);
  }, [id, isDirty]);
}
