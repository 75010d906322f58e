import { Button, HStack } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import type { LocalRow } from '@/data/db/local-types';
import { defineView } from '@/ui/resource/view-config';

export const EVENTS_PATH = '/home/event';
export const eventPreviewPath = (id: string) => `${EVENTS_PATH}/preview/${id}`;
export const eventParticipantsPath = (id: string) => `${EVENTS_PATH}/participant/${id}`;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Bangkok';

/** The list's links to an event's participants and its preview. */
function EventLinks({ row }: { row: LocalRow }) {
  return (
    <HStack gap="1" flexWrap="wrap">
      <Button asChild size="xs" variant="outline">
        <RouterLink to={eventParticipantsPath(row.id)} data-testid="event-participants-link">
          <Trans>Participants</Trans>
        </RouterLink>
      </Button>
      <Button asChild size="xs" variant="ghost">
        <RouterLink to={eventPreviewPath(row.id)}>
          <Trans>Preview</Trans>
        </RouterLink>
      </Button>
    </HStack>
  );
}

/** Events (spec: name, location, in charge, start/end time, participants, repeat). */
export const eventView = defineView({
  resource: 'Event',
  title: msg`Events`,
  trail: [msg`Home`],
  fields: {
    name: { label: msg`Event name`, widget: { kind: 'text' } },
    location: { label: msg`Location`, half: true, widget: { kind: 'text' } },
    inCharge: { label: msg`Person in charge`, half: true, widget: { kind: 'text' } },
    startAt: { label: msg`Start`, half: true, widget: { kind: 'datetime' } },
    endAt: { label: msg`End`, half: true, widget: { kind: 'datetime' } },
    repeat: {
      label: msg`Repeat`,
      half: true,
      widget: {
        kind: 'select',
        options: [
          { value: 'none', label: msg`Does not repeat` },
          { value: 'daily', label: msg`Daily` },
          { value: 'weekly', label: msg`Weekly` },
          { value: 'monthly', label: msg`Monthly` },
        ],
      },
    },
    repeatUntil: {
      label: msg`Repeat until`,
      half: true,
      widget: { kind: 'date' },
      visibleWhen: (v) => v.repeat !== 'none' && v.repeat !== '',
    },
    coverImage: { label: msg`Cover image`, widget: { kind: 'image' } },
    description: { label: msg`Description`, widget: { kind: 'textarea' } },
    timeZone: { label: msg`Time zone`, widget: { kind: 'kept' } },
    rrule: { label: msg`Repeat rule`, widget: { kind: 'kept' } },
  },
  columns: ['name', 'location', 'inCharge', 'startAt', 'repeat', 'links'],
  computed: { links: { label: msg`Participants`, cell: EventLinks } },
  titleField: 'name',
  initial: () => ({ repeat: 'none', timeZone: browserZone() }),
  emptyTitle: msg`No events yet`,
  messages: {
    add: msg`Add event`,
    edit: msg`Edit event`,
    created: msg`Event added successfully.`,
    updated: msg`Event updated successfully.`,
    deleted: msg`Event deleted successfully.`,
  },
});

/** Participants are edited on their page; this view names them on the sync page and in exports. */
export const eventParticipantView = defineView({
  resource: 'EventParticipant',
  title: msg`Participants`,
  trail: [msg`Home`, msg`Events`],
  fields: {
    eventId: { label: msg`Event`, widget: { kind: 'ref', resource: 'Event', labelFields: ['name'] } },
    userId: {
      label: msg`User`,
      widget: { kind: 'ref', resource: 'User', labelFields: ['firstName', 'lastName'] },
    },
    departmentId: {
      label: msg`Group`,
      widget: { kind: 'ref', resource: 'Department', labelFields: ['name'] },
    },
    attended: { label: msg`Attended`, widget: { kind: 'switch' } },
  },
  columns: ['eventId', 'userId', 'departmentId', 'attended'],
  titleField: 'eventId',
  messages: {
    add: msg`Add participant`,
    edit: msg`Edit participant`,
    created: msg`Participant added successfully.`,
    updated: msg`Participant updated successfully.`,
    deleted: msg`Participant removed successfully.`,
  },
});
