// One reservation: its facts and state (live), the history as a timeline, the path through the
// network, and what can be done with it: cancel, modify the end or the bandwidth (also while it is
// active), commit a held one, clone it into a new booking, download it for a calendar. Operators
// also see the router commands sent for it and their answers, and can approve or reject it.

import { useState } from 'preact/hooks';
import { get, post, patch, reservationPath } from '../lib/api.js';
import { useReservationChanges } from '../lib/live.js';
import { html, ErrorBox, Loading, StateBadge, Time, Bandwidth, useLoad, useAction, usePageTitle, announce, href } from '../lib/ui.js';
import { LIVE_STATES, MODIFIABLE_STATES, STATE_LABELS, duration, fromLocalInput, toLocalInput } from '../lib/format.js';
import { PathView } from './pathview.js';
import { TrafficGraph, FlagBadges } from './traffic.js';

const isOperator = (me) => me.role === 'OPERATOR' || me.role === 'ADMIN';

export function ReservationDetail({ id, me }) {
  usePageTitle('Reservation ' + id);
  const reservation = useLoad(() => get(reservationPath(id)), [id]);
  const history = useLoad(() => get(reservationPath(id) + '/history'), [id]);

  useReservationChanges((r) => {
    if (r && r.requestId === id) {
      const before = reservation.data && reservation.data.state;
      const known = (reservation.data && reservation.data.flags) || [];
      reservation.setData({ ...r, flags: [...new Set([...known, ...(r.flags || [])])] });
      if (before && before !== r.state) announce(`Reservation ${id} is now ${STATE_LABELS[r.state] || r.state}.`);
      history.reload(true);
    } else if (!r) {
      reservation.reload(true);
      history.reload(true);
    }
  });

  if (reservation.error && !reservation.data) {
    return html`<h1>Reservation ${id}</h1>
      <${ErrorBox} error=${reservation.error} title="The reservation could not be loaded" />
      <p><a href="#/reservations">Back to your reservations</a></p>`;
  }
  if (!reservation.data) {
    return html`<h1>Reservation ${id}</h1><${Loading} what="Loading the reservation" />`;
  }
  const r = reservation.data;
  const changed = (next) => {
    reservation.setData(next);
    history.reload(true);
  };

  return html`<div class="detail">
    <div class="detail-head">
      <h1>Reservation ${r.requestId}</h1>
      <div class="state-now" role="status" aria-label="Reservation state"><span class="visually-hidden">State: </span><${StateBadge} state=${r.state} /> <${FlagBadges} flags=${r.flags} /></div>
    </div>
    ${r.reason && ['REJECTED', 'FAILED', 'ABORTED', 'CANCELLED', 'PENDING_APPROVAL'].includes(r.state)
      ? html`<p class=${r.state === 'CANCELLED' || r.state === 'PENDING_APPROVAL' ? 'notice' : 'error'}>
        <strong>Reason:</strong> ${r.reason}${r.refusalCode ? html` <span class="code">(${r.refusalCode})</span>` : null}</p>` : null}
    <div class="detail-grid">
      <section aria-labelledby="facts-title">
        <h2 id="facts-title">Booking</h2>
        <dl class="facts">
          <dt>From</dt><dd>${r.source}</dd>
          <dt>To</dt><dd>${r.destination}</dd>
          <dt>Bandwidth</dt><dd><${Bandwidth} mbps=${r.bandwidthMbps} /></dd>
          <dt>Start</dt><dd><${Time} at=${r.start} /></dd>
          <dt>End</dt><dd><${Time} at=${r.end} /></dd>
          <dt>Length</dt><dd>${duration((Date.parse(r.end) - Date.parse(r.start)) / 1000)}</dd>
          ${r.description ? html`<dt>Description</dt><dd>${r.description}</dd>` : null}
          <dt>Owner</dt><dd>${r.owner}${r.group ? ` (group ${r.group})` : ''}</dd>
          ${r.holdOnly ? html`<dt>Hold only</dt><dd>yes: commit it to keep it</dd>` : null}
          <dt>Booked</dt><dd><${Time} at=${r.createdAt} /></dd>
          <dt>Last change</dt><dd><${Time} at=${r.updatedAt} />${r.reason && !['REJECTED', 'FAILED', 'ABORTED', 'CANCELLED', 'PENDING_APPROVAL'].includes(r.state)
            ? html`<div class="muted small">${r.reason}</div>` : null}</dd>
        </dl>
        <ul class="links">
          <li><a href=${href('/book', { clone: r.requestId })}>Clone into a new booking</a></li>
          <li><a href=${reservationPath(r.requestId) + '/calendar.ics'} download=${r.requestId + '.ics'}>Download for your calendar (.ics)</a></li>
          <li><a href=${href('/map', { reservation: r.requestId })}>Show the path on the network map</a></li>
        </ul>
      </section>
      <section aria-labelledby="actions-title">
        <h2 id="actions-title">Change</h2>
        <${Actions} key=${r.end + "|" + r.bandwidthMbps + "|" + r.state} r=${r} me=${me} onChanged=${changed} />
      </section>
    </div>
    <section aria-labelledby="traffic-title">
      <h2 id="traffic-title">Traffic</h2>
      <${TrafficGraph} reservation=${r} />
    </section>
    <section aria-labelledby="path-title-h">
      <h2 id="path-title-h">Path through the network</h2>
      <${PathView} reservation=${r} version=${r.state + '|' + r.updatedAt} />
    </section>
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <${History} history=${history} />
    </section>
    ${isOperator(me) ? html`<section aria-labelledby="devicelog-title">
      <h2 id="devicelog-title">Router commands</h2>
      <${DeviceLog} id=${r.requestId} state=${r.state} />
    </section>` : null}
  </div>`;
}

function Actions({ r, me, onChanged }) {
  const live = LIVE_STATES.includes(r.state);
  const modifiable = MODIFIABLE_STATES.includes(r.state);
  const [end, setEnd] = useState(toLocalInput(r.end));
  const [bw, setBw] = useState(String(r.bandwidthMbps));
  const [cancelReason, setCancelReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [opReason, setOpReason] = useState('');
  const modify = useAction();
  const cancel = useAction();
  const commit = useAction();
  const approval = useAction();

  if (!live) {
    return html`<p class="empty">This reservation is ${(STATE_LABELS[r.state] || r.state).toLowerCase()}; it can no longer be changed. Clone it to book the same circuit again.</p>`;
  }

  const saveChanges = (event) => {
    event.preventDefault();
    const body = {};
    const newEnd = fromLocalInput(end);
    if (newEnd && Date.parse(newEnd) !== Date.parse(r.end)) body.end = newEnd;
    const newBw = Number(bw);
    if (newBw && newBw !== r.bandwidthMbps) body.bandwidthMbps = newBw;
    if (!Object.keys(body).length) {
      modify.setError({ reason: 'change the end or the bandwidth first' });
      return;
    }
    modify.run(async () => {
      const next = await patch(reservationPath(r.requestId), body);
      onChanged(next);
      announce(`Reservation ${r.requestId} changed.`);
    });
  };

  const doCancel = () => cancel.run(async () => {
    const next = await post(reservationPath(r.requestId) + '/cancel', { reason: cancelReason });
    setConfirming(false);
    onChanged(next);
    announce(`Reservation ${r.requestId} cancelled.`);
  });

  const decide = (what) => {
    if (what === 'reject' && !opReason.trim()) {
      approval.setError({ field: 'reason', reason: 'a rejection needs a reason' });
      return;
    }
    approval.run(async () => {
      const next = await post('/api/operator/reservations/' + encodeURIComponent(r.requestId) + '/' + what, { reason: opReason.trim() });
      onChanged(next);
      announce(`Reservation ${r.requestId} ${what === 'approve' ? 'approved' : 'rejected'}.`);
    });
  };

  return html`
    ${r.state === 'HELD' ? html`<div class="action-block">
      <p>This booking is held. Commit it to keep it.</p>
      <button type="button" class="primary" disabled=${commit.busy}
        onClick=${() => commit.run(async () => { onChanged(await post(reservationPath(r.requestId) + '/commit', {})); announce('Committed.'); })}>Commit</button>
      <${ErrorBox} error=${commit.error} title="Not committed" />
    </div>` : null}
    ${r.state === 'PENDING_APPROVAL' && (me.role === 'OPERATOR' || me.role === 'ADMIN') ? html`<div class="action-block">
      <div class="field">
        <label for="op-reason">Reason for approving or rejecting</label>
        <input id="op-reason" value=${opReason} onInput=${(e) => setOpReason(e.currentTarget.value)} />
      </div>
      <div class="actions">
        <button type="button" class="primary" disabled=${approval.busy} onClick=${() => decide('approve')}>Approve</button>
        <button type="button" class="danger" disabled=${approval.busy} onClick=${() => decide('reject')}>Reject</button>
      </div>
      <${ErrorBox} error=${approval.error} title="Not decided" />
    </div>` : null}
    ${modifiable ? html`<form class="action-block" onSubmit=${saveChanges} aria-labelledby="modify-title">
      <h3 id="modify-title">Modify</h3>
      <p class="hint">${r.state === 'ACTIVE' ? 'The circuit is up: a new end or bandwidth applies at once.' : 'Extend or shorten the end, or change the bandwidth.'}</p>
      <div class="field">
        <label for="modify-end">New end</label>
        <input id="modify-end" type="datetime-local" step="1" value=${end} onInput=${(e) => setEnd(e.currentTarget.value)}
          aria-invalid=${modify.error && modify.error.field === 'end' ? 'true' : undefined} />
      </div>
      <div class="field">
        <label for="modify-bandwidth">New bandwidth (Mbit/s)</label>
        <input id="modify-bandwidth" type="number" min="1" step="1" value=${bw} onInput=${(e) => setBw(e.currentTarget.value)}
          aria-invalid=${modify.error && modify.error.field === 'bandwidthMbps' ? 'true' : undefined} />
      </div>
      <button type="submit" disabled=${modify.busy}>${modify.busy ? 'Saving…' : 'Save changes'}</button>
      <${ErrorBox} error=${modify.error} title="Not changed" />
    </form>` : null}
    <div class="action-block">
      ${!confirming ? html`<button type="button" class="danger" onClick=${() => setConfirming(true)}>Cancel reservation</button>` : html`
        <div class="confirm" role="group" aria-labelledby="cancel-q">
          <p id="cancel-q"><strong>Cancel reservation ${r.requestId}?</strong> ${r.state === 'ACTIVE' ? 'The circuit is taken down now.' : 'Its resources are released.'}</p>
          <div class="field">
            <label for="cancel-reason">Reason (optional)</label>
            <input id="cancel-reason" value=${cancelReason} onInput=${(e) => setCancelReason(e.currentTarget.value)} />
          </div>
          <div class="actions">
            <button type="button" class="danger" disabled=${cancel.busy} onClick=${doCancel}>Yes, cancel it</button>
            <button type="button" class="secondary" onClick=${() => setConfirming(false)}>Keep it</button>
          </div>
        </div>`}
      <${ErrorBox} error=${cancel.error} title="Not cancelled" />
    </div>`;
}

function History({ history }) {
  if (history.error && !history.data) return html`<${ErrorBox} error=${history.error} title="The history could not be loaded" />`;
  if (!history.data) return html`<${Loading} what="Loading the history" />`;
  const items = history.data.items || [];
  if (!items.length) return html`<p class="empty">No changes recorded yet.</p>`;
  return html`<ol class="history">
    ${items.map((h) => html`<li>
      <${Time} at=${h.at} />
      <div><span class="visually-hidden">from </span>${h.fromState ? html`<${StateBadge} state=${h.fromState} /> → ` : null}<${StateBadge} state=${h.toState} />
        ${h.actor ? html` <span class="muted">by ${h.actor}</span>` : null}</div>
      ${h.reason ? html`<div class="small">${h.reason}</div>` : null}
    </li>`)}
  </ol>`;
}

/** The router commands sent for this reservation and their answers (operators only). */
function DeviceLog({ id, state }) {
  const log = useLoad(() => get(reservationPath(id) + '/device-log'), [id, state]);
  if (log.error && !log.data) return html`<${ErrorBox} error=${log.error} title="The router commands could not be loaded" />`;
  if (!log.data) return html`<${Loading} what="Loading the router commands" />`;
  const items = log.data.items || [];
  if (!items.length) return html`<p class="empty">No router command sent for this reservation yet: commands go out when it activates.</p>`;
  return html`<${AuditTable} items=${items} caption="Router commands sent for this reservation and their answers" />`;
}

/**
 * An entry's arguments: a router command's request verbatim (its protocol and timing beside it),
 * other calls' arguments as name: value; the answer folded away when it is long.
 */
function Arguments({ entry }) {
  const args = entry.arguments || [];
  const request = args.find((a) => a.name === 'request');
  const others = request ? args.filter((a) => a !== request) : args;
  const lines = entry.detail ? entry.detail.split('\n').length : 0;
  return html`
    ${request ? html`<pre class="commands">${request.value}</pre>` : null}
    ${others.length ? html`<div class=${request ? 'muted small' : ''}>${request
      ? others.map((a) => a.name + ' ' + a.value).join(', ')
      : html`<pre class="commands">${others.map((a) => (a.name ? a.name + ': ' : '') + a.value).join('\n')}</pre>`}</div>` : null}
    ${entry.detail ? (lines > 3
      ? html`<details><summary>Answer (${lines} lines)</summary><pre class="commands answer">${entry.detail}</pre></details>`
      : html`<pre class="commands answer">${entry.detail}</pre>`) : null}`;
}

/** Audit entries as a table; arguments (the commands) shown verbatim. */
export function AuditTable({ items, caption, showReservation = false }) {
  return html`<div class="scroll-x" tabindex="0" role="region" aria-label=${caption}><table class="list audit">
    <caption class="visually-hidden">${caption}</caption>
    <thead><tr>
      <th scope="col">#</th><th scope="col">When</th><th scope="col">Who</th><th scope="col">Router</th>
      <th scope="col">Operation</th><th scope="col">Commands and arguments</th><th scope="col">Outcome</th>
      ${showReservation ? html`<th scope="col">Reservation</th>` : null}
    </tr></thead>
    <tbody>${items.map((e, i) => html`<tr key=${i}>
      <td data-label="#">${e.sequence || "—"}</td>
      <td data-label="When"><${Time} at=${e.occurredAt} /></td>
      <td data-label="Who">${e.actor}${e.address ? html`<div class="muted small">${e.address}</div>` : null}</td>
      <td data-label="Router">${e.router || '—'}</td>
      <td data-label="Operation">${e.operation}</td>
      <td data-label="Commands and arguments"><${Arguments} entry=${e} /></td>
      <td data-label="Outcome">${e.outcome}</td>
      ${showReservation ? html`<td data-label="Reservation">${e.reservationId ? html`<a href=${'#/reservations/' + encodeURIComponent(e.reservationId)}>${e.reservationId}</a>` : '—'}</td>` : null}
    </tr>`)}</tbody>
  </table></div>`;
}
