import { z } from 'zod';
import { defineResource } from '../resource.ts';

/** Spec: "Event: name, location, in charge, start/end time, participants, repeat." */
export const EVENT_REPEATS = ['none', 'daily', 'weekly', 'monthly'] as const;
export const EVENT_END_BEFORE_START = 'The end must be after the start.';
export const EVENT_REPEAT_UNTIL_MISSING = 'Please choose the date the repetition ends.';
export const EVENT_REPEAT_UNTIL_BEFORE_START = 'The repetition must end on or after the first day.';
export const EVENT_TIME_ZONE_INVALID = 'Please choose a valid time zone.';
export const EVENT_MISSING = 'The event does not exist or was deleted.';
export const PARTICIPANT_NOT_IN_COMPANY = 'This user or group is not part of your company.';
export const PARTICIPANT_ONE_OF = 'Choose either a user or a group.';
export const PARTICIPANT_TWICE = 'This participant is already on the event.';
/** The longest span a repeating event may cover, so its expansion stays bounded. */
export const MAX_OCCURRENCES = 400;

const validZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const event = defineResource({
  name: 'Event',
  area: 'event',
  fields: z.object({
    name: z.string().trim().min(1, 'Please enter a name.').max(200, 'Use at most 200 characters.'),
    location: z.string().trim().max(300, 'Use at most 300 characters.').default(''),
    inCharge: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    startAt: z.iso.datetime({ offset: true, message: 'Please choose a start date and time.' }),
    endAt: z.iso.datetime({ offset: true, message: 'Please choose an end date and time.' }),
    repeat: z.enum(EVENT_REPEATS).default('none'),
    /** Last day of the repetition (a date in the event's time zone), '' without repetition. */
    repeatUntil: z.union([z.iso.date(), z.literal('')]).default(''),
    /** The time zone the event's clock time is kept in across DST (IANA name). */
    timeZone: z.string().max(64).refine(validZone, EVENT_TIME_ZONE_INVALID).default('Asia/Bangkok'),
    /** Set by the server from repeat, repeatUntil and the start: an RFC 5545 RRULE, '' for none. */
    rrule: z.string().max(500).default(''),
    coverImage: z.string().max(500).default(''),
    description: z.string().max(10_000, 'Use at most 10000 characters.').default(''),
  }),
  refine: (v, ctx) => {
    if (Date.parse(v.endAt) <= Date.parse(v.startAt))
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: EVENT_END_BEFORE_START });
    if (v.repeat !== 'none' && !v.repeatUntil)
      ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: EVENT_REPEAT_UNTIL_MISSING });
    if (v.repeat !== 'none' && v.repeatUntil && v.repeatUntil < v.startAt.slice(0, 10))
      ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: EVENT_REPEAT_UNTIL_BEFORE_START });
  },
  searchable: ['name', 'location', 'inCharge'],
  sortable: ['name', 'startAt', 'endAt', 'location'],
  defaultSort: { field: 'startAt', dir: 'desc' },
  exportColumns: ['name', 'location', 'inCharge', 'startAt', 'endAt', 'repeat', 'repeatUntil', 'description'],
  files: { coverImage: 'image' },
});

/** Who takes part: a user or a group (department) of the company, with attendance. */
export const eventParticipant = defineResource({
  name: 'EventParticipant',
  area: 'event',
  fields: z.object({
    eventId: z.uuid({ message: 'Please choose an event.' }),
    userId: z.string().max(64).nullable().default(null),
    departmentId: z.string().max(64).nullable().default(null),
    attended: z.boolean().default(false),
  }),
  refine: (v, ctx) => {
    if (!v.userId === !v.departmentId)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: PARTICIPANT_ONE_OF });
  },
  searchable: ['eventId'],
  sortable: ['eventId'],
  defaultSort: { field: 'eventId', dir: 'asc' },
  exportColumns: ['eventId', 'userId', 'departmentId', 'attended'],
});

export const eventIdRequest = z.object({ eventId: z.uuid() });
export const eventOccurrence = z.object({ startAt: z.string(), endAt: z.string() });
export const myEvent = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  inCharge: z.string(),
  description: z.string(),
  coverImage: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  repeat: z.enum(EVENT_REPEATS),
  joined: z.boolean(),
  occurrences: z.array(eventOccurrence),
});
