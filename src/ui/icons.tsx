import { Icon, type IconProps } from '@chakra-ui/react';

/** A few stroke icons, inlined so the shell needs no icon package and works offline. */
const SVG = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function StrokeIcon({ path, ...props }: IconProps & { path: string }) {
  // The svg is Icon's own child: Icon puts its styles on it.
  return (
    <Icon boxSize="5" {...props}>
      <svg {...SVG} aria-hidden="true">
        <path d={path} />
      </svg>
    </Icon>
  );
}

/**
 * The icon's bare svg, sized and placed by its container's styles: for a long list's rows and the
 * top bar, drawn at every start, where a Chakra component per icon was a good part of the first
 * render.
 */
export function StrokeGlyph({ path, className }: { path: string; className?: string }) {
  return (
    <svg {...SVG} className={className} aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const PATHS = {
  BellIcon: 'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0',
  MenuIcon: 'M4 6h16M4 12h16M4 18h16',
  GlobeIcon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20',
  BookIcon:
    'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15zM6.5 17A2.5 2.5 0 0 0 4 19.5 2.5 2.5 0 0 0 6.5 22H20v-5',
  InboxIcon:
    'M22 12h-6l-2 3h-4l-2-3H2M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z',
  WifiOffIcon:
    'M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M2 8.82a15 15 0 0 1 4.17-2.65M10.66 5c4.01-.36 8.14.9 11.34 3.76M16.85 11.25a10 10 0 0 1 2.22 1.68M5 13a10 10 0 0 1 5.24-2.76M12 20h.01',
} as const;

export const GlobeIcon = (props: IconProps) => <StrokeIcon path={PATHS.GlobeIcon} {...props} />;
export const InboxIcon = (props: IconProps) => <StrokeIcon path={PATHS.InboxIcon} {...props} />;
export const WifiOffIcon = (props: IconProps) => <StrokeIcon path={PATHS.WifiOffIcon} {...props} />;

export const BellGlyph = () => <StrokeGlyph path={PATHS.BellIcon} />;
export const MenuGlyph = () => <StrokeGlyph path={PATHS.MenuIcon} />;
export const GlobeGlyph = () => <StrokeGlyph path={PATHS.GlobeIcon} />;
export const BookGlyph = () => <StrokeGlyph path={PATHS.BookIcon} />;
