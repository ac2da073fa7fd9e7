// The path of a reservation through the network, drawn from its segments' hops: the source host,
// the source campus, the WAN hops, the destination campus and the destination host, with every
// router port and VLAN id. The same path follows as a table for screen readers and small screens.

import { html } from '../lib/ui.js';

const ROLE_LABELS = {
  SOURCE_CAMPUS: 'Source campus',
  WAN: 'WAN',
  DESTINATION_CAMPUS: 'Destination campus',
};

export const roleLabel = (role) => ROLE_LABELS[role] || (role ? role.toLowerCase().replace(/_/g, ' ') : 'Segment');

/** Consecutive hops on the same router become one router box with its ports. */
function routersOf(segment) {
  const out = [];
  for (const hop of segment.hops || []) {
    const last = out[out.length - 1];
    if (last && last.router === hop.router) {
      last.ports.push(hop);
    } else {
      out.push({ router: hop.router, ports: [hop] });
    }
  }
  return out;
}

const BOX_W = 150;
const GAP = 34;
const PORT_LINE = 15;

export function PathView({ reservation }) {
  const segments = reservation.segments || [];
  const withHops = segments.filter((s) => (s.hops || []).length);
  if (!withHops.length) {
    return html`<p class="empty">The path is not known yet: the BAR learns it from the campus and WAN controllers when they book their segments.</p>`;
  }
  // Layout: one row of boxes, hosts at both ends, segments as labelled groups.
  const nodes = [];
  let x = 10;
  nodes.push({ kind: 'host', label: reservation.source, x });
  x += 120 + GAP;
  const groups = [];
  for (const segment of withHops) {
    const routers = routersOf(segment);
    const gx = x - 8;
    for (const r of routers) {
      nodes.push({ kind: 'router', label: r.router, ports: r.ports, x, segment });
      x += BOX_W + GAP;
    }
    groups.push({ segment, x: gx, width: x - GAP - gx + 8 });
    x += 10;
  }
  nodes.push({ kind: 'host', label: reservation.destination, x });
  x += 120 + 10;
  const maxPorts = Math.max(1, ...nodes.map((n) => (n.ports ? n.ports.length : 0)));
  const boxH = 28 + maxPorts * PORT_LINE * 2;
  const top = 52;
  const height = top + boxH + 22;
  const width = x;
  const mid = top + boxH / 2;
  const widthOf = (n) => (n.kind === 'host' ? 120 : BOX_W);

  return html`<div class="path">
    <div class="scroll-x" tabindex="0" role="region" aria-label="Path drawing (scrolls sideways)">
      <svg viewBox=${`0 0 ${width} ${height}`} width=${width} height=${height} role="img" aria-labelledby="path-title" class="path-svg">
        <title id="path-title">Path from ${reservation.source} to ${reservation.destination} through ${nodes.filter((n) => n.kind === 'router').map((n) => n.label).join(', ')}</title>
        ${groups.map((g) => html`<g>
          <rect x=${g.x} y=${6} width=${g.width} height=${height - 12} rx="8" class=${'group group-' + (g.segment.role || 'OTHER')} />
          <text x=${g.x + 8} y=${24} class="svg-label">${roleLabel(g.segment.role)}</text>
          ${g.segment.state ? html`<text x=${g.x + 8} y=${40} class="svg-small">${g.segment.state.toLowerCase()}</text>` : null}
        </g>`)}
        ${nodes.slice(1).map((n, i) => {
          const prev = nodes[i];
          return html`<line x1=${prev.x + widthOf(prev)} x2=${n.x} y1=${mid} y2=${mid} class="path-link" />`;
        })}
        ${nodes.map((n) => n.kind === 'host'
          ? html`<g>
              <rect x=${n.x} y=${mid - 18} width="120" height="36" rx="18" class="host" />
              <text x=${n.x + 60} y=${mid + 5} text-anchor="middle" class="svg-text">${n.label}</text>
            </g>`
          : html`<g>
              <rect x=${n.x} y=${top} width=${BOX_W} height=${boxH} rx="6" class="router" />
              <text x=${n.x + 8} y=${top + 18} class="svg-text strong">${n.label}</text>
              ${n.ports.map((p, i) => html`
                <text x=${n.x + 8} y=${top + 36 + i * PORT_LINE * 2} class="svg-small">${p.interface}</text>
                <text x=${n.x + 8} y=${top + 36 + i * PORT_LINE * 2 + PORT_LINE - 2} class="svg-small vlan">${p.vlan !== undefined && p.vlan !== null ? 'VLAN ' + p.vlan : 'untagged'}</text>`)}
            </g>`)}
      </svg>
    </div>
    <details class="path-table">
      <summary>The path as a table</summary>
      <table class="plain">
        <thead><tr><th scope="col">Segment</th><th scope="col">Router</th><th scope="col">Port</th><th scope="col">VLAN</th></tr></thead>
        <tbody>
          ${withHops.flatMap((s) => s.hops.map((h, i) => html`<tr>
            <td>${i === 0 ? roleLabel(s.role) : ''}</td><td>${h.router}</td><td>${h.interface}</td><td>${h.vlan ?? '—'}</td>
          </tr>`))}
        </tbody>
      </table>
    </details>
  </div>`;
}
