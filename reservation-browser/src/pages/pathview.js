// The path of a reservation through the network (GET /api/reservations/{id}/path): the source
// host, its campus (host port and uplink on the edge router), the WAN (access points, core routers
// and links), the destination campus and host, with every router port and VLAN id. The same path
// follows as a table for screen readers and small screens.

import { get, reservationPath } from '../lib/api.js';
import { html, ErrorBox, Loading, useLoad } from '../lib/ui.js';
import { placeKind } from '../lib/topology.js';

const WAN_KINDS = new Set(['ACCESS_POINT', 'WAN_LINK', 'CORE_ROUTER']);

/** Hops grouped by where they are: a campus (by site) or the WAN; in each, consecutive hops on one router. */
export function groupsOf(hops) {
  const groups = [];
  for (const hop of hops) {
    const zone = WAN_KINDS.has(hop.kind) ? 'WAN' : 'campus ' + hop.site;
    let group = groups[groups.length - 1];
    if (!group || group.zone !== zone) {
      group = { zone, label: zone === 'WAN' ? 'WAN' : 'Campus ' + hop.site, routers: [] };
      groups.push(group);
    }
    const last = group.routers[group.routers.length - 1];
    if (last && last.router === hop.router) {
      last.ports.push(hop);
    } else {
      group.routers.push({ router: hop.router, ports: [hop] });
    }
  }
  return groups;
}

const BOX_W = 176;
const GAP = 34;
const LINE = 15;

function portText(hop) {
  return hop.kind === 'WAN_LINK' ? 'link ' + hop.interface : hop.interface;
}

function vlanText(hop) {
  if (hop.vlan !== undefined && hop.vlan !== null) return 'VLAN ' + hop.vlan;
  return hop.kind === 'HOST_PORT' ? 'host port, untagged' : placeKind(hop.kind);
}

/** Loads and draws the path; `version` changes when the reservation does, so the path is fetched again. */
export function PathView({ reservation, version }) {
  const path = useLoad(() => get(reservationPath(reservation.requestId) + '/path'), [reservation.requestId, version]);
  if (path.error && !path.data) return html`<${ErrorBox} error=${path.error} title="The path could not be loaded" />`;
  if (!path.data) return html`<${Loading} what="Loading the path" />`;
  return html`<${PathDrawing} reservation=${reservation} hops=${path.data.hops || []} />`;
}

export function PathDrawing({ reservation, hops }) {
  if (!hops.length) {
    return html`<p class="empty">No path: this reservation holds no ports or links now (it is not booked, or it is over).</p>`;
  }
  const groups = groupsOf(hops);
  const nodes = [];
  let x = 10;
  nodes.push({ kind: 'host', label: reservation.source, x });
  x += 130 + GAP;
  const boxes = [];
  for (const g of groups) {
    const gx = x - 8;
    for (const r of g.routers) {
      nodes.push({ kind: 'router', label: r.router, ports: r.ports, x });
      x += BOX_W + GAP;
    }
    boxes.push({ label: g.label, x: gx, width: x - GAP - gx + 8 });
    x += 10;
  }
  nodes.push({ kind: 'host', label: reservation.destination, x });
  x += 130 + 10;
  const maxPorts = Math.max(1, ...nodes.map((n) => (n.ports ? n.ports.length : 0)));
  const top = 40;
  const boxH = 30 + maxPorts * LINE * 2;
  const height = top + boxH + 18;
  const mid = top + boxH / 2;
  const widthOf = (n) => (n.kind === 'host' ? 130 : BOX_W);

  return html`<div class="path">
    <div class="scroll-x" tabindex="0" role="region" aria-label="Path drawing (scrolls sideways)">
      <svg viewBox=${`0 0 ${x} ${height}`} width=${x} height=${height} role="img" aria-labelledby="path-title" class="path-svg">
        <title id="path-title">Path from ${reservation.source} to ${reservation.destination} through ${nodes.filter((n) => n.kind === 'router').map((n) => n.label).join(', ')}</title>
        ${boxes.map((b) => html`<g>
          <rect x=${b.x} y=${6} width=${b.width} height=${height - 12} rx="8" class=${'group' + (b.label === 'WAN' ? ' group-WAN' : '')} />
          <text x=${b.x + 8} y=${26} class="svg-label">${b.label}</text>
        </g>`)}
        ${nodes.slice(1).map((n, i) => {
          const prev = nodes[i];
          return html`<line x1=${prev.x + widthOf(prev)} x2=${n.x} y1=${mid} y2=${mid} class="path-link" />`;
        })}
        ${nodes.map((n) => (n.kind === 'host'
          ? html`<g>
              <rect x=${n.x} y=${mid - 18} width="130" height="36" rx="18" class="host" />
              <text x=${n.x + 65} y=${mid + 5} text-anchor="middle" class="svg-small strong">${n.label}</text>
            </g>`
          : html`<g>
              <rect x=${n.x} y=${top} width=${BOX_W} height=${boxH} rx="6" class="router" />
              <text x=${n.x + 8} y=${top + 19} class="svg-text strong">${n.label}</text>
              ${n.ports.map((p, i) => html`
                <text x=${n.x + 8} y=${top + 38 + i * LINE * 2} class="svg-small">${portText(p)}</text>
                <text x=${n.x + 8} y=${top + 38 + i * LINE * 2 + LINE - 2} class="svg-small vlan">${vlanText(p)}</text>`)}
            </g>`))}
      </svg>
    </div>
    <details class="path-table">
      <summary>The path as a table</summary>
      <table class="plain">
        <thead><tr><th scope="col">Where</th><th scope="col">Router</th><th scope="col">Port or link</th><th scope="col">Kind</th><th scope="col">VLAN</th></tr></thead>
        <tbody>
          ${hops.map((h) => html`<tr>
            <td>${WAN_KINDS.has(h.kind) ? 'WAN' : h.site}</td><td>${h.router}</td><td>${h.interface}</td><td>${placeKind(h.kind)}</td><td>${h.vlan ?? '—'}</td>
          </tr>`)}
        </tbody>
      </table>
    </details>
  </div>`;
}
