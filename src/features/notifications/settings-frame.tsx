import { Box, Heading, Spinner } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { can } from '#contract/permissions.ts';
import { ApiError } from '@/data/http/http-client';
import { useSession } from '@/data/session/use-session';
import { FormAlert } from '@/ui/form/form-alert';
import { translateIssue } from '@/ui/form/validation-messages';
import { NoAccessState } from '@/ui/resource/list/list-states';

/** What went wrong with an online settings call, in the admin's language. */
export function useDescribe() {
  const { i18n, t } = useLingui();
  return (e: unknown): string => {
    if (e instanceof ApiError && e.httpStatus === 0)
      return t`You are offline. These settings can be viewed and changed when you are back online.`;
    if (e instanceof ApiError && e.message) return translateIssue(i18n, e.message);
    return t`Something went wrong. Please try again.`;
  };
}

/** A settings page (area settingNotification): its heading, and no access, loading or the load error. */
export function SettingsFrame(props: {
  title: ReactNode;
  error: unknown;
  ready: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const session = useSession();
  const describe = useDescribe();
  let body = props.children;
  if (!can(session?.permissions, 'settingNotification', 'read')) body = <NoAccessState />;
  else if (!props.ready)
    body = props.error ? (
      <FormAlert>{describe(props.error)}</FormAlert>
    ) : (
      <Spinner aria-label={t`Loading…`} />
    );
  return (
    <Box px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }} maxW="3xl" mx="auto">
      <Heading as="h1" size="lg" mb="4">
        {props.title}
      </Heading>
      {body}
    </Box>
  );
}
