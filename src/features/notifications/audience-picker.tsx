import { Checkbox, Input, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AUDIENCE_KINDS } from '#contract/notification-send.ts';
import { GroupField } from '@/features/notifications/group-field';
import { getAudience, notifyKeys } from '@/features/notifications/notify-api';
import { FormField } from '@/ui/form/form-field';

type Kind = (typeof AUDIENCE_KINDS)[number];
type Props = {
  audience: Kind;
  departmentIds: string[];
  userIds: string[];
  onChange: (v: { audience?: Kind; departmentIds?: string[]; userIds?: string[] }) => void;
  errors: Record<string, string | undefined>;
};

const toggle = (list: string[], id: string, on: boolean) =>
  on ? [...list, id] : list.filter((x) => x !== id);
const SHOWN = 30;

/** Everyone, departments and groups, or users picked by name (the company's, from the server). */
export function AudiencePicker({ audience, departmentIds, userIds, onChange, errors }: Props) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const options = useQuery({
    queryKey: notifyKeys.audience,
    queryFn: ({ signal }) => getAudience(signal),
    retry: false,
  });
  const q = search.trim().toLowerCase();
  const users = options.data?.users ?? [];
  const matching = users.filter((u) => userIds.includes(u.id) || (q && u.name.toLowerCase().includes(q)));
  return (
    <Stack gap="3">
      <FormField name="audience" label={t`Send to`} required>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="audience"
            value={audience}
            onChange={(e) => onChange({ audience: e.target.value as Kind })}
          >
            <option value="everyone">{t`Everyone`}</option>
            <option value="departments">{t`Departments and groups`}</option>
            <option value="users">{t`Chosen users`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {audience === 'departments' && (
        <GroupField name="departmentIds" label={t`Departments and groups`} error={errors.departmentIds}>
          <Wrap gap="3">
            {options.data?.departments.map((d) => (
              <Checkbox.Root
                key={d.id}
                size="sm"
                checked={departmentIds.includes(d.id)}
                onCheckedChange={(e) =>
                  onChange({ departmentIds: toggle(departmentIds, d.id, e.checked === true) })
                }
              >
                <Checkbox.HiddenInput name="departmentIds" value={d.id} />
                <Checkbox.Control />
                <Checkbox.Label>{d.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Wrap>
        </GroupField>
      )}
      {audience === 'users' && (
        <GroupField name="userIds" label={t`Users`} error={errors.userIds}>
          <Stack gap="2" w="full">
            <Input
              type="search"
              placeholder={t`Search users by name`}
              aria-label={t`Search users by name`}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Text fontSize="sm" color="fg.muted">
              {t`${userIds.length} chosen`}
            </Text>
            <Wrap gap="3">
              {matching.slice(0, SHOWN + userIds.length).map((u) => (
                <Checkbox.Root
                  key={u.id}
                  size="sm"
                  checked={userIds.includes(u.id)}
                  onCheckedChange={(e) => onChange({ userIds: toggle(userIds, u.id, e.checked === true) })}
                >
                  <Checkbox.HiddenInput name="userIds" value={u.id} />
                  <Checkbox.Control />
                  <Checkbox.Label>{u.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Wrap>
          </Stack>
        </GroupField>
      )}
    </Stack>
  );
}
