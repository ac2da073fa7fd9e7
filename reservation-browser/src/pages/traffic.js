// A reservation's traffic: the rates its circuit carried end to end (in and out, bit/s) over
// time as an SVG graph, the booked rate as a dashed line, with the same numbers in a table for
// screen readers and keyboards, and the traffic flags (IDLE, ERRORS) the BAR raised on it.
// Loaded once the circuit has been up, and again every 30 s while it is ACTIVE or when a live
// update changes the reservation. docs/bar-services.md, "Utilisation", says what the numbers are.

import { useEffect, useRef } from 'preact/hooks';
import { get, reservationPath } from '../lib/api.js';
import { html, ErrorBox, Loading, Time, useLoad } from '../lib/ui.js';
import { shortTime } from '../lib/format.js';

/** How often the graph is fetched again while the circuit is up (the NSAPs poll every 30 s). */
export const TRAFFIC_REFRESH_MS = 30_000;
/** The states in which a circuit has carried, or carries, traffic. */
const MEASURED_STATES = ['ACTIVE', 'RELEASING', 'FINISHED', 'CANCELLED', 'FAILED'];

export const FLAG_LABELS = {
  IDLE: 'Idle: carried nothing in its first 10 minutes',
  ERRORS: 'Errors: packets dropped or with errors',
};

/** The traffic flags of a reservation as badges; nothing when it has none. */
export function FlagBadges({ flags }) {
  if (!flags || !flags.length) return null;
  return html`<span class="flags">${flags.map((f) => html`<span key=${f} class=${'badge flag flag-' + f} title=${FLAG_LABELS[f] || f}>${f === 'IDLE' ? 'Idle' : f === 'ERRORS' ? 'Errors' : f}</span>`)}</span>`;
}

/** Bit/s in words: 1.2 Gbit/s, 350 Mbit/s, 12 kbit/s. */
export function rate(bps) {
  const units = [[1e9, 'Gbit/s'], [1e6, 'Mbit/s'], [1e3, 'kbit/s']];
  for (const [size, unit] of units) {
    if (bps >= size) return `${(bps / size).toFixed(bps >= 10 * size ? 0 : 1)} ${unit}`;
  }
  return `${Math.round(bps)} bit/s`;
}

/** The samples to draw: end to end, or the first measured segment's when there is none end to end. */
function series(u) {
  if (u.endToEnd && u.endToEnd.length) return { samples: u.endToEnd, what: 'end to end' };
  const s = (u.segments || []).find((x) => x.measured && x.samples && x.samples.length);
  return s ? { samples: s.samples, what: `${s.role.toLowerCase().replace('_', ' ')} segment` } : { samples: [], what: '' };
}

export function TrafficGraph({ reservation }) {
  const r = reservation;
  const shown = MEASURED_STATES.includes(r.state);
  // A live update of the reservation (its state, a new end) fetches the traffic again.
  const load = useLoad(() => (shown ? get(reservationPath(r.requestId) + '/utilisation') : Promise.resolve(null)),
    [r.requestId, shown, r.state, r.updatedAt]);
  const reload = useRef(load.reload);
  reload.current = load.reload;
  useEffect(() => {
    if (r.state !== 'ACTIVE') return undefined;
    const timer = setInterval(() => reload.current(true), TRAFFIC_REFRESH_MS);
    return () => clearInterval(timer);
  }, [r.state, r.requestId]);

  if (!shown) {
    return html`<p class="empty">The traffic is measured once the circuit is up.</p>`;
  }
  if (load.error && !load.data) return html`<${ErrorBox} error=${load.error} title="The traffic could not be loaded" />`;
  if (!load.data) return html`<${Loading} what="Loading the traffic" />`;
  const u = load.data;
  const { samples, what } = series(u);
  const unmeasured = (u.segments || []).filter((s) => !s.measured);
  return html`
    ${u.flags && u.flags.length ? html`<p class="notice traffic-flags"><${FlagBadges} flags=${u.flags} /> ${u.flags.map((f) => FLAG_LABELS[f] || f).join('; ')}.</p>` : null}
    ${samples.length ? html`<${Chart} samples=${samples} booked=${u.bookedBitsPerSecond} from=${r.start} to=${r.end} what=${what} />
      <details class="traffic-table"><summary>The rates as a table (${samples.length} samples, ${what})</summary>
        <div class="scroll-x" tabindex="0" role="region" aria-label="Traffic samples"><table class="list plain">
          <caption class="visually-hidden">Rates carried ${what}, oldest first; booked ${rate(u.bookedBitsPerSecond)}</caption>
          <thead><tr><th scope="col">From</th><th scope="col">In</th><th scope="col">Out</th><th scope="col">Errors/s</th><th scope="col">Discards/s</th></tr></thead>
          <tbody>${samples.map((s) => html`<tr key=${s.start}>
            <td data-label="From"><${Time} at=${s.start} /></td><td data-label="In">${rate(s.inBitsPerSecond)}</td>
            <td data-label="Out">${rate(s.outBitsPerSecond)}</td><td data-label="Errors/s">${s.errorsPerSecond.toFixed(1)}</td>
            <td data-label="Discards/s">${s.discardsPerSecond.toFixed(1)}</td></tr>`)}</tbody>
        </table></div>
      </details>`
    : html`<p class="empty">No traffic measured yet${r.state === 'ACTIVE' ? ': the first rates come within a minute of activation' : ''}.</p>`}
    ${unmeasured.length ? html`<p class="muted small">Not measured: ${unmeasured.map((s) => `${s.role.toLowerCase().replace('_', ' ')} (${s.notMeasured})`).join('; ')}.</p>` : null}`;
}

const W = 640;
const H = 220;
const PAD = { left: 84, right: 12, top: 12, bottom: 28 };

/** The SVG chart: in and out over the reservation's interval, the booked rate dashed. */
function Chart({ samples, booked, from, to, what }) {
  const t0 = Date.parse(from);
  const last = Date.parse(samples[samples.length - 1].end);
  const t1 = Math.max(t0 + 60_000, Math.min(Date.parse(to), Math.max(last, Date.now())));
  const top = Math.max(booked * 1.1, ...samples.map((s) => Math.max(s.inBitsPerSecond, s.outBitsPerSecond))) || 1;
  const x = (t) => PAD.left + ((t - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const line = (key) => samples.map((s) => `${x((Date.parse(s.start) + Date.parse(s.end)) / 2).toFixed(1)},${y(s[key]).toFixed(1)}`).join(' ');
  const maxIn = Math.max(...samples.map((s) => s.inBitsPerSecond));
  const maxOut = Math.max(...samples.map((s) => s.outBitsPerSecond));
  const description = `Traffic ${what}: ${samples.length} samples from ${shortTime(samples[0].start)} to ${shortTime(samples[samples.length - 1].end)}; `
    + `at most ${rate(maxIn)} in and ${rate(maxOut)} out, booked ${rate(booked)}; latest ${rate(samples[samples.length - 1].inBitsPerSecond)} in, `
    + `${rate(samples[samples.length - 1].outBitsPerSecond)} out.`;
  return html`<figure class="traffic">
    <svg class="traffic-graph" viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${description} data-samples=${samples.length}>
      <line class="axis" x1=${PAD.left} y1=${H - PAD.bottom} x2=${W - PAD.right} y2=${H - PAD.bottom} />
      <line class="axis" x1=${PAD.left} y1=${PAD.top} x2=${PAD.left} y2=${H - PAD.bottom} />
      <text class="axis-label" x=${PAD.left - 6} y=${y(top) + 4} text-anchor="end">${rate(top)}</text>
      <text class="axis-label" x=${PAD.left - 6} y=${H - PAD.bottom} text-anchor="end">0</text>
      <text class="axis-label" x=${PAD.left} y=${H - 8}>${shortTime(new Date(t0).toISOString())}</text>
      <text class="axis-label" x=${W - PAD.right} y=${H - 8} text-anchor="end">${shortTime(new Date(t1).toISOString())}</text>
      <line class="booked" x1=${PAD.left} y1=${y(booked)} x2=${W - PAD.right} y2=${y(booked)} />
      <text class="axis-label booked-label" x=${W - PAD.right} y=${y(booked) - 4} text-anchor="end">booked ${rate(booked)}</text>
      <polyline class="rate-in" points=${line('inBitsPerSecond')} />
      <polyline class="rate-out" points=${line('outBitsPerSecond')} />
    </svg>
    <figcaption class="legend small"><span class="key key-in"></span> in <span class="key key-out"></span> out <span class="key key-booked"></span> booked rate — ${what}</figcaption>
  </figure>`;
}
