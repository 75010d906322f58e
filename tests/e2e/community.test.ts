// The community hub's counts and answering a learner's question: the asker gets one inbox row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiPost, apiToken, baseUrl, expectToast, openBrowser, signIn } from './browser.ts';
import { unique } from './resource-ui.ts';

describe('community', () => {
  it('shows waiting questions on the hub and sends an answer from the expert consultation list', async () => {
    const learner = await apiToken('DEMO', 'kanya', 'Demo@1234');
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const question = unique('Is there parking for bicycles?');
    // The learner app's call, with the learner's own token.
    const res = await fetch(`${baseUrl}/api/v1/Learner/AskExpert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${learner}` },
      body: JSON.stringify({ question, topic: 'Facilities' }),
    });
    assert.equal(res.status, 200);
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto('/home/community');
      // The demo's waiting questions and the new one, once the first sync brought them.
      await s.page
        .getByTestId('community-waiting')
        .filter({ hasText: /Waiting for an answer: [1-9]/ })
        .waitFor();
      await s.page.getByTestId('community-expert').click();
      await s.page.getByText(question).first().waitFor();
      await s.page
        .getByRole('button', { name: `Edit ${question}` })
        .first()
        .click();
      await s.page.getByRole('textbox', { name: 'Answer', exact: true }).fill('Yes, behind building C.');
      await s.page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Answer sent successfully.');
      const deadline = Date.now() + 30_000;
      let status = '';
      while (Date.now() < deadline && status !== 'answered') {
        const list = await apiPost<{ items: { status: string }[] }>(token, 'v1/ExpertQuestion/List', {
          search: question,
        });
        status = list.data.items[0]?.status ?? '';
        if (status !== 'answered') await s.page.waitForTimeout(250);
      }
      assert.equal(status, 'answered');
    } finally {
      await s.close();
    }
  });
});
