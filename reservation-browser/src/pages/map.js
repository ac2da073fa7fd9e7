// The network map: sites, their edge routers and hosts, the core routers and the links between
// them from GET /api/topology, each link shaded by the bandwidth booked on it (now, or at a chosen
// time: a weather map). Opened from a reservation (#/map?reservation=ID) it highlights that path.

import { useState } from 'preact/hooks';
import { get, query, reservationPath } from '../lib/api.js';
import { html, ErrorBox, Loading, Time, useLoad, usePageTitle, navigate } from '../lib/ui.js';
import { bandwidth, fromLocalInput, toLocalInput } from '../lib/format.js';
import { farNetworkName, networkOf, pathPlaces, placeKind } from '../lib/topology.js';

const W = 1000;
const LEVELS = [
  { upTo: 0, label: 'Nothing booked', cls: 'load-0' },
  { upTo: 0.25, label: 'Up to 25 % booked', cls: 'load-1' },
  { upTo: 0.5, label: '25 to 50 %', cls: 'load-2' },
  { upTo: 0.75, label: '50 to 75 %', cls: 'load-3' },
  { upTo: 0.999, label: '75 to 99 %', cls: 'load-4' },
  { upTo: Infinity, label: 'Full', cls: 'load-5' },
];

const levelOf = (link) => {
  const u = link.capacityMbps ? (link.bookedMbps || 0) / link.capacityMbps : 0;
  return LEVELS.find((l) => u <= l.upTo) || LEVELS[LEVELS.length - 1];
};
const percent = (link) => (link.capacityMbps ? Math.round(((link.bookedMbps || 0) / link.capacityMbps) * 100) : 0);

/** Positions: one site's edge routers and hosts on the left, the next on the right, and so on; the core
 * routers between them, each placed by how far it is (in links) from either side. */
export function layout(topology) {
  const sites = topology.sites || [];
  const links = topology.links || [];
  const routers = new Map();
  const hosts = [];
  const edgeSites = [];
  for (const site of sites) {
    for (const r of site.routers || []) routers.set(r.name, { ...r, site: site.site });
    if ((site.routers || []).some((r) => r.kind === 'EDGE')) edgeSites.push(site);
  }
  for (const link of links) {
    for (const end of [link.a, link.b]) {
      if (end && !routers.has(end.router)) routers.set(end.router, { name: end.router, kind: 'CORE' });
    }
  }
  const side = new Map(); // router -> 'L' | 'R'
  edgeSites.forEach((s, i) => (s.routers || []).filter((r) => r.kind === 'EDGE').forEach((r) => side.set(r.name, i % 2 ? 'R' : 'L')));

  const neighbours = new Map();
  for (const link of links) {
    if (!link.a || !link.b) continue;
    if (!neighbours.has(link.a.router)) neighbours.set(link.a.router, []);
    if (!neighbours.has(link.b.router)) neighbours.set(link.b.router, []);
    neighbours.get(link.a.router).push(link.b.router);
    neighbours.get(link.b.router).push(link.a.router);
  }
  const distances = (which) => {
    const d = new Map();
    const queue = [...side.entries()].filter(([, s]) => s === which).map(([r]) => r);
    queue.forEach((r) => d.set(r, 0));
    while (queue.length) {
      const r = queue.shift();
      for (const n of neighbours.get(r) || []) {
        if (!d.has(n)) { d.set(n, d.get(r) + 1); queue.push(n); }
      }
    }
    return d;
  };
  const dl = distances('L');
  const dr = distances('R');

  const hostsOf = (routerName) => sites.flatMap((s) => (s.hosts || []).filter((h) => h.router === routerName).map((h) => ({ ...h, site: s.site })));
  const leftEdges = [...side.entries()].filter(([, s]) => s === 'L').map(([r]) => r);
  const rightEdges = [...side.entries()].filter(([, s]) => s === 'R').map(([r]) => r);
  const rows = Math.max(4, ...[leftEdges, rightEdges].map((edges) => edges.reduce((n, r) => n + Math.max(1, hostsOf(r).length), 0)));
  const H = Math.max(300, rows * 40 + 80);
  const positions = new Map();

  const placeSide = (edges, xRouter, xHost) => {
    let y = 60;
    for (const r of edges) {
      const own = hostsOf(r);
      const block = Math.max(1, own.length) * 40;
      positions.set(r, { x: xRouter, y: y + block / 2 - 20 });
      own.forEach((h, i) => {
        hosts.push({ ...h, x: xHost, y: y + i * 40 });
      });
      y += block + 30;
    }
  };
  placeSide(leftEdges, 240, 70);
  placeSide(rightEdges, W - 240, W - 70);

  const cores = [...routers.values()].filter((r) => !side.has(r.name));
  const posOf = (name) => {
    const a = dl.get(name);
    const b = dr.get(name);
    if (a === undefined || b === undefined) return 0.5;
    return a / (a + b);
  };
  cores.sort((p, q) => posOf(p.name) - posOf(q.name) || p.name.localeCompare(q.name));
  const ranks = [...new Set(cores.map((r) => Math.round(posOf(r.name) * 100)))].sort((p, q) => p - q);
  const mid = H / 2 - 10;
  cores.forEach((r, i) => {
    // Spread by rank between the two sides, so a few cores do not crowd the middle.
    const rank = ranks.indexOf(Math.round(posOf(r.name) * 100));
    const x = ranks.length === 1 ? W / 2 : 410 + (rank / (ranks.length - 1)) * (W - 820);
    // Alternating heights keep a link between two cores from running through a third.
    const y = cores.length === 1 ? mid : mid + (i % 2 ? 80 : -50);
    positions.set(r.name, { x, y });
  });
  // Spread cores that landed on the same spot.
  const seen = new Map();
  for (const r of cores) {
    const p = positions.get(r.name);
    const key = Math.round(p.x) + ':' + Math.round(p.y);
    const n = seen.get(key) || 0;
    seen.set(key, n + 1);
    if (n) positions.set(r.name, { x: p.x + n * 30, y: p.y + n * 70 });
  }
  return { routers: [...routers.values()], positions, hosts, height: H + 20 };
}

const onPath = (path, place) => !!path && path.places.has(place.id);

export function NetworkMap({ params }) {
  usePageTitle('Network map');
  const at = params.at || '';
  const reservationId = params.reservation || '';
  const topology = useLoad(() => get('/api/topology' + query({ at })), [at]);
  const reservation = useLoad(() => (reservationId ? get(reservationPath(reservationId)) : Promise.resolve(null)), [reservationId]);
  const hops = useLoad(() => (reservationId ? get(reservationPath(reservationId) + '/path') : Promise.resolve(null)), [reservationId]);
  const [when, setWhen] = useState(toLocalInput(at || new Date()));

  const showAt = (event) => {
    event.preventDefault();
    navigate('/map', { reservation: reservationId || undefined, at: fromLocalInput(when) || undefined });
  };
  const showNow = () => {
    setWhen(toLocalInput(new Date()));
    navigate('/map', { reservation: reservationId || undefined });
  };

  const path = pathPlaces(hops.data);
  const network = topology.data ? networkOf(topology.data) : null;
  const r = reservation.data;

  return html`<h1>Network map</h1>
  <form class="filters" onSubmit=${showAt} aria-label="Time of the load shown">
    <div class="field">
      <label for="map-at">Booked bandwidth at</label>
      <input id="map-at" type="datetime-local" step="1" value=${when} onInput=${(e) => setWhen(e.currentTarget.value)} />
    </div>
    <div class="actions">
      <button type="submit">Show this time</button>
      <button type="button" class="secondary" onClick=${showNow}>Now</button>
      ${r ? html`<button type="button" class="secondary" onClick=${() => { setWhen(toLocalInput(r.start)); navigate('/map', { reservation: r.requestId, at: r.start }); }}>At this booking's start</button>` : null}
    </div>
  </form>
  <p class="muted">Showing the load ${at ? html`at <${Time} at=${at} />` : 'now'}.
    ${r ? html` Highlighted: the path of <a href=${'#/reservations/' + encodeURIComponent(r.requestId)}>reservation ${r.requestId}</a> (${r.source} → ${r.destination}, ${bandwidth(r.bandwidthMbps)}).` : null}</p>
  ${reservation.error ? html`<${ErrorBox} error=${reservation.error} title="The reservation's path could not be loaded" />` : null}
  ${topology.error ? html`<${ErrorBox} error=${topology.error} title="The network could not be loaded" />` : null}
  ${!topology.data && !topology.error ? html`<${Loading} what="Loading the network" />` : null}
  ${hops.error && !reservation.error ? html`<${ErrorBox} error=${hops.error} title="The reservation's path could not be loaded" />` : null}
  ${network ? html`<${MapDrawing} topology=${network} path=${path} />
    <${Legend} highlighted=${!!path} />
    <${LinkTable} topology=${network} path=${path} />` : null}`;
}

function MapDrawing({ topology, path }) {
  const { routers, positions, hosts, height } = layout(topology);
  const links = topology.links || [];
  const routerCount = routers.length;
  return html`<div class="scroll-x map-wrap" tabindex="0" role="region" aria-label="Network map drawing (scrolls sideways on small screens)">
    <svg viewBox=${`0 0 ${W} ${height}`} class="map-svg" role="img" aria-labelledby="map-title">
      <title id="map-title">Network map: ${(topology.sites || []).filter((x) => x.site !== 'WAN').length} sites, ${routerCount} routers, ${links.length} links; the table below lists each link's load.</title>
      ${hosts.map((h) => {
        const p = positions.get(h.router);
        if (!p) return null;
        const hit = onPath(path, h);
        return html`<line x1=${h.x} y1=${h.y} x2=${p.x} y2=${p.y} class=${'host-link ' + levelOf(h).cls + (hit ? ' on-path' : '')}>
          <title>${h.handOff ? `Hand-off ${h.host} on ${h.router} ${h.interface} to ${farNetworkName(h)}${h.stp ? ', STP ' + h.stp : ''}` : `${h.host} on ${h.router} ${h.interface}`}: ${bandwidth(h.bookedMbps || 0)} of ${bandwidth(h.capacityMbps)} booked</title>
        </line>`;
      })}
      ${links.map((link) => {
        const a = link.a && positions.get(link.a.router);
        const b = link.b && positions.get(link.b.router);
        if (!a || !b) return null;
        const level = levelOf(link);
        const hit = onPath(path, link);
        const width = 3 + Math.max(0, Math.log10((link.capacityMbps || 1000) / 1000)) * 4;
        // Labels of slanted links move outwards, so two links meeting below do not share a spot.
        const slanted = Math.abs(a.y - b.y) > 40;
        const mx = (a.x + b.x) / 2 + (slanted ? Math.sign((a.x + b.x) / 2 - W / 2) * 46 : 0);
        const my = (a.y + b.y) / 2 + (slanted ? 10 : 0);
        return html`<g class="link">
          ${hit ? html`<line x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} class="path-halo" stroke-width=${width + 10} />` : null}
          <line x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} class=${'load ' + level.cls} stroke-width=${width}>
            <title>${link.id}: ${bandwidth(link.bookedMbps || 0)} of ${bandwidth(link.capacityMbps)} booked (${percent(link)} %)</title>
          </line>
          ${link.accessPoint ? html`<line x1=${b.x + (a.x - b.x) * 0.12} y1=${b.y + (a.y - b.y) * 0.12} x2=${b.x + (a.x - b.x) * 0.32} y2=${b.y + (a.y - b.y) * 0.32}
            class=${'load access ' + levelOf(link.accessPoint).cls} stroke-width=${width + 4}>
            <title>WAN access point ${link.accessPoint.id}: ${bandwidth(link.accessPoint.bookedMbps || 0)} of ${bandwidth(link.accessPoint.capacityMbps)} booked (${percent(link.accessPoint)} %)</title>
          </line>` : null}
          <text x=${mx} y=${my - 10} text-anchor="middle" class="svg-small halo">${percent(link)} % of ${bandwidth(link.capacityMbps)}</text>
        </g>`;
      })}
      ${routers.map((r) => {
        const p = positions.get(r.name);
        if (!p) return null;
        const hit = path && path.routers.has(r.name);
        return html`<g class=${'node ' + (r.kind === 'EDGE' ? 'edge' : 'core') + (hit ? ' on-path' : '')}>
          ${r.kind === 'EDGE'
            ? html`<rect x=${p.x - 38} y=${p.y - 16} width="76" height="32" rx="4" />`
            : html`<circle cx=${p.x} cy=${p.y} r="24" />`}
          <text x=${p.x} y=${p.y + 4} text-anchor="middle" class="svg-text strong">${r.name}</text>
          ${r.site && r.kind === 'EDGE' ? html`<text x=${p.x} y=${p.y - 22} text-anchor="middle" class="svg-small">${r.site}</text>` : null}
        </g>`;
      })}
      ${hosts.map((h) => {
        const hit = onPath(path, h);
        if (h.handOff) {
          // A port facing another domain: square-cornered, the far network under its name, the STP in its title.
          return html`<g class=${'host-node hand-off' + (hit ? ' on-path' : '')}>
            <title>${h.stp ? 'STP ' + h.stp + ', facing ' + farNetworkName(h) : 'Hand-off to another domain'}</title>
            <rect x=${h.x - 44} y=${h.y - 12} width="88" height="24" rx="2" />
            <text x=${h.x} y=${h.y + 4} text-anchor="middle" class="svg-small">${h.host}</text>
            <text x=${h.x} y=${h.y + 22} text-anchor="middle" class="svg-small muted">${farNetworkName(h)}</text>
          </g>`;
        }
        return html`<g class=${'host-node' + (hit ? ' on-path' : '')}>
          <rect x=${h.x - 44} y=${h.y - 12} width="88" height="24" rx="12" />
          <text x=${h.x} y=${h.y + 4} text-anchor="middle" class="svg-small">${h.host}</text>
        </g>`;
      })}
    </svg>
  </div>`;
}

function Legend({ highlighted }) {
  return html`<ul class="legend" aria-label="Legend">
    ${LEVELS.map((l) => html`<li><svg width="28" height="10" aria-hidden="true"><line x1="0" x2="28" y1="5" y2="5" class=${'load ' + l.cls} stroke-width="6" /></svg> ${l.label}</li>`)}
    ${highlighted ? html`<li><svg width="28" height="14" aria-hidden="true"><line x1="0" x2="28" y1="7" y2="7" class="path-halo" stroke-width="12" /></svg> The reservation's path</li>` : null}
  </ul>`;
}

function LinkTable({ topology, path }) {
  const links = topology.places || [];
  const handOffs = new Map((topology.sites || []).flatMap((s) => s.hosts || []).filter((h) => h.handOff).map((h) => [h.id, h]));
  if (!links.length) return html`<p class="empty">The BAR knows no links.</p>`;
  return html`<details class="link-table" open=${false}>
    <summary>Ports and links and their load as a table</summary>
    <table class="plain">
      <thead><tr><th scope="col">Place</th><th scope="col">Kind</th><th scope="col">Ends</th><th scope="col">Capacity</th><th scope="col">Booked</th><th scope="col">Load</th>${path ? html`<th scope="col">On the path</th>` : null}</tr></thead>
      <tbody>${links.map((l) => html`<tr>
        <td>${l.id}</td>
        <td>${placeKind(l.kind)}</td>
        <td>${l.a ? (l.a.router + ' ' + l.a.interface).trim() : ''} – ${l.b ? (l.b.router + ' ' + l.b.interface).trim() : ''}${handOffs.has(l.id) && handOffs.get(l.id).stp ? html`<br /><small>STP ${handOffs.get(l.id).stp}, facing ${farNetworkName(handOffs.get(l.id))}</small>` : null}</td>
        <td>${bandwidth(l.capacityMbps)}</td><td>${bandwidth(l.bookedMbps || 0)}</td><td>${percent(l)} %</td>
        ${path ? html`<td>${onPath(path, l) ? 'yes' : 'no'}</td>` : null}
      </tr>`)}</tbody>
    </table>
  </details>`;
}
