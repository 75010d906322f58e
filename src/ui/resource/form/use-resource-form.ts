import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { v7 } from 'uuid';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { useSession } from '@/data/session/use-session';
import { fieldErrorsOf } from '@/ui/form/field-errors';
import { useUnsavedWork } from '@/ui/form/use-unsaved-work';
import { translateIssue } from '@/ui/form/validation-messages';
import {
  initialValues,
  mergeEdit,
  sameValues,
  toPayload,
  validatePayload,
  visibleFields,
} from '@/ui/resource/form/form-values';
import { recordRules } from '@/ui/resource/form/record-rules';
import { STORAGE_FULL } from '@/ui/resource/form/write-error';
import type { AnyView, FormValues } from '@/ui/resource/view-config';
import { toaster } from '@/ui/toaster';

type Errors = Record<string, string>;

/**
 * State and save of one resource form. Validates with the contract before writing; says "saved"
 * only after `mutate` resolved, i.e. after the row and its outbox entry committed together.
 */
export function useResourceForm(
  view: AnyView,
  db: LocalDb,
  row: LocalRow | null,
  onSaved: () => void,
  scope?: Record<string, string | null>,
) {
  const { i18n, t } = useLingui();
  const userId = useSession()?.userID ?? null;
  const [initial, setInitial] = useState(() => {
    const values = initialValues(view, row);
    // A new record made inside a part of the list (a topic's contents) starts in that part.
    if (!row) for (const [field, value] of Object.entries(scope ?? {})) values[field] = value ?? '';
    return values;
  });
  const [id] = useState(() => row?.id ?? v7());
  const [values, setValues] = useState<FormValues>(initial);
  // A new record's defaults read from the local rows (a user's default role) arrive a moment
  // later; each fills its field only while the admin has not typed there, and is no change.
  const opened = useRef(initial);
  useEffect(() => {
    if (row || !view.defaults) return;
    let live = true;
    void view.defaults(db).then((found) => {
      if (!live) return;
      const start = opened.current;
      const fresh = Object.entries(found).filter((e): e is [string, string] => e[1] !== undefined);
      setValues((v) => ({ ...v, ...Object.fromEntries(fresh.filter(([f]) => v[f] === start[f])) }));
      setInitial({ ...start, ...Object.fromEntries(fresh) });
    });
    return () => {
      live = false;
    };
  }, [view, db, row]);
  const [issues, setIssues] = useState<Errors>({});
  const [local, setLocal] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = !sameValues(values, initial);
  useUnsavedWork(dirty);

  const visible = visibleFields(view, values);
  const errorOf = (field: string) =>
    local[field] ?? (issues[field] ? translateIssue(i18n, issues[field]) : undefined);
  const hiddenIssues = Object.entries(issues)
    .filter(([field]) => !visible.includes(field))
    .map(([, message]) => translateIssue(i18n, message));

  function set(field: string, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setIssues(({ [field]: _, ...rest }) => rest);
  }
  const setLocalProblem = (field: string, message: string | null) =>
    setLocal(({ [field]: _, ...rest }) => (message ? { ...rest, [field]: message } : rest));

  /** Resolves true once saved; false when a rule or the device refused it (the errors are shown). */
  async function save(): Promise<boolean> {
    if (saving) return false;
    const payload = toPayload(view, values);
    const found = validatePayload(view, id, payload, !row);
    setProblem(null);
    setIssues(found);
    if (Object.keys(found).length || Object.keys(local).length) return false;
    setSaving(true);
    try {
      const broken = await recordRules(db, view, id, payload, userId);
      if (Object.keys(broken).length) {
        setIssues(broken);
        return false;
      }
      if (row) {
        const theirs = await db.rows(view.resource).get(id);
        const changes =
          theirs && theirs.rev !== row.rev
            ? mergeEdit(toPayload(view, initial), payload, toPayload(view, initialValues(view, theirs)))
                .merged
            : payload;
        await mutate(db, { resource: view.resource, op: 'update', payload: { ...changes, id } });
      } else await mutate(db, { resource: view.resource, op: 'create', payload: { ...payload, id } });
      toaster.create({ type: 'success', title: i18n._(row ? view.messages.updated : view.messages.created) });
      onSaved();
      return true;
    } catch (error) {
      const refused = fieldErrorsOf(error);
      if (refused) {
        setIssues(refused);
      } else if (error instanceof StorageFullError) {
        setProblem(i18n._(STORAGE_FULL));
      } else {
        setProblem(t`The change could not be saved on this device. Please try again.`);
      }
    } finally {
      setSaving(false);
    }
    return false;
  }

  return {
    id,
    initial,
    values,
    visible,
    dirty,
    saving,
    problem,
    hiddenIssues,
    errorOf,
    set,
    setLocalProblem,
    save,
  };
}
