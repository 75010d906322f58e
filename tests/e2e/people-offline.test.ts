// Departments/groups, their members and roles, all made offline on a 375 px phone screen: they
// stay on the device, the screens fit the width, and once online each reaches the server once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import {
  apiPost,
  apiToken,
  expectToast,
  goOffline,
  goOnline,
  openBrowser,
  signIn,
  waitForServiceWorkerControl,
} from './browser.ts';
import { localRows, unique, waitForOutbox } from './resource-ui.ts';

type Flags = {
  flag: boolean;
  view: boolean;
  create: boolean;
  read: boolean;
  update: boolean;
  delete: boolean;
};
type Role = { id: string; name: string; isDefault: boolean; permissions: { areas: Record<string, Flags> } };
type Department = { id: string; name: string; roleId: string | null; memberIds: string[] };
type User = { id: string; username: string; employeeId: string; firstName: string; lastName: string };

// The permission switches ticked in the matrix ("<Area>: <Column>") and what they set.
const TICKED = [
  { label: 'Library: Menu', area: 'library', column: 'flag' },
  { label: 'Library: Read', area: 'library', column: 'read' },
  { label: 'Course: View', area: 'course', column: 'view' },
] as const;

async function list<T>(token: string, resource: string, search: string) {
  const res = await apiPost<{ items: T[] }>(token, `v1/${resource}/List`, { page: 1, per_page: 50, search });
  if (res.httpStatus !== 200) throw new Error(`${resource}/List answered ${res.httpStatus}: ${res.message}`);
  return res.data.items;
}

/** How far the page is wider than the screen (0 or less: no horizontal scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function assertFits(page: Page, where: string) {
  const by = await overflow(page);
  assert.ok(by <= 0, `${where} overflows the 375 px screen by ${by} px`);
}

/** Waits until the console's own copy (IndexedDB) of `store` has a row matching `match`. */
async function waitForLocal(page: Page, store: string, match: (row: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await localRows(page, store)).some(match)) return;
    await page.waitForTimeout(250);
  }
  throw new Error(`no matching row reached the local ${store} table`);
}

/** The labels of the permission switches that are on, sorted. */
const switchesOn = (form: Locator) =>
  form.getByTestId('permissions-stacked').evaluate((el) =>
    [...el.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
      .filter((i) => i.checked)
      .map((i) => i.getAttribute('aria-label') ?? '?')
      .sort(),
  );

describe('people offline at 375 px', () => {
  it('creates a role with ticked permissions, a department with that role and a member; all sync once', async () => {
    const token = await apiToken('DEMO', 'admin', 'Admin@1234');
    const [kanya] = await list<User>(token, 'User', 'kanya');
    assert.ok(kanya, 'the demo user kanya is missing');
    const memberLabel = `${kanya.employeeId} ${kanya.firstName} ${kanya.lastName}`;
    const roleName = unique('Line leader');
    const deptName = unique('Night shift');

    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await waitForServiceWorkerControl(s.page);
      await s.page.goto('/user-management');
      await s.page.getByTestId('app-shell').waitFor();
      // Users and roles are on the device before the network goes.
      await waitForLocal(s.page, 'User', (r) => r.id === kanya.id);
      await waitForLocal(s.page, 'Role', (r) => r.name === 'Employee');
      await goOffline(s.context);

      // A role, with three switches of the permission matrix on.
      await s.page.getByRole('tab', { name: 'Roles' }).click();
      // The panel being left may still be on screen while the tabs switch: the new panel's button.
      await s.page
        .getByRole('tabpanel', { name: 'Roles' })
        .getByRole('button', { name: 'Add', exact: true })
        .click();
      const roleForm = s.page.getByRole('dialog');
      await roleForm.getByLabel('Name').fill(roleName);
      // Below 430 px the matrix is one block of switches per area, not a wide table.
      await roleForm.getByTestId('permissions-stacked').waitFor();
      assert.equal(await roleForm.getByTestId('permissions-matrix').count(), 0);
      assert.deepEqual(await switchesOn(roleForm), [], 'a new role starts with permissions on');
      for (const { label } of TICKED) {
        await roleForm
          .locator('label', { has: s.page.locator(`input[type="checkbox"][aria-label="${label}"]`) })
          .locator('[data-part="control"]')
          .click();
      }
      assert.deepEqual(await switchesOn(roleForm), TICKED.map((t) => t.label).sort());
      await assertFits(s.page, 'the role form');
      const formWidth = await roleForm.evaluate((el) => el.scrollWidth - el.clientWidth);
      assert.ok(formWidth <= 0, `the role form scrolls sideways by ${formWidth} px`);
      await roleForm.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Role added successfully.');
      await s.page.getByText(roleName).first().waitFor();
      await assertFits(s.page, 'the role list');

      // A department whose role is the one just made (it exists only on this device so far).
      await s.page.getByRole('tab', { name: 'Departments and groups' }).click();
      await s.page
        .getByRole('tabpanel', { name: 'Departments and groups' })
        .getByRole('button', { name: 'Add', exact: true })
        .click();
      const deptForm = s.page.getByRole('dialog');
      await deptForm.getByLabel('Name').fill(deptName);
      await deptForm.getByLabel('Role').selectOption({ label: roleName });
      await assertFits(s.page, 'the department form');
      await deptForm.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(s.page, 'Department added successfully.');
      await s.page.getByText(deptName).first().waitFor();
      await assertFits(s.page, 'the department list');

      // A member, on the member list page (reached in the app, still offline).
      await s.page.getByRole('link', { name: 'Member list', exact: true }).click();
      await s.page.getByRole('heading', { name: 'Member list' }).waitFor();
      await s.page.getByLabel('Department or group').selectOption({ label: deptName });
      await s.page.getByText('This department has no members yet.').waitFor();
      await s.page.getByLabel('Add a member').selectOption({ label: memberLabel });
      await s.page.getByRole('button', { name: 'Add', exact: true }).click();
      await expectToast(s.page, 'Member added successfully.');
      const members = s.page.getByRole('table');
      await members.getByRole('cell', { name: 'kanya', exact: true }).waitFor();
      assert.equal(await members.getByRole('row').count(), 2, 'one header row and one member row');
      await assertFits(s.page, 'the member list');

      // All three changes wait on the device; none reached the server.
      await waitForOutbox(s.page, 3);
      assert.equal((await list<Role>(token, 'Role', roleName)).length, 0);
      assert.equal((await list<Department>(token, 'Department', deptName)).length, 0);

      await goOnline(s.context);
      await s.page.evaluate(() => window.dispatchEvent(new Event('online')));
      await waitForOutbox(s.page, 0);

      const roles = await list<Role>(token, 'Role', roleName);
      assert.equal(roles.length, 1, `${roles.length} roles named ${roleName}`);
      const [role] = roles;
      assert.equal(role.name, roleName);
      assert.equal(role.isDefault, false);
      const on = Object.entries(role.permissions.areas).flatMap(([area, flags]) =>
        Object.entries(flags)
          .filter(([, v]) => v)
          .map(([column]) => `${area}.${column}`),
      );
      assert.deepEqual(on.sort(), TICKED.map((t) => `${t.area}.${t.column}`).sort());

      const departments = await list<Department>(token, 'Department', deptName);
      assert.equal(departments.length, 1, `${departments.length} departments named ${deptName}`);
      assert.equal(departments[0].roleId, role.id);
      assert.deepEqual(departments[0].memberIds, [kanya.id]);
      // Kanya's own (main) department is a separate thing and did not change.
      const [after] = await list<User & { departmentId: string | null }>(token, 'User', 'kanya');
      assert.equal(after.departmentId, (kanya as User & { departmentId: string | null }).departmentId);
    } finally {
      await s.close();
    }
  });

  it('turns on the permission switch that is tapped, and announces it by its own name', async () => {
    const s = await openBrowser({ width: 375, height: 800 });
    try {
      await signIn(s.page, 'DEMO', 'admin', 'Admin@1234');
      await s.page.goto('/user-management');
      await s.page.getByRole('tab', { name: 'Roles' }).click();
      // The panel being left may still be on screen while the tabs switch: the new panel's button.
      await s.page
        .getByRole('tabpanel', { name: 'Roles' })
        .getByRole('button', { name: 'Add', exact: true })
        .click();
      const form = s.page.getByRole('dialog');
      await form.getByTestId('permissions-stacked').waitFor();
      const tapped = s.page.locator('input[aria-label="Course: View"]');
      await form.locator('label', { has: tapped }).locator('[data-part="control"]').click();
      assert.deepEqual(await switchesOn(form), ['Course: View']);
      assert.equal(await form.getByRole('checkbox', { name: 'Course: View', exact: true }).count(), 1);
      const ids = await form
        .getByTestId('permissions-stacked')
        .evaluate((el) => new Set([...el.querySelectorAll('input')].map((i) => i.id)).size);
      assert.equal(ids, 120, 'the 120 switches (20 areas x 6) do not have their own ids');
    } finally {
      await s.close();
    }
  });
});
