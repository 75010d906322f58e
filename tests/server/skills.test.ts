import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS, NO_ACCESS, type Permissions } from '#contract/permissions.ts';
import { DEMO_USER_PASSWORD, ROLE_PERMISSIONS } from '../../server/db/seed-data.ts';
import { bearer, makeClock, makeTestApp, type TestApp } from './helpers.ts';
import { mutation, resourceClient } from './resource-helpers.ts';

// Training roadmap skills: two levels of topics, one required level per position and skill,
// assessments as history where the latest counts and a passed re-assessment date expires it,
// tenant isolation, and the company's ISO access switching the whole area off.
const clock = makeClock(new Date('2030-01-15T09:00:00Z'));
let t: TestApp;
let demo: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let learnerId: string;
let learnerToken: string;
let adminId: string;

beforeAll(async () => {
  t = await makeTestApp({ now: clock.now });
  const adminToken = await t.login('DEMO', 'admin', 'Admin@1234');
  demo = resourceClient(t, adminToken);
  adminId = (
    await t.app.inject({ method: 'GET', url: '/api/v1/Login/Session', headers: bearer(adminToken) })
  ).json().data.userID;
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
  learnerToken = await t.login('DEMO', 'nattapong', DEMO_USER_PASSWORD);
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/v1/Login/Session',
    headers: bearer(learnerToken),
  });
  learnerId = me.json().data.userID;
});
afterAll(() => t?.close());

const items = async (client: typeof demo, resource: string) =>
  (await client.call(resource, 'List', { per_page: 500 })).json().data.items as Record<string, unknown>[];
const fieldError = (res: { json: () => { data: { fields: { path: string; message: string }[] } } }) =>
  res.json().data.fields[0];
const mySkills = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Learner/MySkills',
    headers: bearer(learnerToken),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    skillId: string;
    required: number;
    level: number | null;
    gap: string;
    courses: unknown[];
  }[];
};

async function create(client: typeof demo, resource: string, fields: Record<string, unknown>) {
  const id = uuidv7();
  const res = await client.call(resource, 'Create', { id, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** A section, a position the learner holds, a main topic and one sub-topic. */
async function setting() {
  const sectionId = await create(demo, 'Section', { name: `Welding ${uuidv7()}` });
  const positionId = await create(demo, 'Position', { name: 'Welder', sectionId, holderIds: [learnerId] });
  const mainId = await create(demo, 'Skill', { name: `Joining ${uuidv7()}` });
  const skillId = await create(demo, 'Skill', {
    name: 'MIG welding',
    parentId: mainId,
    criteria0: 'Not trained.',
    criteria4: 'Trains others.',
  });
  return { sectionId, positionId, mainId, skillId };
}

describe('skills', () => {
  it('seeds a believable chart: skills with criteria, required levels, and assessments of every kind', async () => {
    const skills = await items(demo, 'Skill');
    expect(skills.filter((s) => !s.parentId).map((s) => s.name)).toEqual(
      expect.arrayContaining(['Safety', 'Quality', 'Leadership']),
    );
    expect(skills.find((s) => s.name === 'Machine guarding')?.criteria2).toBe(
      'Checks guards at every shift start.',
    );
    expect(skills.find((s) => s.name === 'Machine guarding')?.courseIds).toHaveLength(2);
    expect((await items(demo, 'SkillRequirement')).length).toBeGreaterThanOrEqual(10);
    expect((await items(demo, 'SkillAssessment')).length).toBeGreaterThanOrEqual(10);
  });

  it('keeps two levels: no sub-topic of a sub-topic, of itself, or of another company', async () => {
    const { mainId, skillId } = await setting();
    const deep = await demo.call('Skill', 'Create', { id: uuidv7(), name: 'Too deep', parentId: skillId });
    expect(deep.statusCode).toBe(422);
    expect(fieldError(deep)).toEqual({
      path: 'parentId',
      message: 'A sub-topic belongs to a main topic, not to another sub-topic.',
    });
    const [acmeSkill] = await items(acme, 'Skill');
    const foreign = await demo.call('Skill', 'Create', {
      id: uuidv7(),
      name: 'Theirs',
      parentId: acmeSkill!.id,
    });
    expect(fieldError(foreign).message).toBe('Choose a main topic of your company.');
    const [main] = (await demo.call('Skill', 'Get', { id: mainId })).json().data ? [mainId] : [];
    const self = await demo.call('Skill', 'Update', { id: main, rev: 1, name: 'Joining', parentId: mainId });
    expect(self.statusCode).toBe(422);
    const twin = await demo.call('Skill', 'Create', {
      id: uuidv7(),
      name: ' mig WELDING ',
      parentId: mainId,
    });
    expect(fieldError(twin)).toEqual({
      path: 'name',
      message: 'This topic already has a skill with this name.',
    });
    const [acmeCourse] = await items(acme, 'Course');
    const course = await demo.call('Skill', 'Create', {
      id: uuidv7(),
      name: 'TIG welding',
      parentId: mainId,
      courseIds: [acmeCourse!.id],
    });
    expect(fieldError(course)).toEqual({
      path: 'courseIds',
      message: 'Every course must be a live course of your company.',
    });
  });

  it('requires one level per position and skill, only in skills without sub-topics', async () => {
    const { positionId, mainId, skillId } = await setting();
    await create(demo, 'SkillRequirement', { positionId, skillId, level: 3 });
    const twice = await demo.call('SkillRequirement', 'Create', {
      id: uuidv7(),
      positionId,
      skillId,
      level: 2,
    });
    expect(fieldError(twice)).toEqual({
      path: 'skillId',
      message: 'This position already has a required level for this skill.',
    });
    const onMain = await demo.call('SkillRequirement', 'Create', {
      id: uuidv7(),
      positionId,
      skillId: mainId,
      level: 2,
    });
    expect(fieldError(onMain).message).toBe(
      'This skill has sub-topics: require and assess its sub-topics instead.',
    );
    const level = await demo.call('SkillRequirement', 'Create', {
      id: uuidv7(),
      positionId,
      skillId,
      level: 5,
    });
    expect(fieldError(level)).toEqual({ path: 'level', message: 'Choose a level from 1 to 4.' });
    const [acmePosition] = await items(acme, 'Position');
    const foreign = await demo.call('SkillRequirement', 'Create', {
      id: uuidv7(),
      positionId: acmePosition!.id,
      skillId,
      level: 1,
    });
    expect(fieldError(foreign).message).toBe('Choose a position of your company.');
    // A skill or a position with requirements is kept.
    const skillDelete = await demo.call('Skill', 'Delete', { id: skillId, rev: 1 });
    expect(fieldError(skillDelete).message).toBe(
      'This skill still has sub-topics, required levels or assessments. Delete them first.',
    );
    const positionDelete = await demo.call('Position', 'Delete', { id: positionId, rev: 1 });
    expect(fieldError(positionDelete).message).toBe(
      'This position still has required levels. Delete them first.',
    );
  });

  it('records assessments with the server as the judge of assessor and dates', async () => {
    const { skillId } = await setting();
    const [acmeUser] = await items(acme, 'User');
    const base = { skillId, level: 2, assessedOn: '2030-01-10', dueOn: '' };
    const foreign = await demo.call('SkillAssessment', 'Create', {
      ...base,
      id: uuidv7(),
      userId: acmeUser!.id,
    });
    expect(fieldError(foreign)).toEqual({ path: 'userId', message: 'Choose a user of your company.' });
    const future = await demo.call('SkillAssessment', 'Create', {
      ...base,
      id: uuidv7(),
      userId: learnerId,
      assessedOn: '2030-02-01',
    });
    expect(fieldError(future)).toEqual({
      path: 'assessedOn',
      message: 'The assessment date cannot be in the future.',
    });
    const due = await demo.call('SkillAssessment', 'Create', {
      ...base,
      id: uuidv7(),
      userId: learnerId,
      dueOn: '2030-01-10',
    });
    expect(fieldError(due)).toEqual({
      path: 'dueOn',
      message: 'The re-assessment date must be after the assessment date.',
    });
    const id = uuidv7();
    const made = await demo.call('SkillAssessment', 'Create', {
      ...base,
      id,
      userId: learnerId,
      assessorId: learnerId,
    });
    expect(made.json().data.assessorId).toBe(adminId);
    // Another admin editing the note keeps the first assessor.
    const trainer = resourceClient(t, await t.login('DEMO', 'trainer', 'Trainer@1234'));
    const edited = await trainer.call('SkillAssessment', 'Update', {
      ...base,
      id,
      rev: 1,
      userId: learnerId,
      evidence: 'Seen on line 2.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.assessorId).toBe(adminId);
  });

  it('counts the latest assessment and lets a passed re-assessment date expire it (Learner/MySkills)', async () => {
    const { positionId, skillId } = await setting();
    await create(demo, 'SkillRequirement', { positionId, skillId, level: 3 });
    const gap = async () => (await mySkills()).find((s) => s.skillId === skillId);
    expect(await gap()).toMatchObject({ required: 3, level: null, gap: 'notAssessed' });
    const assess = (level: number, assessedOn: string, dueOn = '') =>
      create(demo, 'SkillAssessment', { userId: learnerId, skillId, level, assessedOn, dueOn });
    await assess(3, '2030-01-05', '2030-01-20');
    expect(await gap()).toMatchObject({ level: 3, gap: 'meets' });
    // An older assessment entered later does not replace a newer one.
    await assess(1, '2029-06-01');
    expect(await gap()).toMatchObject({ level: 3, gap: 'meets' });
    // The same day: the later entry wins.
    await assess(2, '2030-01-05', '2030-06-01');
    expect(await gap()).toMatchObject({ level: 2, gap: 'below' });
    await assess(4, '2030-01-05', '2030-01-20');
    expect(await gap()).toMatchObject({ level: 4, gap: 'meets' });
    // Today is 2030-01-15: a result due for re-assessment yesterday no longer counts.
    await assess(4, '2030-01-10', '2030-01-14');
    expect(await gap()).toMatchObject({ level: 4, gap: 'expired' });
  });

  it('takes the highest level any of the positions requires, and lists the courses that teach the skill', async () => {
    const { sectionId, positionId, mainId } = await setting();
    const courses = await items(demo, 'Course');
    const skillId = await create(demo, 'Skill', {
      name: 'Spot welding',
      parentId: mainId,
      courseIds: [courses[0]!.id],
    });
    const second = await create(demo, 'Position', {
      name: 'Welding lead',
      sectionId,
      holderIds: [learnerId],
    });
    await create(demo, 'SkillRequirement', { positionId, skillId, level: 1 });
    await create(demo, 'SkillRequirement', { positionId: second, skillId, level: 4 });
    const mine = (await mySkills()).find((s) => s.skillId === skillId);
    expect(mine).toMatchObject({
      required: 4,
      gap: 'notAssessed',
      courses: [{ id: courses[0]!.id, name: courses[0]!.name }],
    });
  });

  it("never shows one company's skills to another, and refuses its references", async () => {
    const { skillId } = await setting();
    expect((await items(acme, 'Skill')).some((s) => s.id === skillId)).toBe(false);
    expect((await acme.call('Skill', 'Get', { id: skillId })).statusCode).toBe(404);
    const [acmeUser] = await items(acme, 'User');
    const byAcme = await acme.call('SkillAssessment', 'Create', {
      id: uuidv7(),
      userId: acmeUser!.id,
      skillId,
      level: 1,
      assessedOn: '2030-01-10',
    });
    expect(fieldError(byAcme).message).toBe('Choose a skill of your company.');
  });

  it('switches the whole roadmap off when the role has no ISO access, also through Push', async () => {
    const permissions: Permissions = {
      ...ROLE_PERMISSIONS.Administrator,
      areas: { ...ROLE_PERMISSIONS.Administrator.areas, skillMatrix: FULL_ACCESS, isoAccess: NO_ACCESS },
    };
    const roleId = await create(demo, 'Role', { name: 'No ISO', permissions, isDefault: false });
    const [someone] = await items(demo, 'User');
    await create(demo, 'User', {
      employeeId: 'NOISO-1',
      firstName: 'No',
      lastName: 'Iso',
      email: 'noiso@demo.example',
      phone: '0812345679',
      username: 'noiso',
      password: 'Secret@123',
      roleId,
      departmentId: someone!.departmentId ?? null,
    });
    const noIso = resourceClient(t, await t.login('DEMO', 'noiso', 'Secret@123'));
    expect((await noIso.call('Skill', 'List', {})).statusCode).toBe(403);
    expect((await noIso.call('Section', 'Create', { id: uuidv7(), name: 'Blocked' })).statusCode).toBe(403);
    const pushed = (
      await noIso.push([mutation('Skill', 'create', { id: uuidv7(), name: 'Blocked' })])
    ).json();
    expect(pushed.data.results[0].httpStatus).toBe(403);
    expect((await items(demo, 'Skill')).some((s) => s.name === 'Blocked')).toBe(false);
  });
});
