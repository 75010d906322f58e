import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseBlocks, RichText } from '@/ui/rich-text/markdown';
import { renderUi } from '../resource/render-ui';

describe('article rich text', () => {
  it('reads headings, paragraphs and both kinds of lists', () => {
    expect(parseBlocks('## Steps\n1. Stop\n2. Lock\n\nThen:\n- test\n- sign')).toEqual([
      { kind: 'heading', level: 2, text: 'Steps' },
      { kind: 'list', ordered: true, items: ['Stop', 'Lock'] },
      { kind: 'paragraph', text: 'Then:' },
      { kind: 'list', ordered: false, items: ['test', 'sign'] },
    ]);
  });

  it('draws bold, italic and http(s) links, and never markup or script links from the text', () => {
    const { container } = renderUi(
      <RichText
        source={
          '**Lock** it *now*. [Guide](https://example.com/g) [x](javascript:alert(1)) <img src=x onerror=alert(1)>'
        }
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Lock');
    expect(container.querySelector('em')?.textContent).toBe('now');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/g']);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('rich-text').textContent).toContain('<img src=x onerror=alert(1)>');
  });
});
