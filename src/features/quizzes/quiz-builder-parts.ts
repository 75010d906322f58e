/** Asks before deleting: a blank item (nothing typed yet) goes without asking. */
export type Ask = (question: { title: string; blank: boolean; run: () => void }) => void;

/** Whole numbers typed on any keyboard (a phone shows digits only). */
export const numberInput = { type: 'text', inputMode: 'numeric', pattern: '[0-9]*' } as const;

/** A number in its input: empty while the admin has cleared it (NaN). */
export const numberValue = (n: number | null) => (n === null || Number.isNaN(n) ? '' : String(n));

/** After adding or duplicating, the keyboard goes to the new item's first text field. */
export function focusItem(id: string) {
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(
        `[data-item-id="${id}"] :is(textarea, input:not([type="radio"]):not([type="checkbox"]))`,
      )
      ?.focus(),
  );
}
