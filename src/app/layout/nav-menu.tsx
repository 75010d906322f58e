import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { NavLink } from 'react-router';
import type { Permissions } from '#contract/permissions.ts';
import { DRAWER_ITEMS } from '@/app/menu/drawer-items';
import { type VisibleItem, visibleMenu } from '@/app/menu/visible-menu';

type Props = { permissions: Permissions; onNavigate: () => void; onQrContact: () => void };

const itemStyle = {
  w: 'full',
  justifyContent: 'flex-start',
  variant: 'ghost',
  size: 'sm',
  fontWeight: 'normal',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  textAlign: 'start',
  h: 'auto',
  minH: '9',
  py: '1.5',
} as const;

export function NavMenu({ permissions, onNavigate, onQrContact }: Props) {
  const { t, i18n } = useLingui();
  const hintId = useId();
  const hint = t`Coming in a later release`;
  const groups = visibleMenu(permissions, { registered: DRAWER_ITEMS });

  const renderItem = (item: VisibleItem) => {
    const label = i18n._(item.label);
    if (item.action === 'navigate' && item.path) {
      return (
        <Button
          asChild
          {...itemStyle}
          _currentPage={{ bg: 'blue.50', color: 'blue.700', fontWeight: 'semibold' }}
        >
          <NavLink to={item.path} onClick={onNavigate}>
            {label}
          </NavLink>
        </Button>
      );
    }
    if (item.action === 'qr-contact') {
      return (
        <Button {...itemStyle} onClick={onQrContact}>
          {label}
        </Button>
      );
    }
    return (
      <Button
        {...itemStyle}
        aria-disabled="true"
        aria-describedby={hintId}
        color="gray.500"
        cursor="not-allowed"
      >
        {label}
      </Button>
    );
  };

  return (
    <Stack as="ul" gap="4" p="3" m="0">
      {groups.some((g) => g.items.some((i) => i.action === 'unavailable')) && (
        <Box as="li" listStyleType="none" px="3" fontSize="xs" color="fg.muted">
          <Trans>Greyed-out items are coming in a later release.</Trans>
          <Text id={hintId} srOnly>
            {hint}
          </Text>
        </Box>
      )}
      {groups.map((group) => (
        <Box as="li" listStyleType="none" key={group.id}>
          <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" px="3" mb="1">
            {i18n._(group.label)}
          </Text>
          <Stack as="ul" gap="0.5" m="0" p="0">
            {group.items.map((item) => (
              <Box as="li" listStyleType="none" key={item.id}>
                {renderItem(item)}
              </Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
