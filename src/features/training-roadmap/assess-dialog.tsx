import { Badge, Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useState } from 'react';
import { localDay } from '#contract/skill-gaps.ts';
import type { LocalDb } from '@/data/db/local-db';
import { mutate } from '@/data/outbox/outbox';
import { OutboxValidationError } from '@/data/outbox/outbox-errors';
import { DialogShell } from '@/ui/dialog/dialog-shell';
import { translateIssue } from '@/ui/form/validation-messages';
import { formatDateValue } from '@/ui/resource/form/date-values';
import { toastWriteError } from '@/ui/resource/form/write-error';
import { toaster } from '@/ui/toaster';
import { GAP_LOOK } from './skill-matrix-look';
import type { Cell, PersonRow, SkillColumn } from './skill-matrix-model';
import { LEVEL_LABELS } from './skill-views';

const NOT_SAVED = msg`The assessment was not saved.`;

type Props = {
  db: LocalDb;
  person: PersonRow;
  skill: SkillColumn;
  cell: Cell;
  canAssess: boolean;
  canAssign: boolean;
  onClose: () => void;
};

/** A year after `day` (YYYY-MM-DD), the usual re-assessment interval. */
const aYearAfter = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

/**
 * One cell of the skill chart: what each level means, the person's assessment history, a new
 * assessment (through the outbox, so it works offline), and the courses that close the gap.
 */
export function AssessDialog({ db, person, skill, cell, canAssess, canAssign, onClose }: Props) {
  const { t, i18n } = useLingui();
  const today = localDay();
  const [level, setLevel] = useState(String(cell.assessment?.level ?? cell.required ?? 0));
  const [assessedOn, setAssessedOn] = useState(today);
  const [dueOn, setDueOn] = useState(aYearAfter(today));
  const [evidence, setEvidence] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const data = useLiveQuery(async () => {
    // This person's assessments through the local userId index, not every assessment of the
    // company (tens of thousands in a large one); the assessors' names by their ids.
    const [assessments, courses, enrolments] = await Promise.all([
      db.rows('SkillAssessment').where('userId').equals(person.id).toArray(),
      db.rows('Course').toArray(),
      db.rows('Enrolment').toArray(),
    ]);
    const history = assessments
      .filter((a) => !a.deletedAt && a.userId === person.id && a.skillId === skill.id)
      .sort((a, b) => String(b.assessedOn).localeCompare(String(a.assessedOn)) || b.id.localeCompare(a.id));
    const assessors = [...new Set(history.map((a) => String(a.assessorId ?? '')).filter(Boolean))];
    const users = await db.rows('User').bulkGet(assessors);
    const teaching = courses.filter((c) => !c.deletedAt && skill.courseIds.includes(c.id));
    const assigned = new Set(
      enrolments.filter((e) => !e.deletedAt && e.userId === person.id).map((e) => String(e.courseId)),
    );
    const names = new Map(
      users.flatMap((u) => (u ? [[u.id, `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim()] as const] : [])),
    );
    return { history, teaching, assigned, names };
  }, [db, person.id, skill.id]);

  async function save(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      await mutate(db, {
        resource: 'SkillAssessment',
        op: 'create',
        payload: { userId: person.id, skillId: skill.id, level: Number(level), assessedOn, dueOn, evidence },
      });
      toaster.create({ type: 'success', title: t`Assessment saved successfully.` });
      onClose();
    } catch (error) {
      if (error instanceof OutboxValidationError)
        setErrors(Object.fromEntries(error.issues.map((i) => [i.path, translateIssue(i18n, i.message)])));
      else toastWriteError(i18n, error, NOT_SAVED);
    }
  }
  async function assign(courseId: string) {
    try {
      await mutate(db, { resource: 'Enrolment', op: 'create', payload: { courseId, userId: person.id } });
      toaster.create({ type: 'success', title: t`Course assigned to ${person.name}.` });
    } catch (error) {
      toastWriteError(i18n, error, msg`The course was not assigned.`);
    }
  }

  const look = GAP_LOOK[cell.gap];
  const date = (d: unknown) => (d ? formatDateValue(i18n.locale, d, 'date') : '');
  return (
    <DialogShell
      open
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      testId="assess-dialog"
      title={`${person.name} · ${skill.name}`}
      onSubmit={canAssess ? save : undefined}
      footer={
        <HStack gap="2">
          <Button variant="outline" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          {canAssess && (
            <Button type="submit" data-testid="assess-save">
              <Trans>Save assessment</Trans>
            </Button>
          )}
        </HStack>
      }
    >
      <Stack gap="5">
        <HStack gap="2" wrap="wrap">
          <Badge style={{ background: look.bg, color: look.fg }} data-testid="assess-gap">
            {look.mark} {i18n._(look.label)}
          </Badge>
          {cell.required > 0 && (
            <Text fontSize="sm">
              <Trans>Required level: {cell.required}</Trans>
            </Text>
          )}
          {cell.assessment && (
            <Text fontSize="sm">
              <Trans>
                Level {cell.assessment.level} on {date(cell.assessment.assessedOn)}
              </Trans>
              {cell.assessment.dueOn ? ` · ${t`re-assess by ${date(cell.assessment.dueOn)}`}` : ''}
            </Text>
          )}
        </HStack>
        {skill.mainTopic && (
          <Text fontSize="sm" color="fg.muted">
            {skill.mainTopic}
          </Text>
        )}

        {canAssess && (
          <Stack gap="4" as="fieldset">
            <Text as="legend" fontWeight="semibold" mb="2">
              <Trans>New assessment</Trans>
            </Text>
            <Stack gap="1" role="radiogroup" aria-label={t`Level reached`}>
              {skill.criteria.map((text, l) => (
                <Box
                  as="label"
                  key={LEVEL_LABELS[l]!.id}
                  display="flex"
                  gap="2"
                  alignItems="flex-start"
                  p="2"
                  borderWidth="1px"
                  borderRadius="md"
                  borderColor={level === String(l) ? 'colorPalette.solid' : 'border'}
                  cursor="pointer"
                >
                  <input
                    type="radio"
                    name="level"
                    value={l}
                    checked={level === String(l)}
                    onChange={() => setLevel(String(l))}
                    style={{ marginTop: 4 }}
                    data-testid={`assess-level-${l}`}
                  />
                  <span>
                    <strong>{i18n._(LEVEL_LABELS[l]!)}</strong>
                    {text ? ` · ${text}` : ''}
                  </span>
                </Box>
              ))}
            </Stack>
            <HStack gap="3" align="start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Field.Root invalid={!!errors.assessedOn}>
                <Field.Label>
                  <Trans>Assessed on</Trans>
                </Field.Label>
                <Input
                  type="date"
                  value={assessedOn}
                  max={today}
                  onChange={(e) => setAssessedOn(e.target.value)}
                />
                <Field.ErrorText>{errors.assessedOn}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.dueOn}>
                <Field.Label>
                  <Trans>Re-assess by</Trans>
                </Field.Label>
                <Input
                  type="date"
                  value={dueOn}
                  onChange={(e) => setDueOn(e.target.value)}
                  data-testid="assess-due"
                />
                <Field.ErrorText data-testid="assess-due-error">{errors.dueOn}</Field.ErrorText>
              </Field.Root>
            </HStack>
            <Field.Root>
              <Field.Label>
                <Trans>Evidence</Trans>
              </Field.Label>
              <Textarea
                value={evidence}
                onChange={(e) => setEvidence(e.target.value)}
                placeholder={t`What was observed, the test passed, the record checked`}
                maxLength={2000}
              />
              <Field.HelperText>
                <Trans>Attach a file to an assessment from the Assessments tab.</Trans>
              </Field.HelperText>
            </Field.Root>
          </Stack>
        )}

        <Stack gap="2" as="section">
          <Text fontWeight="semibold">
            <Trans>Courses that teach this skill</Trans>
          </Text>
          {!data?.teaching.length ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>No course is linked to this skill yet. Link courses on the Skills tab.</Trans>
            </Text>
          ) : (
            data.teaching.map((c) => (
              <HStack key={c.id} justify="space-between" gap="2" data-testid="gap-course">
                <Text fontSize="sm">{String(c.name)}</Text>
                {data.assigned.has(c.id) ? (
                  <Badge colorPalette="green">
                    <Trans>Assigned</Trans>
                  </Badge>
                ) : (
                  canAssign && (
                    <Button size="xs" variant="outline" onClick={() => assign(c.id)} data-testid="gap-assign">
                      <Trans>Assign</Trans>
                    </Button>
                  )
                )}
              </HStack>
            ))
          )}
        </Stack>

        <Stack gap="2" as="section">
          <Text fontWeight="semibold">
            <Trans>History</Trans>
          </Text>
          {!data?.history.length ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>Not assessed yet.</Trans>
            </Text>
          ) : (
            data.history.map((a, i) => (
              <Box
                key={a.id}
                fontSize="sm"
                borderLeftWidth="3px"
                ps="2"
                borderColor={i === 0 ? 'green.500' : 'border'}
              >
                <Text>
                  {date(a.assessedOn)} · {i18n._(LEVEL_LABELS[Number(a.level)] ?? LEVEL_LABELS[0])}
                  {a.assessorId ? ` · ${data.names.get(String(a.assessorId)) ?? ''}` : ''}
                  {i === 0 ? ` · ${t`counts`}` : ''}
                </Text>
                {a.evidence ? <Text color="fg.muted">{String(a.evidence)}</Text> : null}
              </Box>
            ))
          )}
        </Stack>
      </Stack>
    </DialogShell>
  );
}
