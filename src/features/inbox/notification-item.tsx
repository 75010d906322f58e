import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Notification } from '#contract/notifications.ts';

type Props = { item: Notification; onOpen: (item: Notification) => void };

/** One notification; unread ones are emphasised, and opening one marks it read. */
export function NotificationItem({ item, onOpen }: Props) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const unread = !item.watchFlag;
  const toggle = () => {
    setOpen(!open);
    if (!open) onOpen(item);
  };
  return (
    <Box as="li" listStyleType="none" borderBottomWidth="1px" bg={unread ? 'blue.50' : undefined}>
      <Box
        as="button"
        w="full"
        textAlign="start"
        px="4"
        py="3"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
      >
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align="flex-start"
          gap={{ base: '1', sm: '3' }}
        >
          <Stack gap="0" minW="0" w={{ base: 'full', sm: 'auto' }}>
            <HStack gap="2">
              {unread && <Box boxSize="2" rounded="full" bg="blue.500" flexShrink="0" aria-hidden="true" />}
              <Text fontWeight={unread ? 'semibold' : 'normal'} lineClamp={open ? undefined : 1}>
                {item.title}
              </Text>
            </HStack>
            {!open && (
              <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                {item.body}
              </Text>
            )}
          </Stack>
          <Stack
            direction={{ base: 'row', sm: 'column' }}
            gap="1"
            align={{ base: 'center', sm: 'flex-end' }}
            flexShrink="0"
          >
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
              {i18n.date(item.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </Text>
            {unread && (
              <Badge colorPalette="blue" size="sm">
                <Trans>Unread</Trans>
              </Badge>
            )}
          </Stack>
        </Stack>
      </Box>
      <Box id={bodyId} hidden={!open} px="4" pb="4">
        <Text whiteSpace="pre-wrap">{item.body}</Text>
        {item.link && (
          <Link href={item.link} colorPalette="blue" mt="2" display="inline-block">
            <Trans>Open link</Trans>
          </Link>
        )}
      </Box>
    </Box>
  );
}
