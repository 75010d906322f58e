/** The API's language codes (users.language). */
export type Lang = 'en' | 'th' | 'vn' | 'mm' | 'cn';

type Words = { from: (company: string) => string; open: string; why: (company: string) => string };

/** The words around a notification's own title and text, in the five languages of the product. */
const WORDS: Record<Lang, Words> = {
  en: {
    from: (c) => `A message from ${c}`,
    open: 'Open',
    why: (c) => `You receive this e-mail because you are a learner of ${c}.`,
  },
  th: {
    from: (c) => `ข้อความจาก ${c}`,
    open: 'เปิด',
    why: (c) => `คุณได้รับอีเมลนี้เนื่องจากคุณเป็นผู้เรียนของ ${c}`,
  },
  vn: {
    from: (c) => `Tin nhắn từ ${c}`,
    open: 'Mở',
    why: (c) => `Bạn nhận được e-mail này vì bạn là học viên của ${c}.`,
  },
  mm: {
    from: (c) => `${c} ထံမှ စာ`,
    open: 'ဖွင့်ရန်',
    why: (c) => `သင်သည် ${c} ၏ သင်ယူသူ ဖြစ်သောကြောင့် ဤအီးမေးလ်ကို ရရှိပါသည်။`,
  },
  cn: {
    from: (c) => `来自${c}的消息`,
    open: '打开',
    why: (c) => `您收到此邮件，因为您是${c}的学员。`,
  },
};

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** A notification as an e-mail in the recipient's language, naming the company. */
export function notificationEmail(
  lang: Lang,
  o: { company: string; title: string; body: string; link: string | null },
) {
  const w = WORDS[lang] ?? WORDS.en;
  const text = [
    w.from(o.company),
    '',
    o.title,
    '',
    o.body,
    ...(o.link ? ['', `${w.open}: ${o.link}`] : []),
    '',
    '--',
    w.why(o.company),
  ].join('\n');
  const link = o.link ? `<p><a href="${escapeHtml(o.link)}">${escapeHtml(w.open)}</a></p>` : '';
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">` +
    `<p style="color:#555">${escapeHtml(w.from(o.company))}</p>` +
    `<h2>${escapeHtml(o.title)}</h2>` +
    `<p style="white-space:pre-wrap">${escapeHtml(o.body)}</p>${link}` +
    `<hr><p style="color:#777;font-size:12px">${escapeHtml(w.why(o.company))}</p></body></html>`;
  return { subject: `${o.company}: ${o.title}`, text, html };
}

/** `"Sender Name" <address of MAIL_FROM>`: a company's name on the server's own address. */
export function senderOf(mailFrom: string, senderName: string) {
  if (!senderName) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `"${senderName.replace(/["\\\r\n]/g, '')}" <${address}>`;
}
