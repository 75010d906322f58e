import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import type { FileStore } from '../lib/file-store.ts';
import { sharingPasswordHashes } from '../lib/passwords.ts';
import { CompanyExistsError } from '../services/create-company.ts';
import { newFileId } from '../services/uploads.ts';
import type { Db } from './client.ts';
import { demoBannerPng } from './demo-png.ts';
import { companies } from './schema.ts';
import { seedCommunity, seedEvents } from './seed-community.ts';
import { DEMO_BANNERS, DEMO_MEDIA, DEMO_TOPICS } from './seed-content.ts';
import { seedCourses } from './seed-courses.ts';
import { seedCrowd, seedCrowdProgress, seedCrowdRequests } from './seed-crowd.ts';
import { DEMO_COMPANIES } from './seed-data.ts';
import { seedIso } from './seed-iso.ts';
import { type SeedImages, type StoredImage, seedLists } from './seed-lists.ts';
import { seedPeople } from './seed-people.ts';
import { seedProgress } from './seed-progress.ts';
import { seedQuizzes } from './seed-quizzes.ts';
import { seedStore, storeStoreCovers } from './seed-store.ts';
import { seedViewEvents } from './seed-views.ts';

/** Two short clips (640x360 MP4, MP3) behind the demo videos and sounds. */
const DEMO_VIDEO = new URL('./demo-media/demo-video.mp4', import.meta.url);
const DEMO_SOUND = new URL('./demo-media/demo-sound.mp3', import.meta.url);

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/**
 * Stores one image per demo banner and topic (each company gets files of its own); notes every
 * key written.
 */
async function storeImages(store: Pick<FileStore, 'write'>, written: string[]) {
  const pngsOf = (items: readonly { title: string; color: Parameters<typeof demoBannerPng>[0] }[]) =>
    items.map((b) => ({ fileName: `${slug(b.title)}.png`, bytes: demoBannerPng(b.color) }));
  const stored = async (pngs: ReturnType<typeof pngsOf>) => {
    const images: StoredImage[] = [];
    for (const png of pngs) {
      const storagePath = newFileId();
      written.push(storagePath);
      const size = await store.write(storagePath, png.bytes);
      images.push({ storagePath, fileName: png.fileName, size, head: png.bytes });
    }
    return images;
  };
  const banners = pngsOf(DEMO_BANNERS);
  const topics = pngsOf(DEMO_TOPICS);
  const clips = { Video: readFileSync(DEMO_VIDEO), Sound: readFileSync(DEMO_SOUND) };
  const media = DEMO_MEDIA.map((m) => ({
    fileName: `${slug(m.title)}.${m.kind === 'Video' ? 'mp4' : 'mp3'}`,
    bytes: clips[m.kind],
  }));
  const perCompany: SeedImages[] = [];
  for (const _ of DEMO_COMPANIES)
    perCompany.push({
      banners: await stored(banners),
      topics: await stored(topics),
      media: await stored(media),
    });
  return perCompany;
}

const lostTheRace = (err: unknown) =>
  err instanceof CompanyExistsError ||
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Fills an empty database (no companies) with the demo companies, through the services of real
 * writes. Returns whether it did. Callers never call it in production. Safe when two instances
 * start together: the unique company code makes the later transaction fail, and that one
 * reports "not seeded". The banner and topic images are stored first; when the transaction fails they are
 * removed again, so no file is left that no row names.
 */
export async function seedDemoData(db: Db, store: Pick<FileStore, 'write' | 'remove'>, now: Date) {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (n > 0) return false;
  const written: string[] = [];
  try {
    const images = await storeImages(store, written);
    const storeCovers = await storeStoreCovers(store, written);
    await sharingPasswordHashes(() =>
      db.transaction(async (tx) => {
        await seedStore(tx, storeCovers, now);
        for (const [i, company] of DEMO_COMPANIES.entries()) {
          const people = await seedPeople(tx, company, now);
          await seedLists(tx, { ...people, code: company.code, images: images[i]!, now });
          await seedQuizzes(people.writer);
          await seedCommunity(tx, { ...people, now });
          await seedEvents(tx, { ...people, now });
          // After the library (and the quizzes, when they are seeded): courses are made of them.
          await seedCourses(tx, { ...people, now });
          // After the courses: skills name the courses that teach them.
          await seedIso(tx, { ...people, now });
          // The demo company grows to about 300 people (before their views), with some requests.
          const crowd = company.code === 'DEMO';
          if (crowd) {
            await seedCrowd(tx, { ...people, code: company.code, domain: company.domain });
            await seedCrowdRequests(tx, people, now);
          }
          // Last: the learners' views of the contents seeded above (none while there are none).
          await seedViewEvents(tx, people.companyId, now);
          // After the courses (none on a branch without them): learners' progress and quiz attempts.
          await seedProgress(tx, people.companyId, now);
          if (crowd) await seedCrowdProgress(tx, people.companyId, now);
        }
      }),
    );
    return true;
  } catch (err) {
    // Best effort: the failure being reported is the one that matters.
    await Promise.all(written.map((key) => store.remove(key).catch(() => undefined)));
    if (lostTheRace(err)) return false;
    throw err;
  }
}
