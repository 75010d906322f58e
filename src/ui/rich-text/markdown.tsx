import { Box, Heading, Link, List, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

/**
 * The article body's rich text: a small Markdown subset (## headings, **bold**, *italic*,
 * - and 1. lists, [links](https://…), paragraphs). Rendered to React elements, never to HTML
 * strings, so a body can hold no script whatever it contains; links must be http(s).
 */
type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; text: string };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 2 | 3, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;

/** Bold, italic and http(s) links inside one block of text. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = `${m.index}`;
    if (m[1] !== undefined) out.push(<strong key={key}>{renderInline(m[1])}</strong>);
    else if (m[2] !== undefined) out.push(<em key={key}>{renderInline(m[2])}</em>);
    else
      out.push(
        <Link key={key} href={m[4]} target="_blank" rel="noopener noreferrer" color="colorPalette.fg">
          {m[3]}
        </Link>,
      );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function RichText({ source }: { source: string }) {
  return (
    <Box lineHeight="tall" display="flex" flexDirection="column" gap="3" data-testid="rich-text">
      {parseBlocks(source).map((block, i) => {
        const key = String(i);
        if (block.kind === 'heading')
          return (
            <Heading key={key} as={block.level === 2 ? 'h3' : 'h4'} size={block.level === 2 ? 'md' : 'sm'}>
              {renderInline(block.text)}
            </Heading>
          );
        if (block.kind === 'list')
          return (
            <List.Root key={key} as={block.ordered ? 'ol' : 'ul'} ps="5">
              {block.items.map((item, j) => (
                <List.Item key={String(j)}>{renderInline(item)}</List.Item>
              ))}
            </List.Root>
          );
        return (
          <Text key={key} whiteSpace="pre-wrap">
            {block.text.split('\n').map((line, j) => (
              <Fragment key={String(j)}>
                {j > 0 && <br />}
                {renderInline(line)}
              </Fragment>
            ))}
          </Text>
        );
      })}
    </Box>
  );
}
