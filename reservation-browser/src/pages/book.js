// Book: endpoints by site (searchable), a bandwidth, and a fixed time, a window and a duration, or
// a volume and a deadline; the availability timeline beside the form. A refusal shows the BAR's
// reason and the next free slots, each booked with one click.

import { useEffect, useMemo, useState } from 'preact/hooks';
import { get, post, reservationPath } from '../lib/api.js';
import { html, ErrorBox, Time, announce, navigate, usePageTitle, fieldLabel } from '../lib/ui.js';
import { bandwidth, duration as fmtDuration, fromLocalInput, toLocalInput, timeZone } from '../lib/format.js';
import { Timeline, fetchStarts, startIn } from './timeline.js';

const BW_UNITS = { 'Mbit/s': 1, 'Gbit/s': 1000 };
const DURATION_UNITS = { seconds: 1, minutes: 60, hours: 3600 };
const VOLUME_UNITS = { MB: 1, GB: 1000, TB: 1000000 };

/** The form's fields, by the name the API gives them (for errors that name a field). */
const FIELD_IDS = {
  source: 'book-source',
  destination: 'book-destination',
  bandwidthMbps: 'book-bandwidth',
  start: 'book-start',
  end: 'book-end',
  windowStart: 'book-window-start',
  windowEnd: 'book-window-end',
  durationSeconds: 'book-duration',
  volumeMegabytes: 'book-volume',
  earliestStart: 'book-earliest',
  deadline: 'book-deadline',
  description: 'book-description',
};

const roundUp = (ms, step) => Math.ceil(ms / step) * step;

/**
 * A new request id: the account, the time and a random tail. The client names its requests, so a
 * booking sent twice (a double click, a retry after a lost answer) is one booking.
 */
function newRequestId(account) {
  const safe = (account || 'web').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 24) || 'web';
  const random = Math.random().toString(36).slice(2, 6);
  return `${safe}-${Date.now().toString(36)}-${random}`;
}

function initialForm() {
  const start = new Date(roundUp(Date.now() + 10 * 60000, 5 * 60000));
  const end = new Date(start.getTime() + 3600000);
  return {
    source: '',
    destination: '',
    bw: '500',
    bwUnit: 'Mbit/s',
    kind: 'fixed',
    start: toLocalInput(start),
    end: toLocalInput(end),
    windowStart: toLocalInput(start),
    windowEnd: toLocalInput(new Date(start.getTime() + 86400000)),
    dur: '60',
    durUnit: 'minutes',
    volume: '100',
    volumeUnit: 'GB',
    earliest: toLocalInput(start),
    deadline: toLocalInput(new Date(start.getTime() + 86400000)),
    description: '',
    holdOnly: false,
  };
}

/** The booking's length in seconds as the form states it, or null. */
function durationOf(form, mbps) {
  if (form.kind === 'fixed') {
    const s = Date.parse(form.start);
    const e = Date.parse(form.end);
    return Number.isFinite(s) && Number.isFinite(e) && e > s ? (e - s) / 1000 : null;
  }
  if (form.kind === 'window') {
    const d = Number(form.dur) * DURATION_UNITS[form.durUnit];
    return d > 0 ? d : null;
  }
  const megabytes = Number(form.volume) * VOLUME_UNITS[form.volumeUnit];
  return megabytes > 0 && mbps > 0 ? Math.ceil((megabytes * 8) / mbps) : null;
}

function timingOf(form) {
  if (form.kind === 'fixed') {
    return { kind: 'fixed', start: fromLocalInput(form.start), end: fromLocalInput(form.end) };
  }
  if (form.kind === 'window') {
    return {
      kind: 'window',
      windowStart: fromLocalInput(form.windowStart),
      windowEnd: fromLocalInput(form.windowEnd),
      durationSeconds: Math.round(Number(form.dur) * DURATION_UNITS[form.durUnit]),
    };
  }
  return {
    kind: 'transfer',
    volumeMegabytes: Math.round(Number(form.volume) * VOLUME_UNITS[form.volumeUnit]),
    earliestStart: fromLocalInput(form.earliest),
    deadline: fromLocalInput(form.deadline),
  };
}

/** The first problem the form has before it is sent, as { field, reason }, or null. */
function checkForm(form, mbps) {
  if (!form.source) return { field: 'source', reason: 'choose the source end-host' };
  if (!form.destination) return { field: 'destination', reason: 'choose the destination end-host' };
  if (form.source === form.destination) return { field: 'destination', reason: 'must differ from the source' };
  if (!(mbps > 0)) return { field: 'bandwidthMbps', reason: 'must be a positive number' };
  const t = timingOf(form);
  const missing = Object.entries(t).find(([, v]) => v === null || (typeof v === 'number' && !(v > 0)));
  if (missing) return { field: missing[0], reason: 'must be filled in' };
  return null;
}

export function Book({ me, params }) {
  usePageTitle('Book a circuit');
  const [sites, setSites] = useState(null);
  const [sitesError, setSitesError] = useState(null);
  const [filter, setFilter] = useState('');
  const [form, setForm] = useState(initialForm);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [refused, setRefused] = useState(null); // { reservation?, error?, alternatives, alternativesError }
  const [cloneNote, setCloneNote] = useState('');

  const set = (name) => (event) => {
    const target = event.currentTarget;
    const value = target.type === 'checkbox' ? target.checked : target.value;
    setForm((f) => ({ ...f, [name]: value }));
  };

  useEffect(() => {
    get('/api/endpoints').then((answer) => {
      const all = answer.sites || [];
      setSites(all);
      // A first guess, so the timeline shows at once: a host of the reader's site to one elsewhere.
      if (!params.clone && !params.source) {
        const home = all.find((s) => s.site === me.site) || all[0];
        const away = all.find((s) => s !== home && (s.endpoints || []).length);
        const first = (s) => (s && s.endpoints && s.endpoints[0] ? s.endpoints[0].id : '');
        setForm((f) => (f.source || f.destination ? f : { ...f, source: first(home), destination: first(away) }));
      }
    }, setSitesError);
  }, []);

  // A clone (#/book?clone=ID) starts from an existing reservation: same pair, bandwidth,
  // description and length, at the same time when that is still ahead, otherwise soon.
  useEffect(() => {
    const id = params.clone;
    const fromParams = {};
    if (params.source) fromParams.source = params.source;
    if (params.destination) fromParams.destination = params.destination;
    if (params.bandwidthMbps) fromParams.bw = params.bandwidthMbps;
    if (Object.keys(fromParams).length) setForm((f) => ({ ...f, ...fromParams, bwUnit: 'Mbit/s' }));
    if (!id) return;
    get(reservationPath(id)).then((r) => {
      const length = Math.max(60000, Date.parse(r.end) - Date.parse(r.start));
      const start = Date.parse(r.start) > Date.now() + 60000 ? new Date(r.start) : new Date(roundUp(Date.now() + 5 * 60000, 60000));
      setForm((f) => ({
        ...f,
        source: r.source,
        destination: r.destination,
        bw: String(r.bandwidthMbps),
        bwUnit: 'Mbit/s',
        kind: 'fixed',
        start: toLocalInput(start),
        end: toLocalInput(new Date(start.getTime() + length)),
        description: r.description || '',
      }));
      setCloneNote(`A copy of reservation ${id}: check the time and book.`);
    }, setError);
  }, [params.clone, params.source, params.destination, params.bandwidthMbps]);

  const mbps = Number(form.bw) * BW_UNITS[form.bwUnit];
  const seconds = durationOf(form, mbps);

  const pickStart = (start) => {
    const length = (seconds || 3600) * 1000;
    setForm((f) => ({ ...f, kind: 'fixed', start: toLocalInput(start), end: toLocalInput(new Date(start.getTime() + length)) }));
    setRefused(null);
    announce('Start set to ' + start.toLocaleString() + '. Check the form and book.');
    const button = document.getElementById('book-submit');
    if (button) button.scrollIntoView({ block: 'nearest' });
  };

  const book = async (body) => {
    const answer = await post('/api/reservations', body);
    return answer;
  };

  /** After a refusal, the next free slots after the requested start, each a one-click booking. */
  const findAlternatives = async (body, length) => {
    const from = new Date(Math.max(Date.now(), Date.parse(body.timing.start || body.timing.windowStart || body.timing.earliestStart) || 0));
    const to = new Date(from.getTime() + 3 * 86400000);
    const answer = await fetchStarts(body.source, body.destination, body.bandwidthMbps, Math.round(length), from, to);
    return (answer.starts || []).slice(0, 5);
  };

  const handleRefusal = async (body, reservation, refusalError) => {
    const length = seconds || 3600;
    setRefused({ reservation, error: refusalError, alternatives: null, body, length });
    // Short: the refusal's alert below the form carries the BAR's whole reason.
    announce('The booking was refused; the next free slots follow the reason.');
    try {
      const alternatives = await findAlternatives(body, length);
      setRefused((r) => r && { ...r, alternatives });
    } catch (e) {
      setRefused((r) => r && { ...r, alternatives: [], alternativesError: e });
    }
  };

  const submit = async (event) => {
    event.preventDefault();
    setError(null);
    setRefused(null);
    const problem = checkForm(form, mbps);
    if (problem) {
      setError(problem);
      const input = document.getElementById(FIELD_IDS[problem.field]);
      if (input) input.focus();
      return;
    }
    const body = {
      requestId: newRequestId(me.account),
      source: form.source,
      destination: form.destination,
      bandwidthMbps: mbps,
      description: form.description,
      holdOnly: form.holdOnly,
      timing: timingOf(form),
    };
    setBusy(true);
    try {
      const r = await book(body);
      if (r.state === 'REJECTED') {
        await handleRefusal(body, r, null);
      } else {
        booked(r);
      }
    } catch (e) {
      if (e.status === 409 || e.code === 'CAPACITY' || e.code === 'NO_CAPACITY' || e.code === 'MAINTENANCE') {
        await handleRefusal(body, null, e);
      } else {
        setError(e);
        const input = e.field && document.getElementById(FIELD_IDS[e.field]);
        if (input) input.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const booked = (r) => {
    const what = r.state === 'PENDING_APPROVAL' ? 'waits for an operator\'s approval'
      : r.state === 'HELD' ? 'is held; commit it to keep it' : 'is booked';
    announce(`Reservation ${r.requestId} ${what}.`);
    navigate('/reservations/' + encodeURIComponent(r.requestId), { booked: '1' });
  };

  const bookAlternative = async (band) => {
    const { body, length } = refused;
    const start = startIn(band);
    const alternative = {
      ...body,
      requestId: newRequestId(me.account),
      timing: { kind: 'fixed', start: start.toISOString(), end: new Date(start.getTime() + length * 1000).toISOString() },
    };
    setBusy(true);
    try {
      const r = await book(alternative);
      if (r.state === 'REJECTED') {
        await handleRefusal(alternative, r, null);
      } else {
        booked(r);
      }
    } catch (e) {
      setRefused((old) => old && { ...old, alternativeError: e });
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field) => (error && error.field === field ? 'true' : undefined);
  const describedBy = (field) => (error && error.field === field ? 'book-error' : undefined);

  const endpointOptions = useMemo(() => {
    if (!sites) return null;
    const needle = filter.trim().toLowerCase();
    return sites.map((site) => ({
      site: site.site,
      endpoints: (site.endpoints || []).filter((e) => !needle || e.id.toLowerCase().includes(needle) || (e.host || '').toLowerCase().includes(needle) || site.site.toLowerCase().includes(needle)),
    })).filter((s) => s.endpoints.length);
  }, [sites, filter]);

  const endpointSelect = (id, name, label) => html`<div class="field">
    <label for=${id}>${label}</label>
    <select id=${id} name=${name} value=${form[name]} onChange=${set(name)} required
      aria-invalid=${invalid(name)} aria-describedby=${describedBy(name)}>
      <option value="">Choose an end-host…</option>
      ${form[name] && endpointOptions && !endpointOptions.some((s) => s.endpoints.some((e) => e.id === form[name]))
        ? html`<option value=${form[name]}>${form[name]}</option>` : null}
      ${(endpointOptions || []).map((s) => html`<optgroup label=${s.site}>
        ${s.endpoints.map((e) => html`<option value=${e.id}>${e.host || e.id} (${s.site})</option>`)}
      </optgroup>`)}
    </select>
  </div>`;

  const dateField = (id, name, label) => html`<div class="field">
    <label for=${id}>${label}</label>
    <input id=${id} type="datetime-local" step="1" value=${form[name]} onInput=${set(name)} required
      aria-invalid=${invalid(name === 'earliest' ? 'earliestStart' : name)} aria-describedby=${describedBy(name)} />
  </div>`;

  return html`<h1>Book a circuit</h1>
  <p class="muted">Times are in your time zone, ${timeZone}. Hover over a time to see it in UTC.</p>
  ${cloneNote ? html`<p class="notice">${cloneNote}</p>` : null}
  <div class="book-layout">
    <form class="book-form" onSubmit=${submit} novalidate aria-labelledby="book-form-title">
      <h2 id="book-form-title" class="visually-hidden">Booking</h2>
      <fieldset>
        <legend>End-hosts</legend>
        ${sitesError ? html`<${ErrorBox} error=${sitesError} title="The end-hosts could not be loaded" />` : null}
        <div class="field">
          <label for="book-filter">Search end-hosts</label>
          <input id="book-filter" type="search" placeholder="site or host name" value=${filter}
            onInput=${(e) => setFilter(e.currentTarget.value)} aria-describedby="book-filter-hint" />
          <span id="book-filter-hint" class="hint">${sites ? `Narrows both lists below` : 'Loading the end-hosts…'}</span>
        </div>
        <div class="pair">
          ${endpointSelect('book-source', 'source', 'Source')}
          <button type="button" class="swap" aria-label="Swap source and destination"
            onClick=${() => setForm((f) => ({ ...f, source: f.destination, destination: f.source }))}>⇄</button>
          ${endpointSelect('book-destination', 'destination', 'Destination')}
        </div>
      </fieldset>
      <fieldset>
        <legend>Bandwidth</legend>
        <div class="row">
          <div class="field">
            <label for="book-bandwidth">Bandwidth</label>
            <input id="book-bandwidth" type="number" min="1" step="any" inputmode="decimal" value=${form.bw} onInput=${set('bw')} required
              aria-invalid=${invalid('bandwidthMbps')} aria-describedby=${describedBy('bandwidthMbps')} />
          </div>
          <div class="field">
            <label for="book-bandwidth-unit">Unit</label>
            <select id="book-bandwidth-unit" value=${form.bwUnit} onChange=${set('bwUnit')}>
              ${Object.keys(BW_UNITS).map((u) => html`<option value=${u}>${u}</option>`)}
            </select>
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>When</legend>
        <div class="choices" role="radiogroup" aria-label="Kind of timing">
          ${[['fixed', 'A fixed time'], ['window', 'A window and a duration'], ['transfer', 'A volume and a deadline']].map(([kind, label]) => html`
            <label class="choice"><input type="radio" name="kind" value=${kind} checked=${form.kind === kind} onChange=${set('kind')} /> ${label}</label>`)}
        </div>
        ${form.kind === 'fixed' ? html`<div class="row dates">
          ${dateField('book-start', 'start', 'Start')}
          ${dateField('book-end', 'end', 'End')}
        </div>` : null}
        ${form.kind === 'window' ? html`<div class="row dates">
          ${dateField('book-window-start', 'windowStart', 'Window start')}
          ${dateField('book-window-end', 'windowEnd', 'Window end')}
        </div>
        <div class="row">
          <div class="field">
            <label for="book-duration">Duration</label>
            <input id="book-duration" type="number" min="1" step="any" value=${form.dur} onInput=${set('dur')} required
              aria-invalid=${invalid('durationSeconds')} aria-describedby=${describedBy('durationSeconds')} />
          </div>
          <div class="field">
            <label for="book-duration-unit">Duration unit</label>
            <select id="book-duration-unit" value=${form.durUnit} onChange=${set('durUnit')}>
              ${Object.keys(DURATION_UNITS).map((u) => html`<option value=${u}>${u}</option>`)}
            </select>
          </div>
        </div>` : null}
        ${form.kind === 'transfer' ? html`<div class="row">
          <div class="field">
            <label for="book-volume">Volume</label>
            <input id="book-volume" type="number" min="1" step="any" value=${form.volume} onInput=${set('volume')} required
              aria-invalid=${invalid('volumeMegabytes')} aria-describedby=${describedBy('volumeMegabytes')} />
          </div>
          <div class="field">
            <label for="book-volume-unit">Volume unit</label>
            <select id="book-volume-unit" value=${form.volumeUnit} onChange=${set('volumeUnit')}>
              ${Object.keys(VOLUME_UNITS).map((u) => html`<option value=${u}>${u}</option>`)}
            </select>
          </div>
        </div>
        <div class="row dates">
          ${dateField('book-earliest', 'earliest', 'Earliest start')}
          ${dateField('book-deadline', 'deadline', 'Deadline')}
        </div>` : null}
        <p class="hint" aria-live="polite">${seconds ? `The circuit is needed for ${fmtDuration(seconds)} at ${bandwidth(mbps)}.` : 'Give the times to see how long the circuit is needed.'}</p>
      </fieldset>
      <div class="field">
        <label for="book-description">Description <span class="muted">(optional)</span></label>
        <input id="book-description" value=${form.description} onInput=${set('description')} maxlength="200" />
      </div>
      <label class="choice"><input type="checkbox" checked=${form.holdOnly} onChange=${set('holdOnly')} /> Hold only: keep the resources for a while, commit later</label>
      ${error ? html`<div id="book-error"><${ErrorBox} error=${error} title="Not booked" /></div>` : null}
      <div class="actions">
        <button id="book-submit" type="submit" class="primary" disabled=${busy}>${busy ? 'Booking…' : 'Book'}</button>
      </div>
      ${refused ? html`<${Refusal} refused=${refused} busy=${busy} onBook=${bookAlternative} />` : null}
    </form>
    <${Timeline} source=${form.source} destination=${form.destination} bandwidthMbps=${mbps > 0 ? mbps : 0}
      durationSeconds=${seconds || 0} onPick=${pickStart} />
  </div>`;
}

function Refusal({ refused, busy, onBook }) {
  const reason = refused.reservation ? refused.reservation.reason : refused.error.reason;
  const code = refused.reservation ? refused.reservation.refusalCode : refused.error.code;
  const field = refused.error && refused.error.field;
  return html`<section class="refusal" aria-labelledby="refusal-title">
    <h2 id="refusal-title">Refused</h2>
    <p role="alert"><strong>The BAR refused this booking:</strong> ${field && !(reason || '').startsWith(field) ? fieldLabel(field) + ': ' : ''}${reason || 'no reason given'}${code ? html` <span class="code">(${code})</span>` : null}</p>
    ${refused.alternatives === null ? html`<p class="loading" aria-busy="true">Looking for the next free slots…</p>` : null}
    ${refused.alternativesError ? html`<${ErrorBox} error=${refused.alternativesError} title="No alternatives known" />` : null}
    ${refused.alternatives && refused.alternatives.length ? html`<h3>The next free slots</h3>
      <ul class="start-list">${refused.alternatives.map((band) => {
        const start = startIn(band);
        const end = new Date(start.getTime() + refused.length * 1000);
        return html`<li><button type="button" disabled=${busy} onClick=${() => onBook(band)}>Book from <${Time} at=${start} /> to <${Time} at=${end} /></button></li>`;
      })}</ul>` : null}
    ${refused.alternatives && !refused.alternatives.length && !refused.alternativesError
      ? html`<p class="empty">No free slot in the next 3 days for this pair and bandwidth. Try a lower bandwidth or other end-hosts.</p>` : null}
    ${refused.alternativeError ? html`<${ErrorBox} error=${refused.alternativeError} title="Not booked" />` : null}
  </section>`;
}
