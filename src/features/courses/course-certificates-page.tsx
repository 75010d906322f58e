import { Badge, Box, Button, Card, Checkbox, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  certificateSendResult,
  type IssuedCertificate,
  issuedCertificate,
} from '#contract/resources/certificate.ts';
import type { LocalRow } from '@/data/db/local-types';
import { apiPost } from '@/data/http/api';
import { ApiError, httpFetch } from '@/data/http/http-client';
import { getToken } from '@/data/session/session-store';
import { ConfirmDialog } from '@/ui/dialog/confirm-dialog';
import { toaster } from '@/ui/toaster';
import { useOnline } from '@/ui/use-online';
import { CoursePageFrame } from './course-page-frame';

const historyKey = (courseId: string) => ['certificate-history', courseId] as const;

/** /home/assignment-course/certificate-history?course={id}: issued certificates, their e-mails, send and resend. */
export default function CourseCertificatesPage() {
  const { t } = useLingui();
  return (
    <CoursePageFrame title={t`Certificates`}>
      {({ course, canUpdate }) => <Certificates course={course} canUpdate={canUpdate} />}
    </CoursePageFrame>
  );
}

async function downloadPdf(row: IssuedCertificate) {
  const res = await httpFetch(
    '/api/v1/Certificate/Pdf',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify({ id: row.id }),
    },
    { token: getToken },
  );
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `certificate-${row.code}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Certificates({ course, canUpdate }: { course: LocalRow; canUpdate: boolean }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<IssuedCertificate | null>(null);
  const query = useQuery({
    queryKey: historyKey(course.id),
    queryFn: ({ signal }) =>
      apiPost('/v1/Certificate/History', {
        schema: z.array(issuedCertificate),
        body: { courseId: course.id },
        signal,
      }),
    enabled: online,
  });
  const rows = query.data ?? [];
  const when = (v: string) => i18n.date(new Date(v), { dateStyle: 'medium', timeStyle: 'short' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyKey(course.id) });

  async function send(userIds: string[]) {
    setBusy(true);
    try {
      const result = await apiPost('/v1/Certificate/Send', {
        schema: certificateSendResult,
        body: { courseId: course.id, userIds },
      });
      const sent = result.sent.length;
      const skipped = result.skipped.length;
      if (sent) toaster.success({ title: t`Certificates sent: ${sent}.` });
      if (skipped) toaster.warning({ title: t`Not sent: ${skipped} (no e-mail address, or revoked).` });
      setChosen(new Set());
    } catch (e) {
      toaster.error({
        title:
          e instanceof ApiError && e.httpStatus === 0
            ? t`You are offline.`
            : t`The certificates could not be sent.`,
      });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  async function revoke(row: IssuedCertificate) {
    setBusy(true);
    try {
      await apiPost('/v1/Certificate/Revoke', {
        schema: z.object({ id: z.string(), revokedAt: z.string().nullable() }),
        body: { id: row.id },
      });
      toaster.success({ title: t`Certificate revoked.` });
    } catch {
      toaster.error({ title: t`The certificate could not be revoked.` });
    } finally {
      setBusy(false);
      setRevoking(null);
      await refresh();
    }
  }

  const toggle = (userId: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  if (course.certificate !== true)
    return (
      <Text color="fg.muted">
        <Trans>This course gives no certificate. Edit the course to choose a certificate template.</Trans>
      </Text>
    );
  if (!online && !query.data)
    return (
      <Box role="status" borderWidth="1px" borderColor="orange.300" bg="orange.50" p="3" rounded="md">
        <Trans>You are offline. The certificates need a connection.</Trans>
      </Box>
    );
  return (
    <Stack gap="3">
      <Text color="fg.muted">
        {course.certificateSending === 'manual' ? (
          <Trans>
            Certificates of this course are e-mailed by an administrator: choose learners and send.
          </Trans>
        ) : (
          <Trans>Certificates of this course are e-mailed automatically when a learner passes.</Trans>
        )}
      </Text>
      {canUpdate && (
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            disabled={!chosen.size || busy || !online}
            loading={busy}
            onClick={() => send([...chosen])}
          >
            <Trans>Send to the chosen learners ({chosen.size})</Trans>
          </Button>
        </HStack>
      )}
      {query.isPending ? (
        <Text aria-busy="true">
          <Trans>Loading</Trans>
        </Text>
      ) : query.isError ? (
        <Text role="alert" color="fg.error">
          <Trans>The certificates could not be loaded.</Trans>
        </Text>
      ) : rows.length === 0 ? (
        <Text py="8" textAlign="center" color="fg.muted">
          <Trans>No learner has passed this course yet.</Trans>
        </Text>
      ) : (
        <Stack gap="2" as="ul" listStyleType="none" aria-label={t`Issued certificates`}>
          {rows.map((row) => (
            <Card.Root as="li" key={row.id} size="sm" data-testid="certificate-row">
              <Card.Body gap="2">
                <Flex gap="3" align="start" wrap="wrap" justify="space-between">
                  <HStack gap="3" align="start">
                    {canUpdate && !row.revokedAt && (
                      <Checkbox.Root
                        checked={chosen.has(row.userId)}
                        onCheckedChange={() => toggle(row.userId)}
                        mt="1"
                      >
                        <Checkbox.HiddenInput aria-label={t`Choose ${row.learnerName}`} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    )}
                    <Stack gap="0">
                      <Text fontWeight="semibold">{row.learnerName}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {row.email || t`No e-mail address`}
                      </Text>
                      <Text fontSize="sm">
                        <Trans>
                          Issued {when(row.issuedAt)} · code {row.code}
                        </Trans>
                      </Text>
                    </Stack>
                  </HStack>
                  <HStack gap="2" wrap="wrap">
                    {row.revokedAt ? (
                      <Badge colorPalette="red">
                        <Trans>Revoked</Trans>
                      </Badge>
                    ) : row.emailState === 'sent' ? (
                      <Badge colorPalette="green">
                        <Trans>Sent</Trans>
                      </Badge>
                    ) : (
                      <Badge colorPalette="gray">
                        <Trans>Not sent yet</Trans>
                      </Badge>
                    )}
                  </HStack>
                </Flex>
                {row.timesSent > 0 && (
                  <Stack gap="0" fontSize="sm">
                    <Text>
                      <Trans>Sent {row.timesSent} time(s)</Trans>
                    </Text>
                    <Box as="ol" ps="4" color="fg.muted" aria-label={t`E-mail history`}>
                      {row.sends.map((s) => (
                        <li key={s.sentAt}>
                          {when(s.sentAt)} · {s.sentBy ?? t`automatically`} · {s.to}
                        </li>
                      ))}
                    </Box>
                  </Stack>
                )}
                <HStack gap="2" wrap="wrap">
                  <Button size="xs" variant="outline" disabled={!online} onClick={() => downloadPdf(row)}>
                    <Trans>Download PDF</Trans>
                  </Button>
                  {canUpdate && !row.revokedAt && (
                    <>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={busy || !online}
                        onClick={() => send([row.userId])}
                      >
                        {row.timesSent ? <Trans>Resend</Trans> : <Trans>Send</Trans>}
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        disabled={busy || !online}
                        onClick={() => setRevoking(row)}
                      >
                        <Trans>Revoke</Trans>
                      </Button>
                    </>
                  )}
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={!!revoking}
        title={<Trans>Revoke this certificate?</Trans>}
        confirmLabel={<Trans>Revoke</Trans>}
        destructive
        busy={busy}
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <Trans>Its verification page will say it was revoked, and it can no longer be sent.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
