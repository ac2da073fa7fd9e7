// Times in the reader's time zone (UTC in a title on hover) and bandwidths with units.

const localFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit',
});
const shortFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const hourFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** The reader's time zone name, as the browser knows it. */
export const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';

export function toDate(value) {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Fri 27 Nov, 18:00:00" in the reader's zone. */
export function localTime(value) {
  const d = toDate(value);
  return d ? localFormat.format(d) : '—';
}

export function shortTime(value) {
  const d = toDate(value);
  return d ? shortFormat.format(d) : '—';
}

export const hourOf = (d) => hourFormat.format(d);
export const dayOf = (d) => dayFormat.format(d);

/** "2026-11-27 17:00:00 UTC", for the title attribute. */
export function utcTime(value) {
  const d = toDate(value);
  return d ? d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC').replace(/Z$/, ' UTC') : '';
}

/** 500 -> "500 Mbit/s", 2500 -> "2.5 Gbit/s", 10000 -> "10 Gbit/s". */
export function bandwidth(mbps) {
  if (mbps === null || mbps === undefined || Number.isNaN(Number(mbps))) return '—';
  const n = Number(mbps);
  if (Math.abs(n) >= 1000) {
    return trim(n / 1000) + ' Gbit/s';
  }
  return trim(n) + ' Mbit/s';
}

function trim(n) {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, '');
}

/** 90 -> "1 min 30 s", 7200 -> "2 h". */
export function duration(seconds) {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  let s = Math.round(seconds);
  const parts = [];
  const days = Math.floor(s / 86400); s -= days * 86400;
  const hours = Math.floor(s / 3600); s -= hours * 3600;
  const minutes = Math.floor(s / 60); s -= minutes * 60;
  if (days) parts.push(days + ' d');
  if (hours) parts.push(hours + ' h');
  if (minutes) parts.push(minutes + ' min');
  if (s || !parts.length) parts.push(s + ' s');
  return parts.join(' ');
}

/** A Date as the value of an <input type="datetime-local"> (local time, to the second). */
export function toLocalInput(value) {
  const d = toDate(value);
  if (!d) return '';
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** An <input type="datetime-local"> value (local time) as an ISO UTC instant, or null. */
export function fromLocalInput(value) {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.000Z$/, 'Z');
}

export const STATE_LABELS = {
  REQUESTED: 'Requested',
  HELD: 'Held',
  PENDING_APPROVAL: 'Waiting for approval',
  RESERVED: 'Reserved',
  ACTIVATING: 'Activating',
  ACTIVE: 'Active',
  RELEASING: 'Releasing',
  FINISHED: 'Finished',
  REJECTED: 'Rejected',
  ABORTED: 'Aborted',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

export const STATES = Object.keys(STATE_LABELS);

/** States in which a reservation still holds or uses the network, and can be cancelled or changed. */
export const LIVE_STATES = ['HELD', 'PENDING_APPROVAL', 'RESERVED', 'ACTIVATING', 'ACTIVE'];
export const MODIFIABLE_STATES = ['HELD', 'PENDING_APPROVAL', 'RESERVED', 'ACTIVE'];
