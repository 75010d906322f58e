import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { REGISTERED_ROUTES } from '@/app/menu/registered-routes';
import { type VisibleItem, visibleMenu } from '@/app/menu/visible-menu';
import type { Permissions } from '../../../contract/permissions.ts';

type Props = { permissions: Permissions; onNavigate: () => void; onQrContact: () => void };

const itemStyle = {
  w: 'full',
  justifyContent: 'flex-start',
  variant: 'ghost',
  size: 'sm',
  fontWeight: 'normal',
  whiteSpace: 'normal',
  textAlign: 'start',
  h: 'auto',
  minH: '9',
  py: '1.5',
} as const;

export function NavMenu({ permissions, onNavigate, onQrContact }: Props) {
  const { i18n } = useLingui();
  const hintId = useId();
  const groups = visibleMenu(permissions, REGISTERED_ROUTES);

  const renderItem = (item: VisibleItem) => {
    const label = i18n._(item.label);
    if (item.action === 'navigate') {
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
        color="fg.subtle"
        cursor="not-allowed"
      >
        {label}
      </Button>
    );
  };

  return (
    <Stack as="ul" gap="4" p="3" m="0">
      <Text id={hintId} srOnly>
        <Trans>Coming in a later release</Trans>
      </Text>
      {groups.map((group) => (
        <Box as="li" listStyleType="none" key={group.id}>
          <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" px="3" mb="1">
            {i18n._(group.label)}
          </Text>
          <Stack as="ul" gap="0.5" m="0" p="0">
            {group.items.map((item) => (
              <Box as="li" listStyleType="none" key={item.id}>
                {renderItem(item)}
                {item.action === 'unavailable' && (
                  <Text fontSize="2xs" color="fg.subtle" px="3" mt="-1" aria-hidden="true">
                    <Trans>Coming in a later release</Trans>
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
