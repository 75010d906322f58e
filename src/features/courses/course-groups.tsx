import { Button, Fieldset, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { translateIssue } from '@/ui/form/validation-messages';
import { RefsField } from '@/ui/resource/fields/refs-field';
import { idList } from '@/ui/resource/form/form-values';
import { toastWriteError } from '@/ui/resource/form/write-error';
import { toaster } from '@/ui/toaster';
import { NOT_SAVED } from './course-messages';
import { seatProblem } from './course-rules';

/** The departments and groups assigned to a course (its `departmentIds`), saved as a course update. */
export function CourseGroups({
  db,
  course,
  canUpdate,
}: {
  db: LocalDb;
  course: LocalRow;
  canUpdate: boolean;
}) {
  const { t, i18n } = useLingui();
  const stored = JSON.stringify(course.departmentIds ?? []);
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = JSON.stringify(idList(value)) !== stored;

  async function save() {
    const departmentIds = idList(value);
    setError(null);
    setSaving(true);
    try {
      const seats = await seatProblem(db, {
        id: course.id,
        allUsers: course.allUsers === true,
        departmentIds,
        seatLimit: Number(course.seatLimit ?? 0),
      });
      if (seats) return setError(translateIssue(i18n, seats));
      await mutate(db, { resource: 'Course', op: 'update', payload: { id: course.id, departmentIds } });
      setValue(JSON.stringify(departmentIds));
      toaster.create({ type: 'success', title: t`Groups of the course saved.` });
    } catch (e) {
      toastWriteError(i18n, e, NOT_SAVED);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="3" as="section" aria-labelledby="course-groups-heading">
      <Heading as="h2" size="md" id="course-groups-heading">
        <Trans>Departments and groups</Trans>
      </Heading>
      {course.allUsers === true && (
        <Text color="fg.muted">
          <Trans>This course is assigned to all users of the company.</Trans>
        </Text>
      )}
      {canUpdate ? (
        // A fieldset, not a Field: a Field's one id would make every checkbox toggle the first.
        <Fieldset.Root invalid={!!error} data-field="departmentIds">
          <Fieldset.Legend>{t`Assigned departments and groups`}</Fieldset.Legend>
          <RefsField
            db={db}
            name="departmentIds"
            resource="Department"
            labelFields={['name']}
            noneLabel={t`No group chosen.`}
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
          />
          <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
        </Fieldset.Root>
      ) : (
        <Text>{idList(stored).length ? null : t`No group chosen.`}</Text>
      )}
      {canUpdate && (
        <HStack>
          <Button
            size="sm"
            disabled={!changed}
            loading={saving}
            onClick={() => void save()}
            data-testid="save-groups"
          >
            <Trans>Save groups</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
