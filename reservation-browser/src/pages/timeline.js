// The availability timeline beside the booking form: for the chosen pair and bandwidth, the free
// start times over the coming days as bands (GET /api/availability) and the widest free bandwidth
// as a line (GET /api/availability/profile). Clicking a band, or its button in the list under the
// drawing, fills the form with a start in it.

import { useEffect, useState } from 'preact/hooks';
import { get, query } from '../lib/api.js';
import { html, ErrorBox, Time } from '../lib/ui.js';
import { bandwidth, dayOf, hourOf, localTime, duration as fmtDuration } from '../lib/format.js';

const W = 720;
const L = 56;
const R = 12;
const BAND_TOP = 30;
const BAND_H = 26;
const CHART_TOP = 84;
const CHART_BOTTOM = 196;
const H = 222;

/** A start inside the band not earlier than a little after now, so the booking is not already late. */
export function startIn(band, at) {
  const earliest = new Date(band.earliest).getTime();
  const latest = new Date(band.latest).getTime();
  const soonest = Date.now() + 20000;
  let t = Math.max(earliest, at ?? earliest, soonest);
  t = Math.ceil(t / 1000) * 1000;
  return new Date(Math.min(t, latest));
}

/** Free start bands from the BAR for the pair, bandwidth and duration over [from, to). */
export function fetchStarts(source, destination, bandwidthMbps, durationSeconds, from, to) {
  return get('/api/availability' + query({
    source, destination, bandwidthMbps, durationSeconds,
    windowStart: from.toISOString(), windowEnd: to.toISOString(),
  }));
}

function ticks(from, to, days) {
  const stepHours = days <= 1 ? 3 : days <= 3 ? 12 : 24;
  const first = new Date(from);
  first.setMinutes(0, 0, 0);
  first.setHours(Math.ceil((first.getHours() + 0.0001) / stepHours) * stepHours);
  const out = [];
  for (let t = first; t < to; t = new Date(t.getTime() + stepHours * 3600000)) {
    out.push(t);
  }
  return out;
}

export function Timeline({ source, destination, bandwidthMbps, durationSeconds, onPick }) {
  const [days, setDays] = useState(3);
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  const [loading, setLoading] = useState(false);
  const ready = source && destination && source !== destination && bandwidthMbps > 0 && durationSeconds > 0;

  useEffect(() => {
    if (!ready) {
      setData(null);
      setError(null);
      return undefined;
    }
    let cancelled = false;
    // Waits for the reader to stop typing before asking the BAR.
    const timer = setTimeout(async () => {
      setLoading(true);
      // A little ahead of now: the BAR refuses a window that starts in the past.
      const from = new Date(Math.ceil((Date.now() + 30000) / 1000) * 1000);
      const to = new Date(from.getTime() + days * 86400000);
      const stepSeconds = days <= 1 ? 900 : days <= 3 ? 3600 : 3 * 3600;
      try {
        const [starts, profile] = await Promise.all([
          fetchStarts(source, destination, bandwidthMbps, Math.round(durationSeconds), from, to),
          get('/api/availability/profile' + query({ source, destination, from: from.toISOString(), to: to.toISOString(), stepSeconds })),
        ]);
        if (!cancelled) {
          setData({ from, to, starts: starts.starts || [], maxBandwidthMbps: starts.maxBandwidthMbps, points: profile.points || [] });
          setError(null);
        }
      } catch (e) {
        if (!cancelled) setError(e);
      } finally {
        if (!cancelled) setLoading(false);
      }
    }, 350);
    return () => { cancelled = true; clearTimeout(timer); };
  }, [source, destination, bandwidthMbps, durationSeconds, days, ready]);

  const pickBand = (band, at) => onPick(startIn(band, at));

  let body;
  if (!ready) {
    body = html`<p class="empty">Choose a source, a destination, a bandwidth and a duration to see when the circuit is free.</p>`;
  } else if (error) {
    body = html`<${ErrorBox} error=${error} title="Availability not known" />`;
  } else if (!data) {
    body = html`<p class="loading" aria-busy="true">Asking the BAR when the circuit is free…</p>`;
  } else {
    body = html`<${Drawing} data=${data} days=${days} bandwidthMbps=${bandwidthMbps} onPickBand=${pickBand} />
      <${StartList} data=${data} durationSeconds=${durationSeconds} onPickBand=${pickBand} />`;
  }

  return html`<section class="timeline" aria-labelledby="timeline-title" aria-busy=${loading ? 'true' : 'false'}>
    <div class="timeline-head">
      <h2 id="timeline-title">Availability</h2>
      <div class="field inline">
        <label for="timeline-days">Show</label>
        <select id="timeline-days" value=${days} onChange=${(e) => setDays(Number(e.currentTarget.value))}>
          <option value="1">the next day</option>
          <option value="3">the next 3 days</option>
          <option value="7">the next 7 days</option>
        </select>
      </div>
    </div>
    ${body}
  </section>`;
}

function Drawing({ data, days, bandwidthMbps, onPickBand }) {
  const { from, to, starts, points } = data;
  const span = to.getTime() - from.getTime();
  const x = (t) => L + ((new Date(t).getTime() - from.getTime()) / span) * (W - L - R);
  const clampX = (t) => Math.max(L, Math.min(W - R, x(t)));
  const top = Math.max(bandwidthMbps || 0, ...points.map((p) => p.maxBandwidthMbps || 0), 1) * 1.12;
  const y = (b) => CHART_BOTTOM - (b / top) * (CHART_BOTTOM - CHART_TOP);

  let line = '';
  points.forEach((p, i) => {
    const x0 = clampX(p.at);
    const x1 = i + 1 < points.length ? clampX(points[i + 1].at) : W - R;
    const yy = y(p.maxBandwidthMbps || 0);
    line += (i === 0 ? `M${x0},${yy}` : `L${x0},${yy}`) + `L${x1},${yy}`;
  });

  const clickBand = (band) => (event) => {
    const svg = event.currentTarget.ownerSVGElement;
    const box = svg.getBoundingClientRect();
    const vx = ((event.clientX - box.left) / box.width) * W;
    const at = from.getTime() + ((vx - L) / (W - L - R)) * span;
    onPickBand(band, Math.round(at / 60000) * 60000);
  };
  const keyBand = (band) => (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPickBand(band);
    }
  };

  const widest = points.length ? Math.max(...points.map((p) => p.maxBandwidthMbps || 0)) : null;
  const narrowest = points.length ? Math.min(...points.map((p) => p.maxBandwidthMbps || 0)) : null;
  const summary = `${starts.length} free start period${starts.length === 1 ? '' : 's'} between ${localTime(from)} and ${localTime(to)}`
    + (widest !== null ? `; the widest free bandwidth goes from ${bandwidth(narrowest)} to ${bandwidth(widest)}.` : '.');

  return html`<div class="drawing">
    <svg viewBox=${`0 0 ${W} ${H}`} role="group" aria-labelledby="timeline-svg-title timeline-svg-desc" class="timeline-svg">
      <title id="timeline-svg-title">Availability timeline</title>
      <desc id="timeline-svg-desc">${summary}</desc>
      <text x=${L} y=${BAND_TOP - 8} class="svg-label">Free start times</text>
      <rect x=${L} y=${BAND_TOP} width=${W - L - R} height=${BAND_H} class="band-track" />
      ${starts.map((band) => {
        const x0 = clampX(band.earliest);
        const width = Math.max(4, clampX(band.latest) - x0);
        return html`<rect x=${x0} y=${BAND_TOP} width=${width} height=${BAND_H} class="band" tabindex="0" role="button"
          aria-label=${'Free start from ' + localTime(band.earliest) + ' to ' + localTime(band.latest)}
          onClick=${clickBand(band)} onKeyDown=${keyBand(band)}><title>Start any time from ${localTime(band.earliest)} to ${localTime(band.latest)}</title></rect>`;
      })}
      <text x=${L} y=${CHART_TOP - 8} class="svg-label">Widest free bandwidth</text>
      <line x1=${L} x2=${W - R} y1=${CHART_BOTTOM} y2=${CHART_BOTTOM} class="axis" />
      <line x1=${L} x2=${L} y1=${CHART_TOP} y2=${CHART_BOTTOM} class="axis" />
      <text x=${L - 6} y=${y(top / 1.12) + 4} class="svg-small" text-anchor="end">${bandwidth(Math.round(top / 1.12))}</text>
      <text x=${L - 6} y=${CHART_BOTTOM} class="svg-small" text-anchor="end">0</text>
      ${bandwidthMbps > 0 ? html`<line x1=${L} x2=${W - R} y1=${y(bandwidthMbps)} y2=${y(bandwidthMbps)} class="wanted" />
        <text x=${W - R} y=${y(bandwidthMbps) - 4} class="svg-small" text-anchor="end">${'wanted ' + bandwidth(bandwidthMbps)}</text>` : null}
      ${line ? html`<path d=${line} class="profile" />` : null}
      ${ticks(from, to, days).map((t) => html`<g>
        <line x1=${x(t)} x2=${x(t)} y1=${BAND_TOP} y2=${CHART_BOTTOM + 4} class="tick" />
        <text x=${x(t)} y=${H - 6} class="svg-small" text-anchor="middle">${t.getHours() === 0 ? dayOf(t) : hourOf(t)}</text>
      </g>`)}
    </svg>
  </div>`;
}

function StartList({ data, durationSeconds, onPickBand }) {
  if (!data.starts.length) {
    return html`<p class="empty">No free start time in this period for this bandwidth and duration. Try a lower bandwidth, a shorter duration or a longer period.</p>`;
  }
  return html`<div class="starts">
    <h3>Free start times <span class="muted">(for ${fmtDuration(durationSeconds)})</span></h3>
    <ul class="start-list">
      ${data.starts.slice(0, 8).map((band) => html`<li>
        <button type="button" onClick=${() => onPickBand(band)}>Use start <${Time} at=${startIn(band)} /></button>
        <span class="muted"> free to start until <${Time} at=${band.latest} /></span>
      </li>`)}
    </ul>
  </div>`;
}
