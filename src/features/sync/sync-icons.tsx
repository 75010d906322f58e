import type { IconProps } from '@chakra-ui/react';
import { StrokeGlyph, StrokeIcon } from '@/ui/icons';

const CLOUD = 'M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9z';

export const CloudIcon = (props: IconProps) => <StrokeIcon path={CLOUD} {...props} />;
/** Bare glyphs for the top bar's sync button (app/layout/top-bar-styles.ts sizes them). */
export const CloudGlyph = () => <StrokeGlyph path={CLOUD} />;
export const CloudOffGlyph = ({ className }: { className?: string }) => (
  <StrokeGlyph path={`M2 2l20 20 ${CLOUD}`} className={className} />
);
export const AlertIcon = (props: IconProps) => (
  <StrokeIcon
    path="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01"
    {...props}
  />
);
