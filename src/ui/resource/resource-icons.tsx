import type { IconProps } from '@chakra-ui/react';
import { StrokeGlyph, StrokeIcon } from '@/ui/icons';

/** Stroke icons of the resource screens, inlined so they work offline without an icon package. */

const EDIT = 'M12 20h9M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z';
const TRASH = 'M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6';
const PLUS = 'M12 5v14M5 12h14';
const DOWNLOAD = 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3';
const SORT_UP = 'M12 19V5M5 12l7-7 7 7';
const SORT_DOWN = 'M12 5v14M19 12l-7 7-7-7';

const icon = (path: string) => (props: IconProps) => <StrokeIcon path={path} {...props} />;
export const PlusIcon = icon(PLUS);
export const TrashIcon = icon(TRASH);
export const DownloadIcon = icon(DOWNLOAD);
export const SortUpIcon = icon(SORT_UP);
export const SortDownIcon = icon(SORT_DOWN);
export const PlayIcon = icon('M6 4l14 8-14 8Z');
export const MoreIcon = icon('M12 5h.01M12 12h.01M12 19h.01');

/**
 * The same as bare svgs, sized by their container's class styles: for a list's rows, header,
 * toolbar and column headings, drawn before its first paint.
 */
const glyph = (path: string) => () => <StrokeGlyph path={path} />;
export const EditGlyph = glyph(EDIT);
export const TrashGlyph = glyph(TRASH);
export const PlusGlyph = glyph(PLUS);
export const DownloadGlyph = glyph(DOWNLOAD);
export const ListGlyph = glyph('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01');
export const GridGlyph = glyph('M3 3h7v7H3zM14 3h7v7h-7zM14 14h7v7h-7zM3 14h7v7H3z');
export const SearchGlyph = glyph('M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35');
export const SortUpGlyph = glyph(SORT_UP);
export const SortDownGlyph = glyph(SORT_DOWN);
