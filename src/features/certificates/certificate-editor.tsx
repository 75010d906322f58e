import {
  Alert,
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { v7 } from 'uuid';
import {
  A4_LANDSCAPE,
  CERTIFICATE_ELEMENT_KINDS,
  CERTIFICATE_LANGUAGES,
  type CertificateElement,
  type CertificateLanguage,
  DEFAULT_CERTIFICATE_ELEMENTS,
} from '#contract/resources/certificate.ts';
import type { LocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';
import { mutate } from '@/data/outbox/outbox';
import { StorageFullError } from '@/data/outbox/outbox-errors';
import { fieldErrorsOf } from '@/ui/form/field-errors';
import { translateIssue } from '@/ui/form/validation-messages';
import { FileField } from '@/ui/resource/fields/file-field';
import { STORAGE_FULL } from '@/ui/resource/form/write-error';
import { toaster } from '@/ui/toaster';
import { ElementPanel } from './certificate-element-panel';
import { CERTIFICATES_PATH } from './certificate-paths';
import { CERTIFICATE_FONTS, KIND_LABELS, LINE_HEIGHT, newElement, SAMPLES } from './certificate-samples';
import { useUndo } from './use-undo';

// Konva, react-konva and the QR code maker (about 300 kB) load with the canvas, not with the
// console: the service worker stores them after sign-in (sw/asset-groups.ts), not at install.
const CertificateCanvas = lazy(() =>
  import('./certificate-canvas').then((m) => ({ default: m.CertificateCanvas })),
);

export type Draft = {
  name: string;
  background: string;
  width: number;
  height: number;
  language: CertificateLanguage;
  elements: CertificateElement[];
};

const LANGUAGE_NAMES: Record<CertificateLanguage, string> = {
  en: 'English',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  my: 'မြန်မာ',
  zh: '中文',
};

const draftOf = (row: LocalRow | null): Draft => ({
  name: String(row?.name ?? ''),
  background: String(row?.background ?? ''),
  width: Number(row?.width ?? A4_LANDSCAPE.width),
  height: Number(row?.height ?? A4_LANDSCAPE.height),
  language: (row?.language as CertificateLanguage | undefined) ?? 'en',
  elements:
    (row?.elements as CertificateElement[] | undefined) ??
    DEFAULT_CERTIFICATE_ELEMENTS.map((e) => ({ ...e })),
});

/** The canvas fits the width of its box; the box's width is measured. */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The certificate template editor (spec section 2): the canvas, the element list and the
 * selected element's settings. Mouse: drag, resize with the handles, double-click a text box to
 * edit it. Keyboard (the canvas has the focus): arrows move the selected element by 1 (Shift: 10),
 * Delete removes it, Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo.
 */
export function CertificateEditor({
  db,
  row,
  readOnly,
}: {
  db: LocalDb;
  row: LocalRow | null;
  readOnly: boolean;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [id] = useState(() => row?.id ?? v7());
  const history = useUndo<Draft>(draftOf(row));
  const draft = history.value;
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [sample, setSample] = useState<CertificateLanguage>('en');
  const [problem, setProblem] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const box = useBoxWidth();
  const scale = box.width ? Math.min(1.5, box.width / draft.width) : 0;
  const current = draft.elements.find((e) => e.id === selected) ?? null;

  const setField = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    history.set((d) => ({ ...d, [key]: value }));
  const change = (elementId: string, patch: Partial<CertificateElement>) =>
    history.set((d) => ({
      ...d,
      elements: d.elements.map((e) => (e.id === elementId ? { ...e, ...patch } : e)),
    }));
  const nudge = (dx: number, dy: number) => {
    if (current) change(current.id, { x: current.x + dx, y: current.y + dy });
  };
  const remove = (elementId: string) => {
    history.set((d) => ({ ...d, elements: d.elements.filter((e) => e.id !== elementId) }));
    setSelected(null);
  };
  const add = (kind: CertificateElement['kind']) => {
    const e = newElement(kind, v7().slice(-12), draft);
    history.set((d) => ({ ...d, elements: [...d.elements, e] }));
    setSelected(e.id);
  };

  function onKeyDown(ev: React.KeyboardEvent) {
    if (readOnly || editing) return;
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod && ev.key.toLowerCase() === 'z') {
      ev.preventDefault();
      if (ev.shiftKey) history.redo();
      else history.undo();
      return;
    }
    if (mod && ev.key.toLowerCase() === 'y') {
      ev.preventDefault();
      history.redo();
      return;
    }
    if (!current) return;
    const step = ev.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[ev.key];
    if (move) {
      ev.preventDefault();
      nudge(...move);
    } else if (ev.key === 'Delete' || ev.key === 'Backspace') {
      ev.preventDefault();
      remove(current.id);
    } else if (ev.key === 'Enter' && current.kind === 'text') {
      ev.preventDefault();
      setEditing(current.id);
    }
  }

  async function save() {
    if (saving) return;
    setProblem(null);
    setSaving(true);
    try {
      await mutate(db, {
        resource: 'CertificateTemplate',
        op: row ? 'update' : 'create',
        payload: { ...draft, id },
      });
      toaster.create({
        type: 'success',
        title: row
          ? t`Certificate template updated successfully.`
          : t`Certificate template added successfully.`,
      });
      void navigate(CERTIFICATES_PATH);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields)
        setProblem(
          Object.values(fields)
            .map((m) => translateIssue(i18n, m))
            .join(' '),
        );
      else if (error instanceof StorageFullError) setProblem(i18n._(STORAGE_FULL));
      else setProblem(t`The change could not be saved on this device. Please try again.`);
    } finally {
      setSaving(false);
    }
  }

  const editingElement = draft.elements.find((e) => e.id === editing) ?? null;

  return (
    <Stack gap="4">
      {problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root required flex="1" minW="12rem">
          <Field.Label>
            <Trans>Template name</Trans>
          </Field.Label>
          <Input value={draft.name} readOnly={readOnly} onChange={(e) => setField('name', e.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '12rem' }}>
          <Field.Label>
            <Trans>Language of the date and result</Trans>
          </Field.Label>
          <NativeSelect.Root disabled={readOnly}>
            <NativeSelect.Field
              value={draft.language}
              onChange={(e) => setField('language', e.target.value as CertificateLanguage)}
            >
              {CERTIFICATE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '12rem' }}>
          <Field.Label>
            <Trans>Preview with the sample learner</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={sample}
              aria-label={t`Preview language`}
              onChange={(e) => setSample(e.target.value as CertificateLanguage)}
            >
              {CERTIFICATE_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}: {SAMPLES[l].learnerName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>

      {!readOnly && (
        <HStack gap="2" wrap="wrap" role="toolbar" aria-label={t`Add an element`}>
          {CERTIFICATE_ELEMENT_KINDS.map((kind) => (
            <Button key={kind} size="sm" variant="outline" onClick={() => add(kind)}>
              + {i18n._(KIND_LABELS[kind])}
            </Button>
          ))}
          <Button size="sm" variant="ghost" disabled={!history.canUndo} onClick={history.undo}>
            <Trans>Undo</Trans>
          </Button>
          <Button size="sm" variant="ghost" disabled={!history.canRedo} onClick={history.redo}>
            <Trans>Redo</Trans>
          </Button>
        </HStack>
      )}

      <Box
        ref={box.ref}
        position="relative"
        w="full"
        borderWidth="1px"
        rounded="md"
        overflow="hidden"
        tabIndex={0}
        role="application"
        aria-label={t`Certificate canvas. Arrow keys move the selected element; Shift moves by 10; Enter edits a text box; Delete removes it; Ctrl+Z undoes.`}
        data-testid="certificate-canvas"
        onKeyDown={onKeyDown}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
      >
        {scale > 0 && (
          <Suspense fallback={<Skeleton h={`${draft.height * scale}px`} />}>
            <CertificateCanvas
              db={db}
              width={draft.width}
              height={draft.height}
              background={draft.background}
              elements={draft.elements}
              language={draft.language}
              sample={sample}
              scale={scale}
              selected={selected}
              readOnly={readOnly}
              onSelect={setSelected}
              onChange={change}
              onEditText={(elementId) => !readOnly && setEditing(elementId)}
            />
          </Suspense>
        )}
        {editingElement && (
          <Textarea
            autoFocus
            aria-label={t`Text of the text box`}
            data-testid="inline-text-editor"
            position="absolute"
            left={`${editingElement.x * scale}px`}
            top={`${editingElement.y * scale}px`}
            w={`${editingElement.width * scale}px`}
            minH={`${editingElement.fontSize * LINE_HEIGHT * scale + 8}px`}
            p="0"
            fontFamily={CERTIFICATE_FONTS}
            fontSize={`${editingElement.fontSize * scale}px`}
            lineHeight={LINE_HEIGHT}
            color={editingElement.color}
            textAlign={editingElement.align}
            bg="whiteAlpha.900"
            defaultValue={editingElement.text}
            onKeyDown={(ev) => {
              if (ev.key === 'Escape') setEditing(null);
              if (ev.key === 'Enter' && !ev.shiftKey) {
                ev.preventDefault();
                change(editingElement.id, { text: ev.currentTarget.value });
                setEditing(null);
              }
            }}
            onBlur={(ev) => {
              change(editingElement.id, { text: ev.currentTarget.value });
              setEditing(null);
            }}
          />
        )}
      </Box>

      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="start">
        <Stack gap="1" minW={{ md: '14rem' }} w={{ base: 'full', md: 'auto' }}>
          <Text fontWeight="semibold">
            <Trans>Elements</Trans>
          </Text>
          <Stack gap="1" as="ul" listStyleType="none" aria-label={t`Elements`}>
            {draft.elements.map((e) => (
              <li key={e.id}>
                <Button
                  size="sm"
                  w="full"
                  justifyContent="start"
                  variant={selected === e.id ? 'solid' : 'outline'}
                  aria-pressed={selected === e.id}
                  onClick={() => setSelected(e.id)}
                >
                  {i18n._(KIND_LABELS[e.kind])}
                  {e.kind === 'text' && e.text ? `: ${e.text.slice(0, 24)}` : ''}
                </Button>
              </li>
            ))}
          </Stack>
        </Stack>
        <Box flex="1" w="full">
          {current ? (
            <ElementPanel
              db={db}
              element={current}
              readOnly={readOnly}
              onChange={(patch) => change(current.id, patch)}
              onNudge={nudge}
              onRemove={() => remove(current.id)}
            />
          ) : (
            <Text color="fg.muted">
              <Trans>Choose an element on the canvas or in the list to change it.</Trans>
            </Text>
          )}
        </Box>
      </Stack>

      <Box maxW="md">
        <FileField
          db={db}
          kind="banner"
          value={draft.background}
          label={t`Background picture`}
          onChange={(ref) => setField('background', ref)}
          onProblem={setFileProblem}
        />
        {fileProblem && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {fileProblem}
          </Text>
        )}
      </Box>

      <HStack gap="2" justify="end" wrap="wrap">
        <Button variant="outline" onClick={() => void navigate(CERTIFICATES_PATH)}>
          <Trans>Cancel</Trans>
        </Button>
        {!readOnly && (
          <Button loading={saving} onClick={save}>
            <Trans>Save</Trans>
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
