import {
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type CertificateElement, TEXT_ALIGNS } from '#contract/resources/certificate.ts';
import type { LocalDb } from '@/data/db/local-db';
import { FileField } from '@/ui/resource/fields/file-field';
import { KIND_LABELS } from './certificate-samples';

type Props = {
  db: LocalDb;
  element: CertificateElement;
  readOnly: boolean;
  onChange: (patch: Partial<CertificateElement>) => void;
  onNudge: (dx: number, dy: number) => void;
  onRemove: () => void;
};

/** A number field that changes the element once its value is a number in range. */
function NumberInput(p: {
  label: string;
  value: number;
  min: number;
  max: number;
  readOnly: boolean;
  onValue: (n: number) => void;
}) {
  return (
    <Field.Root w="6.5rem">
      <Field.Label fontSize="xs">{p.label}</Field.Label>
      <Input
        size="sm"
        type="number"
        inputMode="numeric"
        value={String(p.value)}
        min={p.min}
        max={p.max}
        readOnly={p.readOnly}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (e.target.value !== '' && Number.isFinite(n) && n >= p.min && n <= p.max) p.onValue(n);
        }}
      />
    </Field.Root>
  );
}

/** The selected element's settings: its words, font size, colour, alignment, place and size. */
export function ElementPanel({ db, element: e, readOnly, onChange, onNudge, onRemove }: Props) {
  const { t, i18n } = useLingui();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const hasText = e.kind !== 'qr' && e.kind !== 'image';
  const alignLabels = { left: t`Left`, center: t`Centre`, right: t`Right` } as const;
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" aria-label={t`Selected element`} role="group">
      <Text fontWeight="semibold">{i18n._(KIND_LABELS[e.kind])}</Text>
      {e.kind === 'text' && (
        <Field.Root>
          <Field.Label>
            <Trans>Text</Trans>
          </Field.Label>
          <Textarea
            value={e.text}
            rows={2}
            readOnly={readOnly}
            onChange={(ev) => onChange({ text: ev.target.value })}
          />
        </Field.Root>
      )}
      {e.kind === 'image' && (
        <>
          <FileField
            db={db}
            kind="banner"
            value={e.image}
            label={t`Picture`}
            onChange={(ref) => onChange({ image: ref })}
            onProblem={setFileProblem}
          />
          {fileProblem && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {fileProblem}
            </Text>
          )}
        </>
      )}
      <HStack gap="2" wrap="wrap" align="end">
        {hasText && (
          <NumberInput
            label={t`Font size`}
            value={e.fontSize}
            min={4}
            max={400}
            readOnly={readOnly}
            onValue={(fontSize) => onChange({ fontSize })}
          />
        )}
        {e.kind !== 'image' && (
          <Field.Root w="6.5rem">
            <Field.Label fontSize="xs">
              <Trans>Colour</Trans>
            </Field.Label>
            <Input
              size="sm"
              type="color"
              p="1"
              value={e.color}
              disabled={readOnly}
              onChange={(ev) => onChange({ color: ev.target.value })}
            />
          </Field.Root>
        )}
        {hasText && (
          <Field.Root w="8rem">
            <Field.Label fontSize="xs">
              <Trans>Alignment</Trans>
            </Field.Label>
            <NativeSelect.Root size="sm" disabled={readOnly}>
              <NativeSelect.Field
                value={e.align}
                onChange={(ev) => onChange({ align: ev.target.value as CertificateElement['align'] })}
              >
                {TEXT_ALIGNS.map((a) => (
                  <option key={a} value={a}>
                    {alignLabels[a]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {hasText && (
          <Switch.Root
            checked={e.bold}
            disabled={readOnly}
            onCheckedChange={(d) => onChange({ bold: d.checked })}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              <Trans>Bold</Trans>
            </Switch.Label>
          </Switch.Root>
        )}
      </HStack>
      <HStack gap="2" wrap="wrap" align="end">
        <NumberInput
          label={t`Left`}
          value={e.x}
          min={-5000}
          max={5000}
          readOnly={readOnly}
          onValue={(x) => onChange({ x })}
        />
        <NumberInput
          label={t`Top`}
          value={e.y}
          min={-5000}
          max={5000}
          readOnly={readOnly}
          onValue={(y) => onChange({ y })}
        />
        <NumberInput
          label={t`Width`}
          value={e.width}
          min={1}
          max={5000}
          readOnly={readOnly}
          onValue={(width) => onChange({ width })}
        />
        <NumberInput
          label={t`Height`}
          value={e.height}
          min={1}
          max={5000}
          readOnly={readOnly}
          onValue={(height) => onChange({ height })}
        />
      </HStack>
      {!readOnly && (
        <HStack gap="2" wrap="wrap">
          <IconButton size="sm" variant="outline" aria-label={t`Move left`} onClick={() => onNudge(-5, 0)}>
            ←
          </IconButton>
          <IconButton size="sm" variant="outline" aria-label={t`Move up`} onClick={() => onNudge(0, -5)}>
            ↑
          </IconButton>
          <IconButton size="sm" variant="outline" aria-label={t`Move down`} onClick={() => onNudge(0, 5)}>
            ↓
          </IconButton>
          <IconButton size="sm" variant="outline" aria-label={t`Move right`} onClick={() => onNudge(5, 0)}>
            →
          </IconButton>
          <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove}>
            <Trans>Remove element</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
