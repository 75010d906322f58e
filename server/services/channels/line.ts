import { PermanentError } from '../delivery-queue.ts';

/**
 * One LINE Messaging API push (POST /v2/bot/message/push) with the company's channel access
 * token. `retryKey` (the job id, a UUID) is LINE's X-Line-Retry-Key: LINE accepts one request per
 * key and answers 409 to a repeat, so a push re-run after an interrupted attempt is never
 * received twice. 5xx and 429 are transient (the queue retries); any other 4xx is permanent.
 */
export async function pushLine(o: {
  base: string;
  token: string;
  to: string;
  text: string;
  retryKey: string;
}): Promise<void> {
  const res = await fetch(`${o.base}/v2/bot/message/push`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${o.token}`,
      'content-type': 'application/json',
      'x-line-retry-key': o.retryKey,
    },
    body: JSON.stringify({ to: o.to, messages: [{ type: 'text', text: o.text.slice(0, 5000) }] }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.ok) return;
  const detail = await res.text().catch(() => '');
  // The same retry key was accepted before: this message already went out.
  if (res.status === 409 && res.headers.get('x-line-accepted-request-id')) return;
  const message = `LINE answered ${res.status}${detail ? `: ${detail.slice(0, 300)}` : ''}`;
  if (res.status >= 500 || res.status === 429) throw new Error(message);
  throw new PermanentError(message);
}
