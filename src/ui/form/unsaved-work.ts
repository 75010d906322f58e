/** Forms that hold unsaved edits; the update prompt warns before reloading over them. */
const dirty = new Set<string>();

export const hasUnsavedWork = () => dirty.size > 0;

export function setUnsavedWork(id: string, isDirty: boolean) {
  if (isDirty) dirty.add(id);
  else dirty.delete(id);
}
