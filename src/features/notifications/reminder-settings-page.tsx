import { Box, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ReminderSettings, reminderSettings } from '#contract/notification-send.ts';
import { can } from '#contract/permissions.ts';
import { useSession } from '@/data/session/use-session';
import { getReminderSettings, notifyKeys, updateReminderSettings } from '@/features/notifications/notify-api';
import { SettingsFrame, useDescribe } from '@/features/notifications/settings-frame';
import { fieldErrorsOf } from '@/ui/form/field-errors';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';
import { translateIssue } from '@/ui/form/validation-messages';
import { toaster } from '@/ui/toaster';

const FIELDS = ['daysBeforeEnd', 'daysBeforeExpiry', 'daysBeforeEvent'] as const;

/** /setting/notificationpage: how many days ahead the daily reminders go out (spec section 3). */
export default function ReminderSettingsPage() {
  const { i18n, t } = useLingui();
  const describe = useDescribe();
  const session = useSession();
  const canRead = can(session?.permissions, 'settingNotification', 'read');
  const canUpdate = can(session?.permissions, 'settingNotification', 'update');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notifyKeys.reminders,
    queryFn: ({ signal }) => getReminderSettings(signal),
    enabled: canRead,
    retry: false,
  });
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data) setValues(Object.fromEntries(FIELDS.map((f) => [f, String(query.data[f])])));
  }, [query.data]);
  const mutation = useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notifyKeys.reminders, saved);
      toaster.create({ type: 'success', title: t`Settings saved.` });
    },
  });
  const labels: Record<(typeof FIELDS)[number], string> = {
    daysBeforeEnd: t`Days before the course end date`,
    daysBeforeExpiry: t`Days before the course expiry date`,
    daysBeforeEvent: t`Days before an event starts`,
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reminderSettings.safeParse(
      Object.fromEntries(FIELDS.map((f) => [f, values[f] === '' ? Number.NaN : Number(values[f])])),
    );
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const i of parsed.error.issues)
        found[String(i.path[0])] ??= translateIssue(
          i18n,
          i.message === 'Invalid input: expected number, received NaN' ? 'Use 0 to 365 days.' : i.message,
        );
      setErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data as ReminderSettings);
  };
  const problem = mutation.isError && !fieldErrorsOf(mutation.error) ? describe(mutation.error) : null;
  return (
    <SettingsFrame
      title={<Trans>Notification settings</Trans>}
      error={query.error}
      ready={Boolean(query.data)}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="4">
          {problem && <FormAlert>{problem}</FormAlert>}
          {FIELDS.map((f) => (
            <FormField
              key={f}
              name={f}
              label={labels[f]}
              helper={t`0 turns this reminder off.`}
              error={errors[f]}
              readOnly={!canUpdate}
            >
              <Input
                name={f}
                type="number"
                inputMode="numeric"
                min={0}
                max={365}
                value={values[f] ?? ''}
                readOnly={!canUpdate}
                onChange={(e) => setValues({ ...values, [f]: e.target.value })}
              />
            </FormField>
          ))}
          {canUpdate && (
            <Box>
              <SubmitButton loading={mutation.isPending}>
                <Trans>Save</Trans>
              </SubmitButton>
            </Box>
          )}
        </Stack>
      </form>
    </SettingsFrame>
  );
}
