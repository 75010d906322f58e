import { Badge, Box, Button, Card, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { totalScore } from '#contract/resources/quiz.ts';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import type { QuizDraft } from './quiz-draft';
import { EyeIcon } from './quiz-icons';
import { QUIZ_TYPE_LABELS } from './quiz-labels';

/** "Preview": the quiz as the learner sees it, in a dialog (the whole screen on a phone). */
export function QuizPreviewButton({ draft }: { draft: QuizDraft }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" minH="10" onClick={() => setOpen(true)} data-testid="preview-quiz">
        <EyeIcon />
        <Trans>Preview</Trans>
      </Button>
      {open && (
        <DialogShell
          open
          onClose={() => setOpen(false)}
          title={t`Preview: as the learner sees it`}
          size={{ base: 'full', md: 'lg' }}
          scrollBehavior="inside"
          testId="quiz-preview"
          footer={
            <Button minH="10" onClick={() => setOpen(false)}>
              <Trans>Close preview</Trans>
            </Button>
          }
        >
          <QuizPreview draft={draft} />
        </DialogShell>
      )}
    </>
  );
}

/** The learner's view: nothing is sent, the ticks stay in the preview. */
export function QuizPreview({ draft }: { draft: QuizDraft }) {
  const { t, i18n } = useLingui();
  const [ticked, setTicked] = useState<Record<string, string[]>>({});
  const total = i18n.number(totalScore(draft.sections) || 0);
  const minutes = i18n.number(draft.timeLimitMinutes || 0);
  const attempts = i18n.number(draft.attemptLimit || 0);
  const pass = draft.passingScore === null ? null : i18n.number(draft.passingScore);
  let number = 0;
  const tick = (questionId: string, optionId: string, single: boolean, on: boolean) =>
    setTicked((all) => {
      const now = all[questionId] ?? [];
      const next = single ? [optionId] : on ? [...now, optionId] : now.filter((x) => x !== optionId);
      return { ...all, [questionId]: next };
    });
  return (
    <Stack gap="4">
      <Stack gap="2">
        <Heading as="h2" size="lg" wordBreak="break-word">
          {draft.name.trim() || t`Untitled quiz`}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Badge>{i18n._(QUIZ_TYPE_LABELS[draft.type])}</Badge>
          <Badge variant="surface" data-testid="preview-time">
            {draft.timeLimitMinutes ? (
              <Trans>Time limit: {minutes} minutes</Trans>
            ) : (
              <Trans>No time limit</Trans>
            )}
          </Badge>
          <Badge variant="surface" data-testid="preview-pass">
            {pass === null ? (
              <Trans>Total score: {total}</Trans>
            ) : (
              <Trans>
                Pass: {pass} of {total} points
              </Trans>
            )}
          </Badge>
          <Badge variant="surface">
            {draft.attemptLimit ? <Trans>Attempts: {attempts}</Trans> : <Trans>Unlimited attempts</Trans>}
          </Badge>
        </HStack>
        {draft.randomOrder && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>Questions and options appear in a new random order for each attempt.</Trans>
          </Text>
        )}
      </Stack>
      {draft.sections.map((section, si) => (
        <Stack key={section.id} gap="3" as="section" aria-label={section.title || t`Section ${si + 1}`}>
          {(section.title.trim() || draft.sections.length > 1) && (
            <Heading as="h3" size="md" wordBreak="break-word">
              {section.title.trim() || t`Section ${si + 1}`}
            </Heading>
          )}
          {section.questions.map((q) => {
            number += 1;
            const n = number;
            const points = i18n.number(Number.isNaN(q.score) ? 0 : q.score);
            const single = q.kind === 'single';
            return (
              <Card.Root key={q.id} size="sm" data-testid="preview-question">
                <Card.Body gap="2" px="3">
                  <Box as="fieldset" border="0" p="0" m="0" minW="0">
                    <chakra.legend fontWeight="medium" wordBreak="break-word" mb="1">
                      {n}. {q.text.trim() || t`(no question text yet)`}
                    </chakra.legend>
                    <Text fontSize="xs" color="fg.muted" mb="2">
                      {single ? <Trans>Choose one answer</Trans> : <Trans>Choose all that apply</Trans>} ·{' '}
                      <Trans>{points} point(s)</Trans>
                    </Text>
                    <Stack gap="1">
                      {q.options.map((o) => (
                        <chakra.label
                          key={o.id}
                          display="flex"
                          alignItems="center"
                          gap="3"
                          minH="11"
                          px="2"
                          borderWidth="1px"
                          rounded="md"
                          cursor="pointer"
                          wordBreak="break-word"
                        >
                          <chakra.input
                            type={single ? 'radio' : 'checkbox'}
                            name={`preview-${q.id}`}
                            boxSize="5"
                            flexShrink="0"
                            checked={(ticked[q.id] ?? []).includes(o.id)}
                            onChange={(e) => tick(q.id, o.id, single, e.currentTarget.checked)}
                          />
                          <span>{o.text.trim() || t`(empty option)`}</span>
                        </chakra.label>
                      ))}
                    </Stack>
                  </Box>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}
