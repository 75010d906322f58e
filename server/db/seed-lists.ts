import { SNIFF_BYTES } from '#contract/file-signatures.ts';
import type { Tx } from '../resources/repository-types.ts';
import { checkContentType, recordFile } from '../services/uploads.ts';
import {
  DEMO_BANNERS,
  DEMO_CONTENT_TYPES,
  DEMO_FAQ,
  DEMO_FEEDBACK,
  DEMO_KNOWLEDGE_TYPES,
} from './seed-content.ts';
import type { writerFor } from './seed-people.ts';

const DAY = 86_400_000;

/** A banner image already in the file store, under `storagePath`, to record for one company. */
export type StoredImage = { storagePath: string; fileName: string; size: number; head: Buffer };

/**
 * The company's FAQ, banners, feedback and master data, through the same writes as the API.
 * `images` are the banners' files, one per DEMO_BANNERS entry, stored for this company.
 */
export async function seedLists(
  tx: Tx,
  o: {
    code: string;
    companyId: string;
    adminId: string;
    writer: ReturnType<typeof writerFor>;
    names: Map<string, string>;
    images: StoredImage[];
    now: Date;
  },
) {
  const { writer: w, now } = o;
  const at = (days: number) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCMinutes(0, 0, 0);
    return d;
  };
  for (const f of DEMO_FAQ) {
    const sendDate = at(-f.daysAgo).toISOString().slice(0, 10);
    await w.create('Faq', { question: f.question, answer: f.answer, sendDate });
  }
  for (const [i, { startDays, endDays, color: _, ...b }] of DEMO_BANNERS.entries()) {
    const image = o.images[i]!;
    // The upload route's own checks and record, so the image is a file like any uploaded one.
    const mimeType = checkContentType('banner', image.head.subarray(0, SNIFF_BYTES), image.fileName);
    const file = await recordFile(tx, {
      id: image.storagePath,
      companyId: o.companyId,
      ownerId: o.adminId,
      kind: 'banner',
      fileName: image.fileName,
      mimeType,
      size: image.size,
      storagePath: image.storagePath,
    });
    const startAt = at(startDays).toISOString();
    const endAt = at(endDays).toISOString();
    await w.create('Banner', { ...b, image: file.url, startAt, endAt });
  }
  for (const { from, reply, ...f } of DEMO_FEEDBACK[o.code] ?? []) {
    const senderName = o.names.get(from);
    if (!senderName) throw new Error(`Demo feedback from ${from}, who is not a user of ${o.code}.`);
    await w.create('Feedback', { ...f, senderName, reply: reply ?? '' });
  }
  for (const t of DEMO_CONTENT_TYPES) await w.create('TypeOfContent', t);
  for (const t of DEMO_KNOWLEDGE_TYPES) await w.create('TypeOfKnowledge', t);
}
