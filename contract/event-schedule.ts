import * as rrulePkg from 'rrule';
import { MAX_OCCURRENCES } from './resources/event.ts';

// Shared by the server (stored rule, learner calls, reminders) and the console (the preview's
// dates). The package is CommonJS (UMD) for Node, where its classes come off the default
// export, and ES modules in the browser build, where they are named exports.
type RRulePkg = typeof import('rrule');
const { RRule } = ((rrulePkg as unknown as { default?: RRulePkg }).default ?? rrulePkg) as RRulePkg;

const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;
type Repeat = 'none' | keyof typeof FREQ;

/** The wall-clock time of `instant` in `timeZone`, as a "floating" Date whose UTC fields hold it. */
export function wallClock(instant: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(
    Date.UTC(
      n('year'),
      n('month') - 1,
      n('day'),
      n('hour'),
      n('minute'),
      n('second'),
      instant.getUTCMilliseconds(),
    ),
  );
}

/** The instant at which `timeZone`'s clocks show the floating `wall` (the later one in a gap). */
export function fromWallClock(wall: Date, timeZone: string): Date {
  const offsetAt = (t: number) => wallClock(new Date(t), timeZone).getTime() - t;
  let t = wall.getTime() - offsetAt(wall.getTime());
  const second = offsetAt(t);
  if (wall.getTime() - second !== t) t = wall.getTime() - second;
  return new Date(t);
}

/**
 * The RRULE of an event (RFC 5545, DTSTART with TZID): its clock time repeats in its time zone
 * until the end of `until` there. '' for an event that does not repeat.
 */
export function eventRule(o: { repeat: Repeat; startAt: string; repeatUntil: string; timeZone: string }) {
  if (o.repeat === 'none' || !o.repeatUntil) return '';
  const rule = new RRule({
    freq: FREQ[o.repeat],
    dtstart: wallClock(new Date(o.startAt), o.timeZone),
    until: new Date(`${o.repeatUntil}T23:59:59Z`),
    tzid: o.timeZone,
  });
  return rule.toString();
}

/**
 * The occurrences of an event (start and end instants), from its stored RRULE: the rule is
 * expanded on the floating wall clock, and each occurrence placed in the event's time zone, so a
 * 09:00 event stays at 09:00 local time across a DST change. At most MAX_OCCURRENCES.
 */
export function occurrences(
  e: { startAt: string; endAt: string; rrule: string; timeZone: string },
  window?: { from: Date; to: Date },
): { startAt: string; endAt: string }[] {
  const start = new Date(e.startAt);
  const length = new Date(e.endAt).getTime() - start.getTime();
  const one = (s: Date) => ({
    startAt: s.toISOString(),
    endAt: new Date(s.getTime() + length).toISOString(),
  });
  const inWindow = (s: Date) =>
    !window || (s.getTime() + length > window.from.getTime() && s.getTime() < window.to.getTime());
  if (!e.rrule) return inWindow(start) ? [one(start)] : [];
  const parsed = RRule.fromString(e.rrule);
  const floating = new RRule({ ...parsed.origOptions, tzid: null });
  const out: { startAt: string; endAt: string }[] = [];
  floating.all((wall, i) => {
    if (i >= MAX_OCCURRENCES) return false;
    const s = fromWallClock(wall, e.timeZone);
    if (inWindow(s)) out.push(one(s));
    return true;
  });
  return out;
}
