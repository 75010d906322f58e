import { describe, expect, it } from 'vitest';
import { assetGroup } from '../../sw/asset-groups.ts';

describe('when the service worker stores a built file', () => {
  it('precaches the shell, route chunks, the English catalog and the Latin font', () => {
    for (const url of [
      'index.html',
      'assets/index-DYvtmtWP.js',
      'assets/messages-en-BHpdA4bm.js',
      'assets/index-Cc2FTVNI.css',
      'assets/noto-sans-latin-400-normal-BTkUljjl.woff2',
      'manual/manual.css',
      'icons/icon-192.png',
    ])
      expect(assetGroup(url), url).toEqual({ kind: 'core' });
  });

  it("keeps each language's fonts and manual page for that language's first use", () => {
    expect(assetGroup('assets/noto-sans-thai-thai-400-normal-X.woff2')).toEqual({
      kind: 'language',
      locale: 'th',
    });
    expect(assetGroup('assets/noto-sans-vietnamese-600-normal-X.woff2')).toEqual({
      kind: 'language',
      locale: 'vi',
    });
    expect(assetGroup('assets/noto-sans-latin-ext-400-normal-X.woff2')).toEqual({
      kind: 'language',
      locale: 'vi',
    });
    expect(assetGroup('assets/noto-sans-myanmar-myanmar-400-normal-X.woff2')).toEqual({
      kind: 'language',
      locale: 'my',
    });
    expect(assetGroup('assets/noto-sans-sc-99-400-normal-X.woff2')).toEqual({
      kind: 'language',
      locale: 'zh',
    });
    // The Chinese @font-face rules (vite.config.ts names them) come with the Chinese fonts.
    expect(assetGroup('assets/noto-sans-sc-rules-BhmEp91U.css')).toEqual({ kind: 'language', locale: 'zh' });
    expect(assetGroup('manual/zh.html')).toEqual({ kind: 'language', locale: 'zh' });
    expect(assetGroup('assets/messages-th-Bo6k2eU7.js')).toEqual({ kind: 'language', locale: 'th' });
    expect(assetGroup('assets/messages-my-D36V2uov.js')).toEqual({ kind: 'language', locale: 'my' });
    expect(assetGroup('assets/quiz-messages-DKVhg9PK.js')).toEqual({ kind: 'core' });
    expect(assetGroup('/manual/en.html')).toEqual({ kind: 'language', locale: 'en' });
  });

  it('defers the Excel library, the charts and the certificate canvas, and leaves unused scripts of the font package to first need', () => {
    expect(assetGroup('assets/xlsx-CZqVzi9E.js')).toEqual({ kind: 'deferred' });
    expect(assetGroup('assets/import-worker-CXgPmsi5.js')).toEqual({ kind: 'deferred' });
    expect(assetGroup('assets/dashboard-charts-BxJHM731.js')).toEqual({ kind: 'deferred' });
    expect(assetGroup('assets/dashboard-page-DvlptHOw.js')).toEqual({ kind: 'core' });
    expect(assetGroup('assets/certificate-canvas-B1x2Y3z4.js')).toEqual({ kind: 'deferred' });
    expect(assetGroup('assets/certificate-editor-page-I1edDJ4m.js')).toEqual({ kind: 'core' });
    expect(assetGroup('assets/image-crop-dialog-DIV-jlOL.js')).toEqual({ kind: 'deferred' });
    // The picture compressor is small and every picture field needs it offline.
    expect(assetGroup('assets/browser-image-compression-C_NOPZIN.js')).toEqual({ kind: 'core' });
    expect(assetGroup('assets/noto-sans-cyrillic-400-normal-X.woff2')).toEqual({ kind: 'onDemand' });
    expect(assetGroup('assets/noto-sans-devanagari-600-normal-X.woff2')).toEqual({ kind: 'onDemand' });
  });
});
