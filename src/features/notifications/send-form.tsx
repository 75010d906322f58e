import { Box, Checkbox, Input, RadioGroup, Stack, Textarea, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AUDIENCE_KINDS,
  CHANNELS,
  type Channel,
  SEND_AT_INVALID,
  sendNotificationRequest,
} from '#contract/notification-send.ts';
import { ApiError } from '@/data/http/http-client';
import { AudiencePicker } from '@/features/notifications/audience-picker';
import { CHANNEL_LABELS } from '@/features/notifications/channel-labels';
import { GroupField } from '@/features/notifications/group-field';
import { sendNotification } from '@/features/notifications/notify-api';
import { fieldErrorsOf } from '@/ui/form/field-errors';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';
import { translateIssue } from '@/ui/form/validation-messages';
import { toaster } from '@/ui/toaster';

type Values = {
  title: string;
  body: string;
  link: string;
  audience: (typeof AUDIENCE_KINDS)[number];
  departmentIds: string[];
  userIds: string[];
  channels: Channel[];
  when: 'now' | 'later';
  at: string;
};
const EMPTY: Values = {
  title: '',
  body: '',
  link: '',
  audience: 'everyone',
  departmentIds: [],
  userIds: [],
  channels: ['inbox'],
  when: 'now',
  at: '',
};

/** The send form: checked with the contract's schema here, and again by the server. */
export function SendForm() {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = (patch: Partial<Values>) => setV((old) => ({ ...old, ...patch }));
  const mutation = useMutation({
    mutationFn: sendNotification,
    onSuccess: () => {
      setV(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ['notify', 'history'] });
      toaster.create({ type: 'success', title: t`Notification sent.` });
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields)
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, translateIssue(i18n, m)])));
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    const later = v.when === 'later';
    const sendAt = later && v.at && !Number.isNaN(Date.parse(v.at)) ? new Date(v.at).toISOString() : null;
    const parsed = sendNotificationRequest.safeParse({ ...v, sendAt });
    const found: Record<string, string> = {};
    if (later && !sendAt) found.sendAt = translateIssue(i18n, SEND_AT_INVALID);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        found[String(issue.path[0])] ??= translateIssue(i18n, issue.message);
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    mutation.mutate(parsed.data);
  };
  const offline = mutation.error instanceof ApiError && mutation.error.httpStatus === 0;
  const problem =
    mutation.isError && !fieldErrorsOf(mutation.error)
      ? offline
        ? t`You are offline. Notifications can be sent when you are back online.`
        : mutation.error instanceof ApiError && mutation.error.message
          ? translateIssue(i18n, mutation.error.message)
          : t`Something went wrong. Please try again.`
      : null;

  return (
    <form noValidate onSubmit={submit} aria-label={t`Send notification`}>
      <Stack gap="4">
        {problem && <FormAlert>{problem}</FormAlert>}
        <FormField name="title" label={t`Title`} required error={errors.title}>
          <Input
            name="title"
            value={v.title}
            maxLength={120}
            onChange={(e) => set({ title: e.target.value })}
          />
        </FormField>
        <FormField name="body" label={t`Message`} error={errors.body}>
          <Textarea
            name="body"
            value={v.body}
            rows={4}
            maxLength={1000}
            onChange={(e) => set({ body: e.target.value })}
          />
        </FormField>
        <FormField
          name="link"
          label={t`Link (optional)`}
          helper={t`A web address, a deep link such as /l/abc123, or Course/, Article/, Video/, Sound/, Quiz/ or Event/ followed by its id.`}
          error={errors.link}
        >
          <Input name="link" value={v.link} onChange={(e) => set({ link: e.target.value })} />
        </FormField>
        <AudiencePicker
          audience={v.audience}
          departmentIds={v.departmentIds}
          userIds={v.userIds}
          errors={errors}
          onChange={(patch) => set(patch)}
        />
        <GroupField name="channels" label={t`Channels`} error={errors.channels}>
          <Wrap gap="4">
            {CHANNELS.map((c) => (
              <Checkbox.Root
                key={c}
                checked={v.channels.includes(c)}
                onCheckedChange={(e) =>
                  set({
                    channels: e.checked === true ? [...v.channels, c] : v.channels.filter((x) => x !== c),
                  })
                }
              >
                <Checkbox.HiddenInput name="channels" value={c} />
                <Checkbox.Control />
                <Checkbox.Label>{i18n._(CHANNEL_LABELS[c])}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Wrap>
        </GroupField>
        <GroupField name="sendAt" label={t`When`} error={errors.sendAt}>
          <Stack gap="2" w="full">
            <RadioGroup.Root
              value={v.when}
              onValueChange={(e) => set({ when: e.value === 'later' ? 'later' : 'now' })}
              aria-label={t`When`}
            >
              <Wrap gap="4">
                <RadioGroup.Item value="now">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t`Send now`}</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="later">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t`At a time`}</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Wrap>
            </RadioGroup.Root>
            {v.when === 'later' && (
              <Input
                type="datetime-local"
                name="at"
                aria-label={t`Send at`}
                value={v.at}
                onChange={(e) => set({ at: e.target.value })}
              />
            )}
          </Stack>
        </GroupField>
        <Box>
          <SubmitButton loading={mutation.isPending}>
            <Trans>Send</Trans>
          </SubmitButton>
        </Box>
      </Stack>
    </form>
  );
}
