// My reservations (and, for operators, all reservations): a list whose state badges update live,
// filters by state, time, endpoint and text, and pages of 20. The filters live in the URL, so a
// filtered list can be bookmarked and the back button restores it.

import { useEffect, useState } from 'preact/hooks';
import { get, query } from '../lib/api.js';
import { useReservationChanges, useLiveMode } from '../lib/live.js';
import { html, ErrorBox, Empty, Loading, StateBadge, Time, Bandwidth, useLoad, usePageTitle, href, navigate } from '../lib/ui.js';
import { STATES, STATE_LABELS, LIVE_STATES, fromLocalInput, toLocalInput } from '../lib/format.js';
import { FlagBadges } from './traffic.js';

const PAGE = 20;

export function ReservationList({ me, params, scope }) {
  const all = scope === 'all';
  const route = all ? '/operator/reservations' : '/reservations';
  const title = all ? 'All reservations' : 'My reservations';
  usePageTitle(title);

  const offset = Math.max(0, Number(params.offset) || 0);
  const stateFilter = params.state || '';
  const states = stateFilter === 'live' ? LIVE_STATES : stateFilter ? [stateFilter] : undefined;
  const filters = {
    state: states,
    from: params.from || undefined,
    to: params.to || undefined,
    endpoint: params.endpoint || undefined,
    q: params.q || undefined,
    owner: all ? params.owner || undefined : me.account,
    flag: all && params.flag ? ['IDLE', 'ERRORS'] : undefined,
  };
  const key = JSON.stringify([filters, offset]);

  // Each answer remembers the filters it answers, so rows of the previous filters never show under new ones.
  const list = useLoad(() => get('/api/reservations' + query({ ...filters, limit: PAGE, offset })).then((a) => ({ ...a, key })), [key]);
  const mode = useLiveMode();

  // An event for a reservation on this page replaces it in place; any other (a new one that may
  // belong here) or a polling tick fetches the page again.
  useReservationChanges((r) => {
    const items = list.data && list.data.items;
    if (r && items && items.some((x) => x.requestId === r.requestId)) {
      // a live update carries no traffic flags: keep those the list answered (flags are never lowered)
      list.setData((d) => ({ ...d, items: d.items.map((x) => (x.requestId === r.requestId
        ? { ...x, ...r, flags: [...new Set([...(x.flags || []), ...(r.flags || [])])] } : x)) }));
    } else {
      list.reload(true);
    }
  });

  const [endpoints, setEndpoints] = useState([]);
  useEffect(() => {
    get('/api/endpoints').then((a) => setEndpoints((a.sites || []).flatMap((s) => (s.endpoints || []).map((e) => e.id))), () => {});
  }, []);

  // The form's fields as typed, until applied; the address holds the applied filters.
  const fromParams = () => ({
    state: stateFilter, from: toLocalInput(params.from), to: toLocalInput(params.to), endpoint: params.endpoint || '',
    q: params.q || '', owner: params.owner || '', flag: params.flag || '',
  });
  const [draft, setDraft] = useState(fromParams);
  useEffect(() => setDraft(fromParams()), [key]);
  const edit = (name) => (e) => {
    const { value } = e.currentTarget;
    setDraft((d) => ({ ...d, [name]: value }));
  };

  const apply = (event) => {
    event.preventDefault();
    navigate(route, {
      state: draft.state,
      from: fromLocalInput(draft.from),
      to: fromLocalInput(draft.to),
      endpoint: draft.endpoint,
      q: draft.q.trim(),
      owner: all ? draft.owner.trim() : undefined,
      flag: all && draft.flag ? 'flagged' : undefined,
    });
  };
  const page = (next) => href(route, { ...params, offset: next || undefined });
  const filtered = ['state', 'from', 'to', 'endpoint', 'q', 'owner', 'flag'].some((k) => params[k]);

  const data = list.data && list.data.key === key ? list.data : null;
  const total = data ? data.total : 0;
  const items = data ? data.items : [];

  return html`<h1>${title}</h1>
  <form class="filters" onSubmit=${apply} role="search" aria-label="Filter reservations">
    <div class="field">
      <label for="f-state">State</label>
      <select id="f-state" name="state" value=${draft.state} onChange=${edit('state')}>
        <option value="">Any state</option>
        <option value="live">Not yet over (held, waiting, reserved, active)</option>
        ${STATES.map((s) => html`<option value=${s}>${STATE_LABELS[s]}</option>`)}
      </select>
    </div>
    <div class="field">
      <label for="f-from">From</label>
      <input id="f-from" name="from" type="datetime-local" step="1" value=${draft.from} onInput=${edit('from')} />
    </div>
    <div class="field">
      <label for="f-to">To</label>
      <input id="f-to" name="to" type="datetime-local" step="1" value=${draft.to} onInput=${edit('to')} />
    </div>
    <div class="field">
      <label for="f-endpoint">Endpoint</label>
      <select id="f-endpoint" name="endpoint" value=${draft.endpoint} onChange=${edit('endpoint')}>
        <option value="">Any endpoint</option>
        ${params.endpoint && !endpoints.includes(params.endpoint) ? html`<option value=${params.endpoint}>${params.endpoint}</option>` : null}
        ${endpoints.map((e) => html`<option value=${e}>${e}</option>`)}
      </select>
    </div>
    ${all ? html`<div class="field">
      <label for="f-owner">Owner</label>
      <input id="f-owner" name="owner" value=${draft.owner} onInput=${edit('owner')} autocomplete="off" />
    </div>
    <div class="field">
      <label for="f-flag">Traffic</label>
      <select id="f-flag" name="flag" value=${draft.flag} onChange=${edit('flag')}>
        <option value="">Any traffic</option>
        <option value="flagged">Flagged: idle or errors</option>
      </select>
    </div>` : null}
    <div class="field grow">
      <label for="f-q">Search</label>
      <input id="f-q" name="q" type="search" value=${draft.q} onInput=${edit('q')} placeholder="id, description, host" />
    </div>
    <div class="actions">
      <button type="submit">Apply filters</button>
      ${filtered ? html`<a class="button secondary" href=${'#' + route}>Clear filters</a>` : null}
    </div>
  </form>
  <p class="live-mode muted">${mode === 'live' ? 'States update live.' : mode === 'polling' ? 'States update every 5 seconds.' : 'Connecting for live updates…'}</p>
  ${list.error ? html`<${ErrorBox} error=${list.error} title="The reservations could not be loaded" />` : null}
  ${!data && list.loading ? html`<${Loading} what="Loading the reservations" />` : null}
  ${data && !items.length ? html`<${Empty}>${filtered
    ? 'No reservation matches these filters.'
    : all ? 'There are no reservations yet.' : html`You have no reservations yet. <a href="#/book">Book a circuit</a>.`}<//>` : null}
  ${items.length ? html`<${ReservationTable} items=${items} showOwner=${all} />
    <nav class="pager" aria-label="Pages">
      <span>${offset + 1}–${offset + items.length} of ${total}</span>
      ${offset > 0 ? html`<a class="button secondary" href=${page(Math.max(0, offset - PAGE))}>Previous page</a>` : null}
      ${offset + items.length < total ? html`<a class="button secondary" href=${page(offset + PAGE)}>Next page</a>` : null}
    </nav>` : null}`;
}

export function ReservationTable({ items, showOwner }) {
  return html`<table class="list">
    <caption class="visually-hidden">Reservations, their end-hosts, bandwidth, times and state</caption>
    <thead><tr>
      <th scope="col">Reservation</th>
      <th scope="col">From → to</th>
      <th scope="col">Bandwidth</th>
      <th scope="col">Start</th>
      <th scope="col">End</th>
      ${showOwner ? html`<th scope="col">Owner</th>` : null}
      <th scope="col">State</th>
    </tr></thead>
    <tbody>
      ${items.map((r) => html`<tr key=${r.requestId} data-reservation=${r.requestId}>
        <td data-label="Reservation"><a href=${'#/reservations/' + encodeURIComponent(r.requestId)}>${r.requestId}</a>
          ${r.description ? html`<div class="muted small">${r.description}</div>` : null}</td>
        <td data-label="From → to">${r.source} → ${r.destination}</td>
        <td data-label="Bandwidth"><${Bandwidth} mbps=${r.bandwidthMbps} /></td>
        <td data-label="Start"><${Time} at=${r.start} /></td>
        <td data-label="End"><${Time} at=${r.end} /></td>
        ${showOwner ? html`<td data-label="Owner">${r.owner}${r.group ? html` <span class="muted">(${r.group})</span>` : null}</td>` : null}
        <td data-label="State"><${StateBadge} state=${r.state} /> <${FlagBadges} flags=${r.flags} /></td>
      </tr>`)}
    </tbody>
  </table>`;
}
