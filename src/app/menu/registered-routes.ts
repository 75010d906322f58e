/** Paths that have a page in this release; the menu disables the others instead of faking pages. */
export const REGISTERED_ROUTES: ReadonlySet<string> = new Set([
  '/inbox',
  '/home/banner',
  '/home/community/frequently-asked-question',
  '/home/feedback-box',
  '/MasterData/type-of-content',
  '/MasterData/type-of-knowledge',
  '/company-profile',
  '/user-management',
  '/user-management/member-list',
]);
