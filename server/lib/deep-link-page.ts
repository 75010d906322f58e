import { LOCALES, type Locale } from '#contract/languages.ts';
import type { DeepLinkTarget } from '#contract/resources/deep-link.ts';

/**
 * The small public pages of `/l/{code}`: the fallback page that offers the learner app, and the
 * answers for an unknown, expired or removed link. Learners open them on their phones without
 * the console, so their few sentences live here, in the five languages of the console, chosen
 * from the browser's Accept-Language (English when none of them is asked for).
 */
type Texts = {
  missingTitle: string;
  missingBody: string;
  expiredTitle: string;
  expiredBody: string;
  goneTitle: string;
  goneBody: string;
  opens: (kind: string) => string;
  open: string;
  noApp: string;
  kinds: Record<DeepLinkTarget, string>;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    missingTitle: 'This link does not exist',
    missingBody: 'Check the address, or ask the person who shared it for a new link.',
    expiredTitle: 'This link has expired',
    expiredBody: 'Ask the person who shared it for a new link.',
    goneTitle: 'This content is no longer available',
    goneBody: 'It was removed. Ask the person who shared the link.',
    opens: (kind) => `This link opens a ${kind} in the learning app.`,
    open: 'Open in the app',
    noApp: 'Nothing happens? Install the learning app on this device, then open this link again.',
    kinds: {
      Topic: 'topic',
      Article: 'article',
      Sound: 'sound',
      Video: 'video',
      Course: 'course',
      Quiz: 'quiz',
      Event: 'event',
    },
  },
  th: {
    missingTitle: 'ไม่พบลิงก์นี้',
    missingBody: 'โปรดตรวจสอบที่อยู่ หรือขอลิงก์ใหม่จากผู้ที่แชร์ให้คุณ',
    expiredTitle: 'ลิงก์นี้หมดอายุแล้ว',
    expiredBody: 'โปรดขอลิงก์ใหม่จากผู้ที่แชร์ให้คุณ',
    goneTitle: 'เนื้อหานี้ไม่มีให้บริการแล้ว',
    goneBody: 'เนื้อหานี้ถูกนำออกแล้ว โปรดติดต่อผู้ที่แชร์ลิงก์ให้คุณ',
    opens: (kind) => `ลิงก์นี้จะเปิด${kind}ในแอปการเรียนรู้`,
    open: 'เปิดในแอป',
    noApp: 'ไม่มีอะไรเกิดขึ้นใช่ไหม ติดตั้งแอปการเรียนรู้บนอุปกรณ์นี้ แล้วเปิดลิงก์นี้อีกครั้ง',
    kinds: {
      Topic: 'หัวข้อ',
      Article: 'บทความ',
      Sound: 'ไฟล์เสียง',
      Video: 'วิดีโอ',
      Course: 'หลักสูตร',
      Quiz: 'แบบทดสอบ',
      Event: 'กิจกรรม',
    },
  },
  vi: {
    missingTitle: 'Liên kết này không tồn tại',
    missingBody: 'Hãy kiểm tra địa chỉ, hoặc xin người đã chia sẻ một liên kết mới.',
    expiredTitle: 'Liên kết này đã hết hạn',
    expiredBody: 'Hãy xin người đã chia sẻ một liên kết mới.',
    goneTitle: 'Nội dung này không còn nữa',
    goneBody: 'Nội dung đã bị gỡ bỏ. Hãy hỏi người đã chia sẻ liên kết.',
    opens: (kind) => `Liên kết này mở một ${kind} trong ứng dụng học tập.`,
    open: 'Mở trong ứng dụng',
    noApp: 'Không có gì xảy ra? Hãy cài ứng dụng học tập trên thiết bị này rồi mở lại liên kết.',
    kinds: {
      Topic: 'chủ đề',
      Article: 'bài viết',
      Sound: 'tệp âm thanh',
      Video: 'video',
      Course: 'khóa học',
      Quiz: 'bài kiểm tra',
      Event: 'sự kiện',
    },
  },
  my: {
    missingTitle: 'ဤလင့်ခ်မရှိပါ',
    missingBody: 'လိပ်စာကို စစ်ဆေးပါ သို့မဟုတ် မျှဝေပေးသူထံမှ လင့်ခ်အသစ် တောင်းပါ။',
    expiredTitle: 'ဤလင့်ခ် သက်တမ်းကုန်သွားပါပြီ',
    expiredBody: 'မျှဝေပေးသူထံမှ လင့်ခ်အသစ် တောင်းပါ။',
    goneTitle: 'ဤအကြောင်းအရာကို မရရှိနိုင်တော့ပါ',
    goneBody: 'ဖယ်ရှားလိုက်ပါပြီ။ လင့်ခ်မျှဝေပေးသူကို မေးမြန်းပါ။',
    opens: (kind) => `ဤလင့်ခ်သည် သင်ယူရေးအက်ပ်တွင် ${kind} တစ်ခုကို ဖွင့်ပေးပါသည်။`,
    open: 'အက်ပ်တွင် ဖွင့်ရန်',
    noApp: 'ဘာမှမဖြစ်ဘူးလား။ ဤစက်ပေါ်တွင် သင်ယူရေးအက်ပ်ကို ထည့်သွင်းပြီး ဤလင့်ခ်ကို ထပ်ဖွင့်ပါ။',
    kinds: {
      Topic: 'ခေါင်းစဉ်',
      Article: 'ဆောင်းပါး',
      Sound: 'အသံဖိုင်',
      Video: 'ဗီဒီယို',
      Course: 'သင်တန်း',
      Quiz: 'စာမေးပွဲ',
      Event: 'ပွဲ',
    },
  },
  zh: {
    missingTitle: '此链接不存在',
    missingBody: '请检查地址，或向分享者索取新的链接。',
    expiredTitle: '此链接已过期',
    expiredBody: '请向分享者索取新的链接。',
    goneTitle: '此内容已不可用',
    goneBody: '该内容已被移除。请联系分享链接的人。',
    opens: (kind) => `此链接将在学习应用中打开一个${kind}。`,
    open: '在应用中打开',
    noApp: '没有反应？请在此设备上安装学习应用，然后再次打开此链接。',
    kinds: {
      Topic: '主题',
      Article: '文章',
      Sound: '音频',
      Video: '视频',
      Course: '课程',
      Quiz: '测验',
      Event: '活动',
    },
  },
};

/** The first of the browser's languages (by weight) that the console speaks; English otherwise. */
export function pageLocale(acceptLanguage: string | undefined): Locale {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { lang: tag.split('-')[0] ?? '', q: Number.isNaN(q) ? 0 : q, i };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { lang } of wanted) if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  return 'en';
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(locale: Locale, title: string, body: string) {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans Thai","Noto Sans Myanmar",sans-serif;background:#f4f6f8;color:#1a202c}
main{max-width:28rem;margin:12vh auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 .75rem}p{line-height:1.55;margin:0 0 1rem}
a.button{display:block;text-align:center;padding:.8rem 1rem;border-radius:.5rem;background:#2b6cb0;color:#fff;text-decoration:none;font-weight:600}
a.button:focus-visible{outline:3px solid #90cdf4;outline-offset:2px}.hint{color:#4a5568;font-size:.9rem;margin-top:1rem}
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export type ProblemPage = 'missing' | 'expired' | 'gone';

/** The page of a link that cannot be opened (404 unknown, 410 expired or its content removed). */
export function problemPage(locale: Locale, problem: ProblemPage) {
  const t = TEXTS[locale];
  const [title, body] = {
    missing: [t.missingTitle, t.missingBody],
    expired: [t.expiredTitle, t.expiredBody],
    gone: [t.goneTitle, t.goneBody],
  }[problem];
  return page(locale, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`);
}

/** The web fallback: what the link opens and a button to the learner app's own link. */
export function openPage(locale: Locale, o: { title: string; kind: DeepLinkTarget; appUrl: string }) {
  const t = TEXTS[locale];
  const title = o.title || t.open;
  return page(
    locale,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(t.opens(t.kinds[o.kind]))}</p>` +
      `<a class="button" href="${escapeHtml(o.appUrl)}">${escapeHtml(t.open)}</a>` +
      `<p class="hint">${escapeHtml(t.noApp)}</p>`,
  );
}
