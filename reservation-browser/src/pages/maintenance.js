// Maintenance windows: declare one on a router, a port or a link for an interval with a reason;
// see the bookings it hits and move each to another path or cancel it; lift a window.

import { useMemo, useState } from 'preact/hooks';
import { get, post, query } from '../lib/api.js';
import { html, ErrorBox, Empty, Loading, Time, Bandwidth, StateBadge, useLoad, useAction, usePageTitle, announce } from '../lib/ui.js';
import { fromLocalInput, toLocalInput } from '../lib/format.js';
import { networkOf } from '../lib/topology.js';

/** Routers, ports and links to choose from, from the topology. */
function resourcesOf(answer) {
  const topology = networkOf(answer);
  const routers = new Set();
  const ports = new Set();
  const links = [];
  for (const s of topology.sites || []) {
    for (const r of s.routers || []) routers.add(r.name);
    for (const h of s.hosts || []) ports.add(h.router + ':' + h.interface);
  }
  for (const p of topology.places || []) {
    if (p.kind === 'WAN_LINK') {
      links.push(p.id);
      ports.add(p.a.router + ':' + p.a.interface);
      ports.add(p.b.router + ':' + p.b.interface);
    } else if (p.a && p.a.interface) {
      ports.add(p.a.router + ':' + p.a.interface);
    }
  }
  const sorted = (set) => [...set].sort();
  return { routers: sorted(routers), ports: sorted(ports), links: links.sort() };
}

export function Maintenance() {
  usePageTitle('Maintenance');
  const topology = useLoad(() => get('/api/topology'), []);
  const range = useMemo(() => ({ from: new Date(Date.now() - 86400000).toISOString(), to: new Date(Date.now() + 60 * 86400000).toISOString() }), []);
  const windows = useLoad(() => get('/api/operator/maintenance' + query(range)), []);
  const start0 = new Date(Math.ceil((Date.now() + 15 * 60000) / 300000) * 300000);
  const [form, setForm] = useState({ resourceId: '', start: toLocalInput(start0), end: toLocalInput(new Date(start0.getTime() + 2 * 3600000)), reason: '' });
  const [declared, setDeclared] = useState(null);
  const create = useAction();
  const set = (name) => (e) => {
    const { value } = e.currentTarget;
    setForm((f) => ({ ...f, [name]: value }));
  };
  const resources = topology.data ? resourcesOf(topology.data) : null;

  const submit = (event) => {
    event.preventDefault();
    const body = { resourceId: form.resourceId, start: fromLocalInput(form.start), end: fromLocalInput(form.end), reason: form.reason.trim() };
    const missing = !body.resourceId ? 'resourceId' : !body.start ? 'start' : !body.end ? 'end' : !body.reason ? 'reason' : null;
    if (missing) {
      create.setError({ field: missing, reason: 'must be filled in' });
      return;
    }
    create.run(async () => {
      const w = await post('/api/operator/maintenance', body);
      setDeclared(w);
      const hits = (w.reservations || []).length;
      announce(`Maintenance declared on ${w.resourceId}; it hits ${hits} booking${hits === 1 ? '' : 's'}.`);
      windows.reload(true);
    });
  };
  const invalid = (f) => (create.error && create.error.field === f ? 'true' : undefined);

  return html`<h1>Maintenance</h1>
  <section aria-labelledby="declare-title">
    <h2 id="declare-title">Declare a maintenance window</h2>
    ${topology.error ? html`<${ErrorBox} error=${topology.error} title="The routers and links could not be loaded" />` : null}
    <form class="maintenance-form" onSubmit=${submit} novalidate>
      <div class="field">
        <label for="mw-resource">Router, port or link</label>
        <select id="mw-resource" value=${form.resourceId} onChange=${set('resourceId')} required aria-invalid=${invalid('resourceId')}>
          <option value="">Choose…</option>
          ${resources ? html`
            <optgroup label="Routers">${resources.routers.map((r) => html`<option value=${r}>${r}</option>`)}</optgroup>
            <optgroup label="Ports">${resources.ports.map((p) => html`<option value=${p}>${p}</option>`)}</optgroup>
            <optgroup label="Links">${resources.links.map((l) => html`<option value=${l}>${l}</option>`)}</optgroup>` : null}
        </select>
      </div>
      <div class="row">
        <div class="field">
          <label for="mw-start">Start</label>
          <input id="mw-start" type="datetime-local" step="1" value=${form.start} onInput=${set('start')} required aria-invalid=${invalid('start')} />
        </div>
        <div class="field">
          <label for="mw-end">End</label>
          <input id="mw-end" type="datetime-local" step="1" value=${form.end} onInput=${set('end')} required aria-invalid=${invalid('end')} />
        </div>
      </div>
      <div class="field">
        <label for="mw-reason">Reason</label>
        <input id="mw-reason" value=${form.reason} onInput=${set('reason')} required aria-invalid=${invalid('reason')} />
      </div>
      <${ErrorBox} error=${create.error} title="Not declared" />
      <button type="submit" class="primary" disabled=${create.busy}>Declare maintenance</button>
    </form>
  </section>
  ${declared ? html`<section aria-labelledby="declared-title" class="declared">
    <h2 id="declared-title">Declared: ${declared.resourceId}</h2>
    <${WindowCard} w=${declared} onChanged=${() => windows.reload(true)} open />
  </section>` : null}
  <section aria-labelledby="windows-title">
    <h2 id="windows-title">Maintenance windows</h2>
    ${windows.error ? html`<${ErrorBox} error=${windows.error} title="The windows could not be loaded" />` : null}
    ${!windows.data && !windows.error ? html`<${Loading} what="Loading the windows" />` : null}
    ${windows.data && !(windows.data.items || []).length ? html`<${Empty}>No maintenance window from yesterday to two months ahead.<//>` : null}
    <ul class="cards">${(windows.data ? windows.data.items || [] : []).map((w) => html`<li class="card" key=${w.scope + '/' + w.id}>
      <${WindowCard} w=${w} onChanged=${() => windows.reload(true)} />
    </li>`)}</ul>
  </section>`;
}

function WindowCard({ w, onChanged }) {
  const lift = useAction();
  const [lifted, setLifted] = useState(!!w.liftedAt);
  const doLift = () => lift.run(async () => {
    await post(`/api/operator/maintenance/${encodeURIComponent(w.scope)}/${encodeURIComponent(w.id)}/lift`, { reason: 'lifted from the maintenance page' });
    setLifted(true);
    announce(`Maintenance on ${w.resourceId} lifted.`);
    onChanged();
  });
  const hits = w.reservations || [];
  return html`<div class="window">
    <h3 class="card-title">${w.resourceId} <span class="muted small">(${w.scope})</span></h3>
    <p><${Time} at=${w.start} /> to <${Time} at=${w.end} />: ${w.reason}</p>
    <p class="muted small">Declared by ${w.createdBy} at <${Time} at=${w.createdAt} />${lifted ? html`; lifted${w.liftedAt ? html` at <${Time} at=${w.liftedAt} />` : ''}` : ''}.</p>
    ${hits.length ? html`<h4>Bookings it hits</h4>
      <ul class="hits">${hits.map((r) => html`<${HitRow} key=${r.requestId} r=${r} reason=${'maintenance on ' + w.resourceId + ': ' + w.reason} />`)}</ul>`
      : html`<p class="empty">It hits no booking of this site.</p>`}
    ${(w.otherBookings || []).length ? html`<p class="muted small">Also hit, booked through other sites: ${w.otherBookings.join(', ')}</p>` : null}
    ${!lifted ? html`<button type="button" class="secondary" disabled=${lift.busy} onClick=${doLift}>Lift maintenance on ${w.resourceId}</button>` : null}
    <${ErrorBox} error=${lift.error} title="Not lifted" />
  </div>`;
}

function HitRow({ r: initial, reason }) {
  const [r, setR] = useState(initial);
  const act = useAction();
  const run = (what) => act.run(async () => {
    const next = await post('/api/operator/reservations/' + encodeURIComponent(r.requestId) + '/' + what, { reason });
    setR(next);
    announce(`Reservation ${r.requestId} ${what === 'move' ? 'moved' : 'cancelled'}: now ${next.state}.`);
  });
  const live = ['HELD', 'PENDING_APPROVAL', 'RESERVED', 'ACTIVE'].includes(r.state);
  return html`<li class="hit">
    <div><a href=${'#/reservations/' + encodeURIComponent(r.requestId)}>${r.requestId}</a> <${StateBadge} state=${r.state} />
      <span class="muted small"> ${r.owner}, ${r.source} → ${r.destination}, <${Bandwidth} mbps=${r.bandwidthMbps} />, <${Time} at=${r.start} /> to <${Time} at=${r.end} /></span></div>
    ${live ? html`<div class="actions">
      <button type="button" disabled=${act.busy} onClick=${() => run('move')}>Move ${r.requestId}</button>
      <button type="button" class="danger" disabled=${act.busy} onClick=${() => run('cancel-for-maintenance')}>Cancel ${r.requestId}</button>
    </div>` : null}
    <${ErrorBox} error=${act.error} title="Not done" />
  </li>`;
}
