/** Asks before deleting: a blank item (nothing typed yet) goes without asking. */
export type Ask = (question: { title: string; blank: boolean; run: () => void }) => void;

/** Whole numbers typed on any keyboard (a phone shows digits only). */
export const numberInput = { type: 'text', inputMode: 'numeric', pattern: '[0-9]*' } as const;

/** A number in its input: empty while the admin has cleared it (NaN). */
export const numberValue = (n: number | null) => (n === null || Number.isNaN(n) ? '' : String(n));

/**
 * After adding or duplicating, the keyboard goes to the new item's first text field; after a
 * delete, to the item that took its place (two frames: after a closing dialog gives focus back).
 */
export function focusItem(id: string | undefined) {
  if (!id) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(
          `[data-item-id="${id}"] :is(textarea, input:not([type="radio"]):not([type="checkbox"]))`,
        )
        ?.focus(),
    ),
  );
}

/** The list without item `i`, and the keyboard on its neighbour (the next one, else the previous). */
export function removeAt<T extends { id: string }>(list: readonly T[], i: number): T[] {
  const next = list.filter((_, j) => j !== i);
  focusItem((next[i] ?? next[i - 1])?.id);
  return next;
}
