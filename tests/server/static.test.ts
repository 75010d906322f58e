import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { makeTestApp, type TestApp } from './helpers.ts';

const INDEX = '<!doctype html><title>console</title>';
const HTML = { accept: 'text/html,application/xhtml+xml' };
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'lac-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(dist, 'manifest.webmanifest'), '{}');
  await writeFile(join(dist, 'assets', 'index-Ab12Cd.js'), 'console.log(1)');
  t = await makeTestApp({ distDir: dist, seed: false });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built console', () => {
  it.each(['/', '/login', '/home/library/safety', '/user-management/member-list'])(
    'answers the page route %s with index.html, never cached',
    async (url) => {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it.each(['/assets/index-Missing.js', '/assets/app', '/logo.png', '/api/v1/Nope'])(
    'answers the missing %s with a real 404, not index.html',
    async (url) => {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(INDEX);
      expect(res.json().status).toBe(STATUS.notFound);
    },
  );

  it('caches hashed assets for a year and the service worker and manifest not at all', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('does not fall back for a request that does not want HTML', async () => {
    const res = await t.app.inject({ url: '/inbox', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/Login/Login', '/api/v3/Notification/GetNotificationFromWeb']),
    );
    const login = doc.paths['/api/v1/Login/Login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['companyCode', 'username', 'password']),
    );
    const ui = await t.app.inject({ url: '/api/docs/', headers: HTML });
    expect(ui.statusCode).toBe(200);
  });
});
