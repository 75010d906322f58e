import type { IconProps } from '@chakra-ui/react';
import { StrokeIcon } from '@/ui/icons';

const icon = (path: string) => (props: IconProps) => <StrokeIcon path={path} {...props} />;

export const CopyIcon = icon('M9 9h11v11H9zM5 15H4V4h11v1');
export const EyeIcon = icon(
  'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
);
export const UploadIcon = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12');
