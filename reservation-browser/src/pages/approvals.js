// The approval queue: bookings that wait for an operator, each approved or rejected with a reason
// (a rejection must give one). The queue refreshes on every reservation change.

import { useState } from 'preact/hooks';
import { get, post } from '../lib/api.js';
import { useReservationChanges } from '../lib/live.js';
import { html, ErrorBox, Empty, Loading, Time, Bandwidth, useLoad, usePageTitle, announce } from '../lib/ui.js';

export function Approvals() {
  usePageTitle('Approval queue');
  const queue = useLoad(() => get('/api/operator/approvals'), []);
  useReservationChanges(() => queue.reload(true));
  const items = queue.data ? queue.data.items || [] : [];
  return html`<h1>Approval queue</h1>
  <p class="muted">Bookings that wait for an operator's decision. One not decided by its start is released.</p>
  ${queue.error ? html`<${ErrorBox} error=${queue.error} title="The queue could not be loaded" />` : null}
  ${!queue.data && !queue.error ? html`<${Loading} what="Loading the queue" />` : null}
  ${queue.data && !items.length ? html`<${Empty}>Nothing waits for approval.<//>` : null}
  <ul class="cards">
    ${items.map((r) => html`<${ApprovalCard} key=${r.requestId} r=${r} onDecided=${() => queue.reload(true)} />`)}
  </ul>`;
}

function ApprovalCard({ r, onDecided }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const id = 'reason-' + r.requestId.replace(/[^A-Za-z0-9_-]/g, '_');

  const decide = async (what) => {
    if (what === 'reject' && !reason.trim()) {
      setError({ field: 'reason', reason: 'a rejection needs a reason the owner can read' });
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await post('/api/operator/reservations/' + encodeURIComponent(r.requestId) + '/' + what, { reason: reason.trim() });
      announce(`Reservation ${r.requestId} ${what === 'approve' ? 'approved' : 'rejected'}.`);
      onDecided();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return html`<li class="card" aria-labelledby=${id + '-title'}>
    <h2 id=${id + '-title'} class="card-title"><a href=${'#/reservations/' + encodeURIComponent(r.requestId)}>${r.requestId}</a></h2>
    <dl class="facts compact">
      <dt>Owner</dt><dd>${r.owner}${r.group ? ` (group ${r.group})` : ''}</dd>
      <dt>From → to</dt><dd>${r.source} → ${r.destination}</dd>
      <dt>Bandwidth</dt><dd><${Bandwidth} mbps=${r.bandwidthMbps} /></dd>
      <dt>Time</dt><dd><${Time} at=${r.start} /> to <${Time} at=${r.end} /></dd>
      ${r.description ? html`<dt>Description</dt><dd>${r.description}</dd>` : null}
    </dl>
    <div class="field">
      <label for=${id}>Reason for ${r.requestId}</label>
      <input id=${id} value=${reason} onInput=${(e) => setReason(e.currentTarget.value)}
        aria-invalid=${error && error.field === 'reason' ? 'true' : undefined} />
    </div>
    <div class="actions">
      <button type="button" class="primary" disabled=${busy} onClick=${() => decide('approve')}>Approve ${r.requestId}</button>
      <button type="button" class="danger" disabled=${busy} onClick=${() => decide('reject')}>Reject ${r.requestId}</button>
    </div>
    <${ErrorBox} error=${error} title="Not decided" />
  </li>`;
}
