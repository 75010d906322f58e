/** A user's database name; its own module, so the page's start can read it without Dexie (early-list.ts). */
export const localDbName = (companyId: string, userId: string) => `console:${companyId}:${userId}`;
