const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** An age as a person says it: the largest whole unit (under a minute is "less than a minute"). */
export function formatAge(ms: number): string {
  if (ms >= DAY) return plural(Math.floor(ms / DAY), 'day');
  if (ms >= HOUR) return plural(Math.floor(ms / HOUR), 'hour');
  if (ms >= MINUTE) return plural(Math.floor(ms / MINUTE), 'minute');
  return 'less than a minute';
}

/** `2026-11-25 02:14 UTC`: unambiguous for staff in any time zone. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
