import type { Locale } from '#contract/languages.ts';
import { CERTIFICATE_LOCALES, type Verification } from '#contract/resources/certificate.ts';
import { escapeHtml, page } from './deep-link-page.ts';

// The public page of `/verify/{code}` (issue 10): who earned which certificate, from which
// company and when, and nothing else; in the browser's language like the deep link pages.

type Texts = {
  validTitle: string;
  revokedTitle: string;
  unknownTitle: string;
  unknownBody: string;
  earned: (learner: string, course: string, company: string, date: string) => string;
  revokedBody: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    validTitle: 'Valid certificate',
    revokedTitle: 'This certificate was revoked',
    unknownTitle: 'Unknown certificate',
    unknownBody: 'No certificate has this code. Check the code, or ask the person who showed it to you.',
    earned: (l, c, o, d) => `${l} passed the course “${c}” of ${o} on ${d}.`,
    revokedBody: 'It is no longer valid.',
  },
  th: {
    validTitle: 'ใบประกาศนียบัตรถูกต้อง',
    revokedTitle: 'ใบประกาศนียบัตรนี้ถูกเพิกถอนแล้ว',
    unknownTitle: 'ไม่พบใบประกาศนียบัตร',
    unknownBody: 'ไม่มีใบประกาศนียบัตรที่ใช้รหัสนี้ โปรดตรวจสอบรหัส หรือสอบถามผู้ที่แสดงให้คุณดู',
    earned: (l, c, o, d) => `${l} ผ่านหลักสูตร “${c}” ของ ${o} เมื่อวันที่ ${d}`,
    revokedBody: 'ใบประกาศนียบัตรนี้ไม่มีผลแล้ว',
  },
  vi: {
    validTitle: 'Chứng chỉ hợp lệ',
    revokedTitle: 'Chứng chỉ này đã bị thu hồi',
    unknownTitle: 'Không tìm thấy chứng chỉ',
    unknownBody: 'Không có chứng chỉ nào mang mã này. Hãy kiểm tra mã, hoặc hỏi người đã cho bạn xem.',
    earned: (l, c, o, d) => `${l} đã hoàn thành khóa học “${c}” của ${o} ngày ${d}.`,
    revokedBody: 'Chứng chỉ này không còn hiệu lực.',
  },
  my: {
    validTitle: 'မှန်ကန်သော လက်မှတ်',
    revokedTitle: 'ဤလက်မှတ်ကို ရုပ်သိမ်းပြီးဖြစ်သည်',
    unknownTitle: 'မသိသော လက်မှတ်',
    unknownBody: 'ဤကုဒ်ဖြင့် လက်မှတ်မရှိပါ။ ကုဒ်ကို စစ်ဆေးပါ သို့မဟုတ် သင့်အား ပြသသူကို မေးပါ။',
    earned: (l, c, o, d) => `${l} သည် ${o} ၏ “${c}” သင်တန်းကို ${d} တွင် အောင်မြင်ခဲ့သည်။`,
    revokedBody: 'ဤလက်မှတ်သည် အကျုံးမဝင်တော့ပါ။',
  },
  zh: {
    validTitle: '证书有效',
    revokedTitle: '此证书已被撤销',
    unknownTitle: '未知证书',
    unknownBody: '没有证书使用此编码。请核对编码，或询问向您出示证书的人。',
    earned: (l, c, o, d) => `${l} 于 ${d} 通过了 ${o} 的课程“${c}”。`,
    revokedBody: '此证书已不再有效。',
  },
};

export function verifyPage(locale: Locale, v: Verification) {
  const t = TEXTS[locale];
  if (v.state === 'unknown')
    return page(
      locale,
      t.unknownTitle,
      `<h1>${escapeHtml(t.unknownTitle)}</h1><p>${escapeHtml(t.unknownBody)}</p>`,
    );
  const date = new Intl.DateTimeFormat(CERTIFICATE_LOCALES[locale], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(v.issuedAt));
  const title = v.state === 'valid' ? t.validTitle : t.revokedTitle;
  const sentence = escapeHtml(t.earned(v.learnerName, v.courseName, v.companyName, date));
  const body =
    `<h1 data-state="${v.state}">${escapeHtml(title)}</h1><p>${sentence}</p>` +
    (v.state === 'revoked' ? `<p><strong>${escapeHtml(t.revokedBody)}</strong></p>` : '');
  return page(locale, title, body);
}
