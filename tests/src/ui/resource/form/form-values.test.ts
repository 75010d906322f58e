import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { banner, INVALID_URL_MESSAGE } from '#contract/resources/banner.ts';
import { bannerView } from '@/features/banners/banners-feature';
import { faqView } from '@/features/faq/faq-feature';
import { quizView } from '@/features/quizzes/quiz-views';
import { translateIssue } from '@/ui/form/validation-messages';
import { fromLocalInput, toLocalInput } from '@/ui/resource/form/date-values';
import { initialValues, mergeEdit, toPayload, validatePayload } from '@/ui/resource/form/form-values';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const bannerValues = (over: Record<string, string> = {}) => ({
  ...initialValues(bannerView),
  title: 'Summer week',
  startAt: '2025-07-01T09:00',
  endAt: '2025-07-08T18:00',
  image: 'blob:abc',
  ...over,
});

afterEach(() => i18n.activate('en'));

describe('resource form values', () => {
  it('starts a new record from the contract defaults and the view initial values', () => {
    expect(initialValues(bannerView)).toMatchObject({ action: 'none', buttonName: '', title: '' });
    expect(initialValues(faqView).sendDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('keeps an empty nullable number as "not set" and an empty other number as 0', () => {
    const values = {
      ...initialValues(quizView),
      name: 'Press safety',
      passingScore: '',
      timeLimitMinutes: '',
    };
    expect(values.passingScore).toBe('');
    expect(toPayload(quizView, values)).toMatchObject({ passingScore: null, timeLimitMinutes: 0 });
    expect(toPayload(quizView, { ...values, passingScore: '6' })).toMatchObject({ passingScore: 6 });
  });

  it('validates with the contract messages, field by field', () => {
    const errors = validatePayload(
      faqView,
      ID,
      toPayload(faqView, { question: ' ', answer: '', sendDate: '' }),
    );
    expect(errors).toEqual({
      question: 'Please enter the question.',
      answer: 'Please enter the answer.',
      sendDate: 'Please choose the send date.',
    });
  });

  it('gives the spec message for an invalid banner link, and none when the action is not a link', () => {
    const link = toPayload(bannerView, bannerValues({ action: 'link', linkUrl: 'not a url' }));
    expect(validatePayload(bannerView, ID, link)).toEqual({
      linkUrl: 'Invalid URL link, please enter again.',
    });
    const none = toPayload(bannerView, bannerValues({ action: 'event', linkUrl: 'not a url' }));
    expect(none.linkUrl).toBe('');
    expect(validatePayload(bannerView, ID, none)).toEqual({});
  });

  it('sends datetimes as ISO with an offset that the contract accepts, and reads them back', () => {
    const iso = fromLocalInput('2025-07-01T09:30');
    expect(iso).toMatch(/^2025-07-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(banner.fields.shape.startAt.safeParse(iso).success).toBe(true);
    expect(toLocalInput(iso)).toBe('2025-07-01T09:30');
    expect(toPayload(bannerView, bannerValues()).startAt).toBe(fromLocalInput('2025-07-01T09:00'));
  });

  it('translates contract messages through the catalog, and shows unknown ones as they came', () => {
    const invalidUrl = msg`Invalid URL link, please enter again.`;
    i18n.loadAndActivate({ locale: 'th', messages: { [invalidUrl.id]: 'ลิงก์ไม่ถูกต้อง' } });
    expect(translateIssue(i18n, INVALID_URL_MESSAGE)).toBe('ลิงก์ไม่ถูกต้อง');
    expect(translateIssue(i18n, 'Something new.')).toBe('Something new.');
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    // The length rule goes through one catalog message, with the number in the locale's format.
    expect(translateIssue(i18n, 'Use at most 5000 characters.')).toBe('Use at most 5,000 characters.');
  });
});

describe('saving a form opened before the record changed elsewhere', () => {
  const base = { question: 'Q', answer: 'A', tags: ['x'] };
  it('keeps their change to a field the admin left alone, and the admin change to another', () => {
    const { merged, clashes } = mergeEdit(base, { ...base, answer: 'mine' }, { ...base, question: 'theirs' });
    expect(merged).toEqual({ question: 'theirs', answer: 'mine', tags: ['x'] });
    expect(clashes).toEqual([]);
  });
  it('reports a field both changed differently, and keeps the admin value there', () => {
    const { merged, clashes } = mergeEdit(
      base,
      { ...base, answer: 'mine', tags: ['y'] },
      { ...base, answer: 'theirs', tags: ['y'] },
    );
    expect(merged.answer).toBe('mine');
    expect(clashes).toEqual(['answer']); // the same new value on both sides is no clash
  });
});
