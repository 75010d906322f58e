/** Asks before deleting: a blank item (nothing typed yet) goes without asking. */
export type Ask = (question: { title: string; blank: boolean; run: () => void }) => void;

/** Whole numbers typed on any keyboard (a phone shows digits only). */
export const numberInput = { type: 'text', inputMode: 'numeric', pattern: '[0-9]*' } as const;

/** A number in its input: empty while the admin has cleared it (NaN). */
export const numberValue = (n: number | null) => (n === null || Number.isNaN(n) ? '' : String(n));
