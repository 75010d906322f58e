/**
 * How a bench line states its target (issue 14's table) and whether this run met it:
 * `target(ms <= 400, 'at most 400 ms')` is "(target at most 400 ms: met)".
 */
export const target = (met: boolean, what: string) => `(target ${what}: ${met ? 'met' : 'NOT met'})`;
