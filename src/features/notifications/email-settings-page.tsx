import { Box, Button, Checkbox, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { testEmailRequest, updateEmailSettingsRequest } from '#contract/notification-send.ts';
import { can } from '#contract/permissions.ts';
import { useSession } from '@/data/session/use-session';
import {
  getEmailSettings,
  notifyKeys,
  sendTestEmail,
  updateEmailSettings,
} from '@/features/notifications/notify-api';
import { SettingsFrame, useDescribe } from '@/features/notifications/settings-frame';
import { fieldErrorsOf } from '@/ui/form/field-errors';
import { FormAlert } from '@/ui/form/form-alert';
import { FormField } from '@/ui/form/form-field';
import { SubmitButton } from '@/ui/form/submit-button';
import { translateIssue } from '@/ui/form/validation-messages';
import { toaster } from '@/ui/toaster';

/** /setting/emailpage: the sender of the company's e-mails, a test e-mail, and the LINE channel token. */
export default function EmailSettingsPage() {
  const { i18n, t } = useLingui();
  const describe = useDescribe();
  const session = useSession();
  const canRead = can(session?.permissions, 'settingNotification', 'read');
  const canUpdate = can(session?.permissions, 'settingNotification', 'update');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: notifyKeys.email,
    queryFn: ({ signal }) => getEmailSettings(signal),
    enabled: canRead,
    retry: false,
  });
  const [senderName, setSenderName] = useState('');
  const [replyTo, setReplyTo] = useState('');
  const [lineToken, setLineToken] = useState('');
  const [removeToken, setRemoveToken] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!query.data) return;
    setSenderName(query.data.senderName);
    setReplyTo(query.data.replyTo);
  }, [query.data]);
  const save = useMutation({
    mutationFn: updateEmailSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notifyKeys.email, saved);
      setLineToken('');
      setRemoveToken(false);
      toaster.create({ type: 'success', title: t`Settings saved.` });
    },
    onError: (e) => {
      const f = fieldErrorsOf(e);
      if (f) setErrors(Object.fromEntries(Object.entries(f).map(([k, m]) => [k, translateIssue(i18n, m)])));
    },
  });
  const test = useMutation({
    mutationFn: sendTestEmail,
    onSuccess: () => toaster.create({ type: 'success', title: t`Test e-mail sent.` }),
  });
  const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
    Object.fromEntries(issues.map((i) => [String(i.path[0]), translateIssue(i18n, i.message)]));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      senderName,
      replyTo,
      ...(removeToken ? { lineToken: '' } : lineToken ? { lineToken } : {}),
    };
    const parsed = updateEmailSettingsRequest.safeParse(body);
    setErrors(parsed.success ? {} : issuesOf(parsed.error.issues));
    if (parsed.success) save.mutate(parsed.data);
  };
  const sendTest = () => {
    const parsed = testEmailRequest.safeParse({ to: testTo });
    setErrors(parsed.success ? {} : { to: translateIssue(i18n, parsed.error.issues[0].message) });
    if (parsed.success) test.mutate(parsed.data.to);
  };
  const problem = save.isError && !fieldErrorsOf(save.error) ? describe(save.error) : null;
  return (
    <SettingsFrame title={<Trans>E-mail settings</Trans>} error={query.error} ready={Boolean(query.data)}>
      <Stack gap="8">
        <form noValidate onSubmit={submit}>
          <Stack gap="4">
            {problem && <FormAlert>{problem}</FormAlert>}
            <FormField
              name="senderName"
              label={t`Sender name`}
              helper={t`Shown as the sender of the company's e-mails. Empty: the server's name.`}
              error={errors.senderName}
              readOnly={!canUpdate}
            >
              <Input
                name="senderName"
                value={senderName}
                readOnly={!canUpdate}
                onChange={(e) => setSenderName(e.target.value)}
              />
            </FormField>
            <FormField
              name="replyTo"
              label={t`Reply-to address`}
              error={errors.replyTo}
              readOnly={!canUpdate}
            >
              <Input
                name="replyTo"
                type="email"
                value={replyTo}
                readOnly={!canUpdate}
                onChange={(e) => setReplyTo(e.target.value)}
              />
            </FormField>
            <Heading as="h2" size="sm" pt="2">
              <Trans>LINE</Trans>
            </Heading>
            <FormField
              name="lineToken"
              label={t`LINE channel access token`}
              helper={
                query.data?.lineTokenSet
                  ? t`A token is stored (encrypted). Enter a new one to replace it.`
                  : t`No token yet: LINE messages cannot be sent.`
              }
              error={errors.lineToken}
              readOnly={!canUpdate}
            >
              <Input
                name="lineToken"
                type="password"
                autoComplete="off"
                value={lineToken}
                readOnly={!canUpdate || removeToken}
                onChange={(e) => setLineToken(e.target.value)}
              />
            </FormField>
            {query.data?.lineTokenSet && canUpdate && (
              <Checkbox.Root
                checked={removeToken}
                onCheckedChange={(e) => setRemoveToken(e.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t`Remove the stored token`}</Checkbox.Label>
              </Checkbox.Root>
            )}
            {canUpdate && (
              <Box>
                <SubmitButton loading={save.isPending}>
                  <Trans>Save</Trans>
                </SubmitButton>
              </Box>
            )}
          </Stack>
        </form>
        {canUpdate && (
          <Stack gap="3">
            <Heading as="h2" size="sm">
              <Trans>Send a test e-mail</Trans>
            </Heading>
            {test.isError && <FormAlert>{describe(test.error)}</FormAlert>}
            <HStack align="end" wrap="wrap" gap="3">
              <Box flex="1" minW="220px">
                <FormField name="to" label={t`Send to`} error={errors.to}>
                  <Input name="to" type="email" value={testTo} onChange={(e) => setTestTo(e.target.value)} />
                </FormField>
              </Box>
              <Button variant="outline" loading={test.isPending} onClick={sendTest}>
                <Trans>Send a test e-mail</Trans>
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </SettingsFrame>
  );
}
