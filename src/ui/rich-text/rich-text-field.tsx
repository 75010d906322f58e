import { Button, Stack, Textarea, Wrap } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { RichText } from '@/ui/rich-text/markdown';

type Props = { name: string; value: string; onChange: (value: string) => void };

type Edit = { before: string; after: string; line?: boolean };

/**
 * The article editor: a plain textarea (works with every keyboard, IME and screen reader) with a
 * toolbar that marks the selection up (markdown.tsx) and a preview of the result.
 */
export function RichTextField({ name, value, onChange }: Props) {
  const { t } = useLingui();
  const area = useRef<HTMLTextAreaElement>(null);
  const [preview, setPreview] = useState(false);

  function apply({ before, after, line }: Edit) {
    const el = area.current;
    if (!el) return;
    let start = el.selectionStart;
    const end = el.selectionEnd;
    if (line) start = value.lastIndexOf('\n', start - 1) + 1;
    const selected = value.slice(start, end);
    onChange(`${value.slice(0, start)}${before}${selected}${after}${value.slice(end)}`);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + before.length, start + before.length + selected.length);
    });
  }

  const tools: { label: string; edit: Edit }[] = [
    { label: t`Bold`, edit: { before: '**', after: '**' } },
    { label: t`Italic`, edit: { before: '*', after: '*' } },
    { label: t`Heading`, edit: { before: '## ', after: '', line: true } },
    { label: t`List`, edit: { before: '- ', after: '', line: true } },
    { label: t`Link`, edit: { before: '[', after: '](https://)' } },
  ];

  return (
    <Stack gap="2">
      <Wrap gap="1" role="toolbar" aria-label={t`Formatting`}>
        {tools.map((tool) => (
          <Button
            key={tool.label}
            size="xs"
            variant="outline"
            disabled={preview}
            onClick={() => apply(tool.edit)}
          >
            {tool.label}
          </Button>
        ))}
        <Button
          size="xs"
          variant={preview ? 'solid' : 'outline'}
          aria-pressed={preview}
          onClick={() => setPreview((p) => !p)}
        >
          {t`Preview`}
        </Button>
      </Wrap>
      {preview ? (
        <Stack borderWidth="1px" rounded="md" p="3" minH="32">
          <RichText source={value} />
        </Stack>
      ) : (
        <Textarea ref={area} name={name} value={value} rows={10} onChange={(e) => onChange(e.target.value)} />
      )}
    </Stack>
  );
}
