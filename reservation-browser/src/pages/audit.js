// The audit trail: every call and router command, searchable by reservation, account, router and
// time; a CSV export of the same search; and the result of the trail's integrity check (its hash chain).

import { useEffect, useState } from 'preact/hooks';
import { get, query } from '../lib/api.js';
import { html, ErrorBox, Empty, Loading, useLoad, usePageTitle, navigate, href } from '../lib/ui.js';
import { fromLocalInput, toLocalInput } from '../lib/format.js';
import { AuditTable } from './detail.js';

const PAGE = 50;

/** The integrity check's answer: intact, or where the chain breaks and how. */
function Verification({ v }) {
  const entries = v.entriesChecked ?? v.entries;
  if (v.intact) {
    return html`<p class="ok" role="status"><strong>Intact:</strong> all ${entries} entries chain correctly.</p>`;
  }
  const at = v.firstBadSequence ?? v.sequence;
  const problem = [v.tampering, v.detail, v.problem].filter(Boolean).join('; ') || 'the hash chain does not match';
  return html`<p class="error" role="alert"><strong>Broken:</strong> ${problem}${at ? ` (first entry that does not match: #${at})` : ''};
    ${entries} entries checked.</p>`;
}

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

  // The search as typed, until applied; the address holds the applied search.
  const fromParams = () => ({
    reservationId: params.reservationId || '', account: params.account || '', router: params.router || '',
    from: toLocalInput(params.from), to: toLocalInput(params.to),
  });
  const [draft, setDraft] = useState(fromParams);
  useEffect(() => setDraft(fromParams()), [key]);
  const edit = (name) => (e) => {
    const { value } = e.currentTarget;
    setDraft((d) => ({ ...d, [name]: value }));
  };
  const apply = (event) => {
    event.preventDefault();
    navigate('/operator/audit', {
      reservationId: draft.reservationId.trim(), account: draft.account.trim(), router: draft.router.trim(),
      from: fromLocalInput(draft.from), to: fromLocalInput(draft.to),
    });
  };
  const items = trail.data ? trail.data.items || [] : [];
  // The BAR may not count the whole match: then a full page means there may be more.
  const total = trail.data && Number.isFinite(trail.data.total) ? trail.data.total : null;
  const more = total !== null ? offset + items.length < total : items.length === PAGE;
  const filtered = Object.values(filters).some(Boolean);
  const page = (next) => href('/operator/audit', { ...params, offset: next || undefined });

  return html`<h1>Audit trail</h1>
  <section aria-labelledby="integrity-title" class="integrity">
    <h2 id="integrity-title">Integrity check</h2>
    ${check.loading && !check.data ? html`<${Loading} what="Checking the trail's hash chain" />` : null}
    ${check.error ? html`<${ErrorBox} error=${check.error} title="The check could not run" />` : null}
    ${check.data ? html`<${Verification} v=${check.data} />` : null}
    <button type="button" class="secondary" onClick=${() => setCheckRun((n) => n + 1)}>Check again</button>
  </section>
  <form class="filters" onSubmit=${apply} role="search" aria-label="Search the audit trail">
    <div class="field"><label for="a-reservation">Reservation</label><input id="a-reservation" name="reservationId" value=${draft.reservationId} onInput=${edit('reservationId')} /></div>
    <div class="field"><label for="a-account">Account</label><input id="a-account" name="account" value=${draft.account} onInput=${edit('account')} /></div>
    <div class="field"><label for="a-router">Router</label><input id="a-router" name="router" value=${draft.router} onInput=${edit('router')} /></div>
    <div class="field"><label for="a-from">From</label><input id="a-from" name="from" type="datetime-local" step="1" value=${draft.from} onInput=${edit('from')} /></div>
    <div class="field"><label for="a-to">To</label><input id="a-to" name="to" type="datetime-local" step="1" value=${draft.to} onInput=${edit('to')} /></div>
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
      <span>${offset + 1}–${offset + items.length}${total !== null ? ` of ${total}` : ''}</span>
      ${offset > 0 ? html`<a class="button secondary" href=${page(Math.max(0, offset - PAGE))}>Previous page</a>` : null}
      ${more ? html`<a class="button secondary" href=${page(offset + PAGE)}>Next page</a>` : null}
    </nav>` : null}`;
}
