import { msg } from '@lingui/core/macro';
import { defineFeature } from '@/ui/feature/feature';
import { EVENTS_PATH, eventParticipantView, eventView } from './event-views';

/** /home/event (list, add, edit), an event's preview and its participants. */
export const eventsFeature = defineFeature({
  id: 'events',
  routes: [
    { path: EVENTS_PATH, view: eventView, menu: { id: 'event', group: 'home', label: msg`Events` } },
    { path: `${EVENTS_PATH}/preview/:id`, page: () => import('./event-preview-page') },
    { path: `${EVENTS_PATH}/participant/:id`, page: () => import('./event-participants-page') },
  ],
  views: [eventParticipantView],
});
