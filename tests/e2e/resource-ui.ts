// Drives the generic resource screens (here: FAQ) and peeks at the console's IndexedDB.
import type { Page } from 'playwright-core';
import { apiPost } from './browser.ts';

export const FAQ_PATH = '/home/community/frequently-asked-question';

export async function addFaq(page: Page, question: string, answer: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Question').fill(question);
  await form.getByLabel('Answer').fill(answer);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('FAQ added successfully.').first().waitFor();
}

export async function editFaqAnswer(page: Page, question: string, answer: string) {
  await page
    .getByRole('button', { name: `Edit ${question}` })
    .first()
    .click();
  await page.getByLabel('Answer').fill(answer);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('FAQ updated successfully.').first().waitFor();
}

/** Number of entries in the signed-in user's outbox, read straight from IndexedDB. */
export function outboxCount(page: Page) {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    const name = dbs.find((d) => d.name?.startsWith('console:'))?.name;
    if (!name) return -1;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const req = db.transaction('outbox').objectStore('outbox').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  });
}

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
