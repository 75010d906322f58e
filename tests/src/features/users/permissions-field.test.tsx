import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AREAS, NO_ACCESS, type Permissions, permissionsWith } from '#contract/permissions.ts';
import { PermissionsField } from '@/ui/resource/fields/permissions-field';
import {
  parsePermissions,
  serializePermissions,
  togglePermission,
} from '@/ui/resource/fields/permissions-value';
import { renderUi } from '../../ui/resource/render-ui';

const none = () => permissionsWith(() => NO_ACCESS);

function Harness({ onValue }: { onValue: (p: Permissions) => void }) {
  const [value, setValue] = useState(serializePermissions(none()));
  return (
    <PermissionsField
      name="permissions"
      label="Permissions"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(JSON.parse(v));
      }}
    />
  );
}

describe('permission matrix widget', () => {
  it('draws one row per area with six checkboxes and toggles exactly one flag', () => {
    let last: Permissions | null = null;
    renderUi(<Harness onValue={(p) => (last = p)} />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(AREAS.length * 6);
    const box = screen.getByLabelText('User management: Delete') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(last!.areas.userManagement).toEqual({ ...NO_ACCESS, delete: true });
    expect(last!.areas.course).toEqual(NO_ACCESS);
    fireEvent.click(screen.getByLabelText('Company profile: Menu'));
    fireEvent.click(box);
    expect(last!.areas.userManagement.delete).toBe(false);
    expect(last!.areas.companyProfile.flag).toBe(true);
  });

  it('sets the course view type', () => {
    let last: Permissions | null = null;
    renderUi(<Harness onValue={(p) => (last = p)} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Course view' }), { target: { value: 'group' } });
    expect(last!.courseAllorGroup).toBe('group');
    expect(last!.quizAllorGroup).toBe('all');
  });

  it('serializes to what the contract accepts and reads it back', () => {
    const p = togglePermission(none(), 'quiz', 'read', true);
    const back = parsePermissions(serializePermissions(p));
    expect(back).toEqual(p);
    expect(back.areas.quiz.read).toBe(true);
    // Unreadable text starts with no access instead of crashing the form.
    expect(parsePermissions('not json')).toEqual(none());
  });
});
