// Realistic, varied FAQ text for the 10,000-record list bench: English and Thai questions and
// answers from a seeded generator, so every run seeds the same words (and the same search hits).

import { rng } from '../server/db/seeded-random.ts';

const EN = {
  action: [
    'request',
    'renew',
    'cancel',
    'update',
    'book',
    'report',
    'reset',
    'download',
    'submit',
    'change',
    'approve',
    'return',
  ],
  object: [
    'my annual leave',
    'a parking permit',
    'the safety helmet',
    'a forklift licence',
    'my payslip',
    'the training certificate',
    'a meeting room',
    'overtime hours',
    'my password',
    'a travel expense claim',
    'the canteen menu',
    'protective gloves',
    'a Safetec ear muff',
    'the fire drill schedule',
    'a shuttle bus seat',
    'my uniform',
    'a laptop',
    'the health check appointment',
  ],
  place: [
    'from home',
    'on the night shift',
    'at the Rayong plant',
    'in the warehouse',
    'during the holidays',
    'on the production line',
    'abroad',
    'at the head office',
  ],
  dept: ['HR', 'IT', 'Finance', 'Safety', 'Facilities', 'Production', 'Quality', 'Sales', 'Purchasing'],
  answer: [
    'Open the employee portal and choose the matching form.',
    'Your supervisor approves it within two working days.',
    'Keep the receipt; Finance needs it for the claim.',
    'Store it somewhere safe and dry after each shift.',
    'Work safely: wear the equipment the line leader hands out.',
    'The safety officer checks it every Monday morning.',
    'Ask the Facilities desk on the ground floor.',
    'Forms handed in after the 25th are paid the following month.',
    'It is safer to ask the IT helpdesk than to install it yourself.',
    'Safeguard your password and never share it with colleagues.',
    'Same-day requests are possible for urgent cases only.',
    'The sales team uses a separate booking calendar.',
    'The new Safari browser is not supported yet; please use Chrome.',
    'Canteen food is served from 11:00 to 13:30.',
    'Forklift drivers must renew the licence every three years.',
    'Please allow up to one week for the card to arrive.',
    'Contact the Quality team if the batch number is missing.',
    'The shuttle bus leaves the main gate at 17:15.',
    'Bring your badge; without it the gate stays closed.',
    'A copy is sent to your e-mail after approval.',
  ],
};

const TH = {
  action: ['ขอ', 'ต่ออายุ', 'ยกเลิก', 'แก้ไข', 'จอง', 'แจ้ง', 'เปลี่ยน', 'ส่ง', 'ตรวจสอบ', 'ปรับ'],
  object: [
    'วันลาพักร้อน',
    'บัตรจอดรถ',
    'หมวกนิรภัย',
    'ใบขับขี่รถยก',
    'สลิปเงินเดือน',
    'ห้องประชุม',
    'ชั่วโมงทำงานล่วงเวลา',
    'รหัสผ่าน',
    'ค่าเดินทาง',
    'เครื่องแบบพนักงาน',
    'รถรับส่งพนักงาน',
    'ประกันสุขภาพ',
  ],
  answer: [
    'กรุณาติดต่อฝ่ายบุคคลในวันและเวลาทำการ',
    'หัวหน้างานจะอนุมัติภายในสองวันทำการ',
    'สวมอุปกรณ์ความปลอดภัยทุกครั้งที่เข้าพื้นที่ผลิต',
    'ร้านค้าในโรงงานจำหน่ายสินค้าปลอดภาษีสำหรับพนักงาน',
    'น้ำดื่มในโรงอาหารเป็นน้ำปลอดเชื้อ ผ่านการตรวจทุกเดือน',
    'ระวังเอกสารปลอม ให้ตรวจสอบตราประทับของบริษัท',
    'เมนูวันศุกร์มีปลาทอดและแกงส้ม',
    'ประกาศจะแจ้งทางอีเมลและบอร์ดหน้าโรงอาหาร',
    'ประชุมความปลอดภัยประจำเดือนจัดขึ้นทุกวันจันทร์แรกของเดือน',
    'เปลี่ยนรหัสผ่านได้ที่หน้าโปรไฟล์',
    'ยื่นเอกสารภายในวันที่ 25 ของทุกเดือน',
  ],
};

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;

function sentences(r: () => number, pool: readonly string[], min: number, max: number, sep: string) {
  const n = min + Math.floor(r() * (max - min + 1));
  const chosen = new Set<string>();
  while (chosen.size < n) chosen.add(pick(r, pool));
  return [...chosen].join(sep);
}

export type FaqInput = { id: string; question: string; answer: string; sendDate: string };

/** `count` FAQ records, about 70 % English and 30 % Thai, send dates over four years. */
export function faqRecords(count: number, seed = 10_000): FaqInput[] {
  const r = rng(seed);
  const day0 = Date.UTC(2023, 0, 1);
  return Array.from({ length: count }, () => {
    let question: string;
    let answer: string;
    if (r() < 0.7) {
      const form = Math.floor(r() * 4);
      const action = pick(r, EN.action);
      const object = pick(r, EN.object);
      if (form === 0) question = `How do I ${action} ${object}?`;
      else if (form === 1) question = `Can I ${action} ${object} ${pick(r, EN.place)}?`;
      else if (form === 2) question = `Who in ${pick(r, EN.dept)} handles requests to ${action} ${object}?`;
      else question = `What is the deadline to ${action} ${object}?`;
      answer = sentences(r, EN.answer, 1, 3, ' ');
    } else {
      question = `จะ${pick(r, TH.action)}${pick(r, TH.object)}ได้อย่างไร`;
      answer = sentences(r, TH.answer, 1, 3, ' ');
    }
    const sendDate = new Date(day0 + Math.floor(r() * 4 * 365) * 86_400_000).toISOString().slice(0, 10);
    return { id: crypto.randomUUID(), question, answer, sendDate };
  });
}
