import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttp, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const portOf = (s: Server) => (s.address() as AddressInfo).port;
const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** A real SMTP server on loopback that keeps every message as received. */
export async function startSmtp() {
  const messages: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The decoded text/plain part and the headers of a raw message (base64 or quoted-printable). */
export function parseMail(raw: string) {
  const [head] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';
  const part =
    /Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: (\S+)\r?\n\r?\n([\s\S]*?)(\r?\n--|$)/i.exec(
      raw,
    );
  let text = '';
  if (part) {
    const [, enc, data] = part;
    if (/base64/i.test(enc)) text = Buffer.from(data.replace(/\s+/g, ''), 'base64').toString('utf8');
    else if (/quoted-printable/i.test(enc)) {
      const bytes = data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`);
      text = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } else text = data;
  }
  return { header, text };
}

/** A decoded MIME encoded-word header (`=?UTF-8?B?...?=` or `?Q?`). */
export function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
}

/** A LINE Messaging API stand-in: records each push and answers with the status the test sets. */
export async function startLine() {
  const calls: {
    auth: string;
    retryKey: string;
    body: { to: string; messages: { type: string; text: string }[] };
  }[] = [];
  const answers: number[] = [];
  const server = createHttp(async (req, res) => {
    const body = JSON.parse((await bodyOf(req)).toString('utf8'));
    calls.push({
      auth: String(req.headers.authorization),
      retryKey: String(req.headers['x-line-retry-key']),
      body,
    });
    const status = answers.shift() ?? 200;
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(status === 200 ? '{}' : '{"message":"nope"}');
    void req;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${portOf(server)}`,
    calls,
    answers,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A push service on loopback over HTTPS (web-push only speaks https): a self-signed certificate
 * the test's process trusts. Records each request; `/gone/...` answers 410.
 */
export async function startPushService() {
  const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const requests: { path: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const server = createHttps({ key: readFileSync(join(dir, 'key.pem')), cert }, async (req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers, body: await bodyOf(req) });
    res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `https://127.0.0.1:${portOf(server as unknown as Server)}`,
    cert,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A browser's subscription keys: its P-256 key pair and auth secret. */
export function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) with the subscription's keys. */
export function decryptPush(body: Buffer, sub: ReturnType<typeof subscriptionKeys>) {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = sub.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('No last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}
