import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_PASSWORD } from '../../server/db/seed-data.ts';
import { makeTestApp, type TestApp } from './helpers.ts';
import { mutation, resourceClient } from './resource-helpers.ts';

// Training roadmap settings: a position belongs to a live section of the same company, its
// holders are users of the company, and a section with positions is not deleted.
let t: TestApp;
let demo: ReturnType<typeof resourceClient>;
let acme: ReturnType<typeof resourceClient>;
let employee: ReturnType<typeof resourceClient>;

beforeAll(async () => {
  t = await makeTestApp();
  demo = resourceClient(t, await t.login('DEMO', 'admin', 'Admin@1234'));
  acme = resourceClient(t, await t.login('ACME', 'admin', 'Admin@1234'));
  employee = resourceClient(t, await t.login('DEMO', 'nattapong', DEMO_USER_PASSWORD));
});
afterAll(() => t?.close());

const items = async (client: typeof demo, resource: string) =>
  (await client.call(resource, 'List', { per_page: 500 })).json().data.items as Record<string, unknown>[];

describe('sections and positions', () => {
  it('seeds believable sections and positions, some held by the demo people', async () => {
    const sections = await items(demo, 'Section');
    const positions = await items(demo, 'Position');
    expect(sections.map((s) => s.name)).toContain('Quality assurance');
    expect(positions.length).toBeGreaterThanOrEqual(5);
    expect(positions.some((p) => (p.holderIds as string[]).length > 0)).toBe(true);
  });

  it("refuses a position in a missing section or in another company's, and holders of another company", async () => {
    const [acmeSection] = await items(acme, 'Section');
    const [ourSection] = await items(demo, 'Section');
    const missing = await demo.call('Position', 'Create', {
      id: uuidv7(),
      name: 'Welder',
      sectionId: uuidv7(),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.fields[0]).toMatchObject({
      path: 'sectionId',
      message: 'Choose a section of your company.',
    });
    const foreign = await demo.call('Position', 'Create', {
      id: uuidv7(),
      name: 'Welder',
      sectionId: acmeSection!.id,
    });
    expect(foreign.statusCode).toBe(422);
    const acmeUser = (await acme.call('User', 'List', { per_page: 1 })).json().data.items[0].id as string;
    const holder = await demo.call('Position', 'Create', {
      id: uuidv7(),
      name: 'Welder',
      sectionId: ourSection!.id,
      holderIds: [acmeUser],
    });
    expect(holder.statusCode).toBe(422);
    expect(holder.json().data.fields[0].path).toBe('holderIds');
    expect((await items(demo, 'Position')).some((p) => p.name === 'Welder')).toBe(false);
  });

  it('keeps a section with positions, then deletes it once they are gone (also through Push)', async () => {
    const sectionId = uuidv7();
    const positionId = uuidv7();
    const [created, placed] = (
      await demo.push([
        mutation('Section', 'create', { id: sectionId, name: 'Warehouse' }),
        mutation('Position', 'create', { id: positionId, name: 'Forklift driver', sectionId }),
      ])
    ).json().data.results;
    expect([created.httpStatus, placed.httpStatus]).toEqual([200, 200]);
    const refused = await demo.call('Section', 'Delete', { id: sectionId, rev: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.fields[0].message).toBe(
      'This section still has 1 position(s). Move or delete them first.',
    );
    expect((await demo.call('Position', 'Delete', { id: positionId, rev: 1 })).statusCode).toBe(200);
    expect((await demo.call('Section', 'Delete', { id: sectionId, rev: 1 })).statusCode).toBe(200);
  });

  it('refuses a second section of the same name, keeps companies apart, and needs the skill matrix right', async () => {
    const twin = await demo.call('Section', 'Create', { id: uuidv7(), name: ' production ' });
    expect(twin.statusCode).toBe(422);
    expect(twin.json().data.fields[0].message).toBe('A section with this name already exists.');
    const [ours] = await items(demo, 'Section');
    expect((await acme.call('Section', 'Get', { id: ours!.id })).statusCode).toBe(404);
    expect((await employee.call('Section', 'Create', { id: uuidv7(), name: 'Canteen' })).statusCode).toBe(
      403,
    );
  });
});
