import { Box, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type DateRange, dateRange } from '#contract/reports.ts';
import { ApiError } from '@/data/http/http-client';
import { translateIssue } from '@/ui/form/validation-messages';

/** The range's first problem in the admin's language (the server's own rule, checked before asking). */
export function useRangeProblem(range: DateRange): string | null {
  const { i18n } = useLingui();
  const checked = dateRange.safeParse(range);
  return checked.success ? null : translateIssue(i18n, checked.error.issues[0]?.message ?? '');
}

/** Why a report or the dashboard could not be shown; the server's field messages translated. */
export function reportErrorText(i18n: I18n, e: unknown): string {
  if (e instanceof ApiError && e.httpStatus === 403)
    return i18n._(msg`Your role does not allow viewing this report.`);
  if (e instanceof ApiError && e.httpStatus === 422) {
    const fields = (e.data as { fields?: { message?: unknown }[] } | null)?.fields ?? [];
    const messages = fields.map((f) =>
      typeof f.message === 'string' ? translateIssue(i18n, f.message) : '',
    );
    const text = [...new Set(messages.filter(Boolean))].join(' ');
    return text || translateIssue(i18n, e.message);
  }
  return i18n._(msg`The report could not be loaded. Check the connection and try again.`);
}

/**
 * Says plainly when the figures shown are not live: offline, or the server could not be reached,
 * the last answer kept on this device is shown with the server's time of it.
 */
export function AsOfNotice({
  online,
  asOf,
  failed,
  kept,
  looking,
}: {
  online: boolean;
  asOf?: string;
  failed: boolean;
  /** The figures shown came from the device (useKeptQuery's keptAt), not from this visit's call. */
  kept?: boolean;
  /** The device is still being read for a kept answer (useKeptQuery's looking). */
  looking?: boolean;
}) {
  const { i18n } = useLingui();
  const when = asOf ? i18n.date(new Date(asOf), { dateStyle: 'medium', timeStyle: 'short' }) : '';
  if (online && kept && !failed && asOf)
    return (
      <Text role="status" fontSize="sm" color="fg.muted" data-testid="as-of-updating">
        <Trans>Figures as of {when}; loading the latest…</Trans>
      </Text>
    );
  if (online && !(failed && asOf)) return null;
  if (!online && !asOf && looking) return null;
  return (
    <Box
      role="status"
      data-testid="as-of-notice"
      borderWidth="1px"
      borderColor="orange.500"
      bg="orange.subtle"
      color="fg"
      p="3"
      rounded="md"
    >
      {!online && asOf ? (
        <Trans>You are offline. These figures are as of {when}.</Trans>
      ) : !online ? (
        <Trans>
          You are offline. This report needs a connection; it has not been opened with these filters on this
          device yet.
        </Trans>
      ) : (
        <Trans>The server could not be reached. These figures are as of {when}.</Trans>
      )}
    </Box>
  );
}
