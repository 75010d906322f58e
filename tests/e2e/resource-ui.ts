// Drives the generic resource screens (here: FAQ) and peeks at the console's IndexedDB.
import type { Page } from 'playwright-core';
import { apiPost, expectToast } from './browser.ts';

export const FAQ_PATH = '/home/community/frequently-asked-question';

export async function addFaq(page: Page, question: string, answer: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Question').fill(question);
  await form.getByLabel('Answer').fill(answer);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'FAQ added successfully.');
}

/**
 * Finds the row by searching, as an admin would: the list is virtualized, so a row scrolled far
 * from the window has no buttons in the page. The search is cleared afterwards.
 */
export async function editFaqAnswer(page: Page, question: string, answer: string) {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(question);
  await page
    .getByRole('button', { name: `Edit ${question}` })
    .first()
    .click();
  await page.getByLabel('Answer').fill(answer);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'FAQ updated successfully.');
  await search.fill('');
}

export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Row = Record<string, unknown>;

/** Reads one store of the signed-in user's database straight from IndexedDB: a count, or rows. */
function readLocal(page: Page, store: string, op: 'count' | 'all', fields?: string[]) {
  return page.evaluate(
    async ({ store, op, fields }) => {
      const name = (await indexedDB.databases()).find((d) => d.name?.startsWith('console:'))?.name;
      if (!name) return op === 'count' ? -1 : [];
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        const objects = db.transaction(store).objectStore(store);
        return await new Promise<number | Row[]>((resolve, reject) => {
          const req = op === 'count' ? objects.count() : objects.getAll();
          req.onsuccess = () =>
            resolve(
              op === 'count'
                ? (req.result as number)
                : (req.result as Row[]).map((r) =>
                    fields ? Object.fromEntries(fields.map((f) => [f, r[f]])) : r,
                  ),
            );
          req.onerror = () => reject(req.error);
        });
      } finally {
        db.close();
      }
    },
    { store, op, fields },
  );
}

export const localCount = async (page: Page, store: string) =>
  (await readLocal(page, store, 'count')) as number;
export const localRows = async (page: Page, store: string, fields?: string[]) =>
  (await readLocal(page, store, 'all', fields)) as Row[];

export const outboxCount = (page: Page) => localCount(page, 'outbox');

export async function waitForOutbox(page: Page, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = -2;
  while (Date.now() < deadline) {
    last = await outboxCount(page);
    if (last === count) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`outbox has ${last} entries, expected ${count}`);
}

type Faq = { id: string; rev: number; question: string; answer: string };

export async function serverFaqs(token: string, search: string) {
  const res = await apiPost<{ items: Faq[] }>(token, 'v1/Faq/List', { page: 1, per_page: 50, search });
  if (res.httpStatus !== 200) throw new Error(`Faq/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}
