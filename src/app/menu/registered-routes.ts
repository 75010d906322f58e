/** Paths that have a page in this release; the menu disables the others instead of faking pages. */
export const REGISTERED_ROUTES: ReadonlySet<string> = new Set(['/inbox']);
