import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '#contract/envelope.ts';
import { NOT_A_READABLE_PICTURE } from '#contract/media.ts';
import { bearer, makeTestApp, type TestApp } from './helpers.ts';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const MB = 1024 * 1024;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await makeTestApp();
  token = await t.login('DEMO', 'admin', 'Admin@1234');
});
afterAll(() => t?.close());

function multipart(fields: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = '----test-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const f of fields) {
    const disposition = `form-data; name="${f.name}"${f.filename ? `; filename="${f.filename}"` : ''}`;
    const type = f.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(f.value) ? f.value : Buffer.from(f.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const uploadBase64 = (base64: string, fileName: string, kind?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/File/UploadFileStringBase',
    headers: bearer(token),
    payload: { base64, fileName, ...(kind ? { kind } : {}) },
  });

const uploadFile = (parts: Parameters<typeof multipart>[0], query = '') => {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/File/UploadFile${query}`,
    headers: { ...headers, ...bearer(token) },
    payload,
  });
};

describe('uploads are checked by content', () => {
  it('accepts a PNG as base64 (also as a data URL) and serves it back inline', async () => {
    const res = await uploadBase64(`data:image/png;base64,${PNG_1x1.toString('base64')}`, 'My photo (1).png');
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ fileName: 'My-photo-1-.png', mimeType: 'image/png', size: PNG_1x1.length });
    expect(file.url).toBe(`/files/${file.id}/My-photo-1-.png`);

    const served = await t.app.inject({ url: file.url, headers: bearer(token) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.rawPayload.equals(PNG_1x1)).toBe(true);
  });

  it('refuses text named .png with 415', async () => {
    const res = await uploadBase64(Buffer.from('<svg onload="alert(1)"/>').toString('base64'), 'evil.png');
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe(STATUS.unsupportedType);
    expect(res.json().message).toContain('allowed: PNG, JPEG, GIF, BMP');
  });

  it('refuses with 415 a picture that starts like a PNG but does not decode, in either upload; a general file keeps it', async () => {
    const damaged = Buffer.concat([PNG_1x1.subarray(0, 33), Buffer.alloc(2000, 0x41)]);
    const viaBase64 = await uploadBase64(damaged.toString('base64'), 'banner.png', 'banner');
    expect(viaBase64.statusCode).toBe(415);
    expect(viaBase64.json()).toMatchObject({
      status: STATUS.unsupportedType,
      message: NOT_A_READABLE_PICTURE,
    });
    const viaForm = await uploadFile([
      { name: 'kind', value: 'image' },
      { name: 'file', value: damaged, filename: 'photo.png' },
    ]);
    expect(viaForm.statusCode).toBe(415);
    expect(viaForm.json().message).toBe(NOT_A_READABLE_PICTURE);
    // A general file is a download, not shown: its content proves a PNG, and that is enough.
    expect((await uploadFile([{ name: 'file', value: damaged, filename: 'photo.png' }])).statusCode).toBe(
      200,
    );
  });

  it("refuses with 415 a name whose extension is not the kind's, whatever the content", async () => {
    const base64 = await uploadBase64(PNG_1x1.toString('base64'), 'photo.html', 'image');
    expect(base64.statusCode).toBe(415);
    expect(base64.json().message).toContain('must end in one of .png, .jpg, .jpeg, .gif, .bmp');
    const form = await uploadFile([
      { name: 'kind', value: 'banner' },
      { name: 'file', value: PNG_1x1, filename: 'banner' },
    ]);
    expect(form.statusCode).toBe(415);
    expect(form.json().status).toBe(STATUS.unsupportedType);
  });

  it('refuses a PDF as a profile image but takes it as a file, shown inline only in frames of the console', async () => {
    const asImage = await uploadFile([
      { name: 'kind', value: 'image' },
      { name: 'file', value: PDF, filename: 'cv.png' },
    ]);
    expect(asImage.statusCode).toBe(415);
    const asFile = await uploadFile([{ name: 'file', value: PDF, filename: 'ใบรับรอง.pdf' }]);
    expect(asFile.statusCode).toBe(200);
    const file = asFile.json().data;
    expect(file).toMatchObject({ mimeType: 'application/pdf', fileName: 'ใบรับรอง.pdf', size: PDF.length });
    const served = await t.app.inject({ url: file.url, headers: bearer(token) });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(served.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses a banner of 4 MB or more with 413, in either upload', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(4 * MB)]);
    const viaBase64 = await uploadBase64(big.toString('base64'), 'banner.png', 'banner');
    expect(viaBase64.statusCode).toBe(413);
    expect(viaBase64.json()).toMatchObject({ status: STATUS.tooLarge });
    expect(viaBase64.json().message).toContain('under 4 MB');
    const viaForm = await uploadFile([{ name: 'file', value: big, filename: 'banner.png' }], '?kind=banner');
    expect(viaForm.statusCode).toBe(413);
    const fits = await uploadFile(
      [{ name: 'file', value: Buffer.concat([PNG_1x1, Buffer.alloc(MB)]), filename: 'b.png' }],
      '?kind=banner',
    );
    expect(fits.statusCode).toBe(200);
  });

  it('needs a token to upload, and answers 404 for an unknown file', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/File/UploadFileStringBase',
      payload: { base64: PNG_1x1.toString('base64'), fileName: 'a.png' },
    });
    expect(anonymous.statusCode).toBe(401);
    const missing = await t.app.inject({
      url: '/files/0192f1c2-0000-4000-8000-000000000000/a.png',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('asks for the file field when the form has none', async () => {
    const res = await uploadFile([{ name: 'kind', value: 'image' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].path).toBe('file');
  });
});
