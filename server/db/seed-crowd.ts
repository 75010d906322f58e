import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { nextSeq } from '../resources/own-table.ts';
import type { Tx } from '../resources/repository-types.ts';
import type { CourseData } from '../services/course-access.ts';
import { assignedUserIds } from '../services/course-audience.ts';
import { recordVideoProgress } from '../services/course-progress.ts';
import { departmentMembers, departments, records, roles, users } from './schema.ts';
import { writerFor } from './seed-people.ts';
import { rng } from './seeded-random.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The demo company grows to about this many people (its named users included). */
export const CROWD_TOTAL = 300;

// biome-ignore format: name lists
const MALE = ['Anan', 'Arthit', 'Chaiwat', 'Kittisak', 'Narong', 'Pongsak', 'Somsak', 'Surachai', 'Thanawat', 'Wichai', 'Prasit', 'Sombat', 'Ekkachai', 'Jirayu', 'Nopparat', 'Sakda', 'Teerapat', 'Worawut', 'Boonchai', 'Kasem'];
// biome-ignore format: name lists
const FEMALE = ['Apinya', 'Benjamas', 'Chanida', 'Duangjai', 'Jintana', 'Kannika', 'Lamai', 'Nanthana', 'Orathai', 'Pimchanok', 'Ratana', 'Siriporn', 'Sukanya', 'Tassanee', 'Wanida', 'Yupin', 'Arunee', 'Kanokwan', 'Nittaya', 'Supaporn'];
// biome-ignore format: name lists
const LAST = ['Saetang', 'Chaiyaporn', 'Kongsuk', 'Phromma', 'Sukprasert', 'Wongsa', 'Rattanaporn', 'Thongchai', 'Srisawat', 'Boonyarat', 'Chantara', 'Intharasuk', 'Jaroensuk', 'Kaewmanee', 'Limsakul', 'Meesuk', 'Nakprasit', 'Panyasiri', 'Rungruang', 'Siriwat', 'Tangsiri', 'Udomsak', 'Wattana', 'Yodkham', 'Anuwat'];

/** Where the newcomers work: the company's own departments and a few more of a factory. */
const CROWD_DEPARTMENTS = [
  { name: 'Warehouse', weight: 5 },
  { name: 'Maintenance', weight: 3 },
  { name: 'Sales', weight: 3 },
  { name: 'Purchasing', weight: 2 },
  { name: 'Human Resources', weight: 1 },
  { name: 'Accounting', weight: 1 },
];

type Writer = ReturnType<typeof writerFor>;

/**
 * Grows the company to about CROWD_TOTAL people with generated Thai names, so reports and the
 * dashboard have a believable population. The named demo users stay first (employee IDs after
 * theirs, and none of the departments the seat-limited demo courses are given). Users are
 * bulk-inserted rows of what the User create writes (the company's Employee role, a password hash
 * shared with the named employees': hashing 300 passwords would take seconds); new departments go through the
 * department write; memberships are rows of what it stores, the departments' sync order bumped.
 */
export async function seedCrowd(
  tx: Tx,
  o: { companyId: string; code: string; writer: Writer; domain: string },
) {
  const random = rng(12_300);
  const existing = await tx
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      roleId: users.roleId,
      userType: users.userType,
    })
    .from(users)
    .where(and(eq(users.companyId, o.companyId), isNull(users.deletedAt)));
  const employee = existing.find((u) => u.userType === 'user');
  if (!employee || existing.length >= CROWD_TOTAL) return 0;
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, o.companyId), eq(roles.name, 'Employee')));

  const deptIds = new Map(
    (
      await tx
        .select({ id: departments.id, name: departments.name })
        .from(departments)
        .where(and(eq(departments.companyId, o.companyId), isNull(departments.deletedAt)))
    ).map((d) => [d.name, d.id]),
  );
  for (const d of CROWD_DEPARTMENTS)
    if (!deptIds.has(d.name)) deptIds.set(d.name, await o.writer.create('Department', { name: d.name }));
  const weights = CROWD_DEPARTMENTS.map((d) => d.weight);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const pickDepartment = () => {
    let x = random() * weightSum;
    for (const [i, w] of weights.entries()) {
      x -= w;
      if (x < 0) return CROWD_DEPARTMENTS[i]!.name;
    }
    return CROWD_DEPARTMENTS[0]!.name;
  };

  const taken = new Set<string>();
  const rows: (typeof users.$inferInsert)[] = [];
  for (let i = existing.length; i < CROWD_TOTAL; i++) {
    const female = random() < 0.5;
    const firstName = (female ? FEMALE : MALE)[Math.floor(random() * 20)]!;
    const lastName = LAST[Math.floor(random() * LAST.length)]!;
    let username = `${firstName}.${lastName.slice(0, 3)}`.toLowerCase();
    for (let n = 2; taken.has(username); n++)
      username = `${firstName}.${lastName.slice(0, 3)}${n}`.toLowerCase();
    taken.add(username);
    rows.push({
      companyId: o.companyId,
      employeeId: `${o.code}-${String(i + 1).padStart(4, '0')}`,
      prefix: female ? (random() < 0.5 ? 'Mrs.' : 'Miss.') : 'Mr.',
      firstName,
      lastName,
      email: `${username}@${o.domain}`,
      phone: `08${String(10_000_000 + (i + 2) * 7_919).slice(0, 8)}`,
      username,
      passwordHash: employee.passwordHash,
      gender: female ? 'female' : 'male',
      departmentId: deptIds.get(pickDepartment())!,
      roleId: role?.id ?? employee.roleId,
      active: random() > 0.05,
      language: random() < 0.6 ? 'th' : 'en',
    });
  }
  const made = await tx
    .insert(users)
    .values(rows)
    .returning({ id: users.id, departmentId: users.departmentId });
  // Each newcomer is a member of their main department (as the department write stores
  // memberIds), and those departments move on in the sync order so consoles pull the new lists.
  await tx
    .insert(departmentMembers)
    .values(made.map((u) => ({ departmentId: u.departmentId!, userId: u.id })));
  await tx
    .update(departments)
    .set({ rev: sql`${departments.rev} + 1`, seq: nextSeq, updatedAt: sql`now()` })
    .where(inArray(departments.id, [...new Set(made.map((u) => u.departmentId!))]));
  return made.length;
}

/**
 * The newcomers' progress in the courses every employee takes (allUsers, without quizzes): about
 * a third have not begun, some watched part, the rest finished, each on days since the course
 * opened. Through the learner's own call (RecordVideoProgress), as a player that reports the start
 * of each video and its end: two reports a video pass every rule (in order; never forward of the
 * furthest position by more than twice the time since the last report; completed at the end).
 */
export async function seedCrowdProgress(tx: Tx, companyId: string, now: Date, learners = 150) {
  const random = rng(4_560);
  const courses = await tx
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(and(eq(records.companyId, companyId), eq(records.resource, 'Course'), isNull(records.deletedAt)))
    .orderBy(asc(records.createdAt), asc(records.id));
  const crowd = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userType, 'user'), isNull(users.deletedAt)))
    .orderBy(asc(users.employeeId));
  let started = 0;
  for (const row of courses) {
    const c = { ...(row.data as CourseData), id: row.id };
    const opens = Date.parse(c.startAt);
    if (!c.allUsers || c.quizIds.length || opens >= now.getTime() || !c.videos.length) continue;
    const ids = await assignedUserIds(tx, companyId, c);
    // Past the first six learners: their stories are seedProgress's.
    for (const u of crowd.filter((x) => ids.has(x.id)).slice(6, 6 + learners)) {
      const who = { companyId, userId: u.id };
      const r = random();
      const watched = r < 0.35 ? 0 : r < 0.6 ? Math.ceil(c.videos.length / 2) : c.videos.length;
      let t = opens + random() * (now.getTime() - opens) * 0.7 + 8 * HOUR;
      let done = 0;
      for (const v of c.videos.slice(0, watched)) {
        const end = t + Math.max(v.durationSeconds, 1) * 1000;
        if (end >= now.getTime()) break;
        const at = { courseId: c.id, videoItemId: v.id };
        await recordVideoProgress(tx, who, { ...at, position: 0 }, new Date(t));
        await recordVideoProgress(
          tx,
          who,
          { ...at, position: v.durationSeconds, completed: true },
          new Date(end),
        );
        done++;
        t = end + random() * DAY * 0.4;
      }
      if (done) started++;
    }
  }
  return started;
}

/**
 * Access requests of newcomers to the seat-limited courses they do not take, as the learners'
 * own writes over the past weeks (requestedAt is the day they asked); the administrator refused
 * some of the older ones.
 */
export async function seedCrowdRequests(
  tx: Tx,
  o: { companyId: string; writer: Writer },
  now: Date,
  count = 10,
) {
  const random = rng(7_890);
  const courses = await tx
    .select({ id: records.id, data: records.data })
    .from(records)
    .where(and(eq(records.companyId, o.companyId), eq(records.resource, 'Course'), isNull(records.deletedAt)))
    .orderBy(asc(records.createdAt), asc(records.id));
  const targets = courses.filter((r) => !(r.data as CourseData).allUsers);
  if (!targets.length) return 0;
  const crowd = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, o.companyId), eq(users.active, true), isNull(users.deletedAt)))
    .orderBy(asc(users.employeeId));
  const audiences = new Map<string, Set<string>>();
  let made = 0;
  for (let i = 0; i < count; i++) {
    const course = targets[i % targets.length]!;
    const c = { ...(course.data as CourseData), id: course.id };
    if (!audiences.has(c.id)) audiences.set(c.id, await assignedUserIds(tx, o.companyId, c));
    const ids = audiences.get(c.id)!;
    const free = crowd.filter((u) => !ids.has(u.id));
    const u = free[12 + Math.floor(random() * (free.length - 12))];
    // One live enrolment per course and user: someone already asking is not asked twice.
    if (!u) continue;
    ids.add(u.id);
    const daysAgo = 1 + Math.floor(random() * 40);
    const at = new Date(now.getTime() - daysAgo * DAY - random() * 8 * HOUR);
    const id = await writerFor(tx, o.companyId, u.id, at).create('Enrolment', {
      courseId: c.id,
      userId: u.id,
      status: 'requested',
    });
    if (daysAgo > 20)
      await o.writer.update('Enrolment', id, { courseId: c.id, userId: u.id, status: 'refused' });
    made++;
  }
  return made;
}
