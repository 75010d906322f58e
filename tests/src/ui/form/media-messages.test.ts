import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { tooLargeMessage } from '#contract/files.ts';
import { NOT_AN_MP3_SOUND, NOT_AN_MP4_VIDEO, VIDEO_TOO_HIGH } from '#contract/media.ts';
import { activateLocale } from '@/data/locale/locale-store';
import { translateIssue } from '@/ui/form/validation-messages';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

/** The server's refusals of a media file, as the console shows them (Sync page, upload bar). */
const refusals = [VIDEO_TOO_HIGH, NOT_AN_MP4_VIDEO, NOT_AN_MP3_SOUND, tooLargeMessage('audio')];

describe("the server's media refusals in the admin's language", () => {
  it('reads them in English as the console itself words them', () => {
    expect(refusals.map((m) => translateIssue(i18n, m))).toEqual([
      'The video must be less than 720 pixels high. Please choose a smaller video.',
      NOT_AN_MP4_VIDEO,
      NOT_AN_MP3_SOUND,
      // The size refusal reads like the console's own size check.
      'The file must be smaller than 150 MB.',
    ]);
  });

  it.each(['th', 'vi', 'my', 'zh'] as const)('translates every one of them in %s', async (locale) => {
    await activateLocale(locale);
    const shown = refusals.map((m) => translateIssue(i18n, m));
    for (const [i, text] of shown.entries()) {
      expect(text).not.toBe(refusals[i]);
      expect(text).not.toMatch(/The |This file/);
    }
    expect(shown[0]).toContain('720');
    expect(shown[3]).toContain('150');
  });
});
