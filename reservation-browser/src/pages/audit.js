// The audit trail: every call and router command, searchable by reservation, account, router and
// time; a CSV export of the same search; and the result of the trail's integrity check (its hash chain).

import { useState } from 'preact/hooks';
import { get, query } from '../lib/api.js';
import { html, ErrorBox, Empty, Loading, useLoad, usePageTitle, navigate, href } from '../lib/ui.js';
import { fromLocalInput, toLocalInput } from '../lib/format.js';
import { AuditTable } from './detail.js';

const PAGE = 50;

export function Audit({ params }) {
  usePageTitle('Audit trail');
  const offset = Math.max(0, Number(params.offset) || 0);
  const filters = {
    reservationId: params.reservationId, account: params.account, router: params.router, from: params.from, to: params.to,
  };
  const key = JSON.stringify([filters, offset]);
  const trail = useLoad(() => get('/api/operator/audit' + query({ ...filters, limit: PAGE, offset })), [key]);
  const [checkRun, setCheckRun] = useState(0);
  const check = useLoad(() => get('/api/operator/audit/verify'), [checkRun]);

  const apply = (event) => {
    event.preventDefault();
    const d = new FormData(event.currentTarget);
    navigate('/operator/audit', {
      reservationId: (d.get('reservationId') || '').trim(), account: (d.get('account') || '').trim(), router: (d.get('router') || '').trim(),
      from: fromLocalInput(d.get('from')), to: fromLocalInput(d.get('to')),
    });
  };
  const items = trail.data ? trail.data.items || [] : [];
  const total = trail.data ? trail.data.total ?? items.length : 0;
  const filtered = Object.values(filters).some(Boolean);
  const page = (next) => href('/operator/audit', { ...params, offset: next || undefined });

  return html`<h1>Audit trail</h1>
  <section aria-labelledby="integrity-title" class="integrity">
    <h2 id="integrity-title">Integrity check</h2>
    ${check.loading && !check.data ? html`<${Loading} what="Checking the trail's hash chain" />` : null}
    ${check.error ? html`<${ErrorBox} error=${check.error} title="The check could not run" />` : null}
    ${check.data ? (check.data.intact
      ? html`<p class="ok" role="status"><strong>Intact:</strong> all ${check.data.entries} entries chain correctly.</p>`
      : html`<p class="error" role="alert"><strong>Broken:</strong> ${check.data.problem || 'the hash chain does not match'}${check.data.firstBadSequence !== undefined && check.data.firstBadSequence !== null ? ` (first bad entry: #${check.data.firstBadSequence})` : ''}; ${check.data.entries} entries checked.</p>`) : null}
    <button type="button" class="secondary" onClick=${() => setCheckRun((n) => n + 1)}>Check again</button>
  </section>
  <form class="filters" onSubmit=${apply} role="search" aria-label="Search the audit trail" key=${key}>
    <div class="field"><label for="a-reservation">Reservation</label><input id="a-reservation" name="reservationId" value=${params.reservationId || ''} /></div>
    <div class="field"><label for="a-account">Account</label><input id="a-account" name="account" value=${params.account || ''} /></div>
    <div class="field"><label for="a-router">Router</label><input id="a-router" name="router" value=${params.router || ''} /></div>
    <div class="field"><label for="a-from">From</label><input id="a-from" name="from" type="datetime-local" value=${toLocalInput(params.from)} /></div>
    <div class="field"><label for="a-to">To</label><input id="a-to" name="to" type="datetime-local" value=${toLocalInput(params.to)} /></div>
    <div class="actions">
      <button type="submit">Search</button>
      ${filtered ? html`<a class="button secondary" href="#/operator/audit">Clear</a>` : null}
      <a class="button secondary" href=${'/api/operator/audit.csv' + query(filters)} download="audit.csv">Export as CSV</a>
    </div>
  </form>
  ${trail.error ? html`<${ErrorBox} error=${trail.error} title="The trail could not be loaded" />` : null}
  ${!trail.data && !trail.error ? html`<${Loading} what="Loading the trail" />` : null}
  ${trail.data && !items.length ? html`<${Empty}>${filtered ? 'No entry matches this search.' : 'The audit trail is empty.'}<//>` : null}
  ${items.length ? html`<${AuditTable} items=${items} caption="Audit trail entries" showReservation />
    <nav class="pager" aria-label="Pages">
      <span>${offset + 1}–${offset + items.length} of ${total}</span>
      ${offset > 0 ? html`<a class="button secondary" href=${page(Math.max(0, offset - PAGE))}>Previous page</a>` : null}
      ${offset + items.length < total ? html`<a class="button secondary" href=${page(offset + PAGE)}>Next page</a>` : null}
    </nav>` : null}`;
}
