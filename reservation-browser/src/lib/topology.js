// The BAR's network as the pages draw it, from GET /api/topology: routers by site, hosts on
// their edge routers' ports, and the links between routers, each place with its capacity and the
// bandwidth booked on it. Reservation paths (GET /api/reservations/{id}/path) name the same places.

/**
 * { sites: [{ site, routers: [{ name, kind: 'EDGE'|'CORE' }], hosts: [{ host, router, interface, id, capacityMbps, bookedMbps, handOff?, stp?, farNetwork? }] }],
 *   links: [{ id, kind, a: { router, interface }, b, capacityMbps, bookedMbps, accessPoint? }], places: [...] }
 * `links` are the lines between routers: campus uplinks (with the WAN access point at their core
 * end, booked separately) and WAN links. `places` is every bookable place, for tables and menus.
 * A hand-off port (a trunk to another network domain) is drawn like a host on its edge router,
 * `handOff` set, with the NSI STP it is published as and the network it faces when the BAR knows them.
 */
export function networkOf(topology) {
  const end = (e) => ({ router: e.router, interface: e.interfaceName ?? e.interface ?? '' });
  const routers = topology.routers || [];
  const places = (topology.places || []).map((p) => ({ ...p, a: end(p.a), b: end(p.b) }));
  const siteNames = topology.sites || [];
  const facing = new Map((topology.facing || []).map((f) => [f.placeId, f]));
  const sites = siteNames.map((site) => ({
    site,
    routers: routers.filter((r) => r.site === site).map((r) => ({ name: r.name, kind: r.core ? 'CORE' : 'EDGE' })),
    hosts: places.filter((p) => (p.kind === 'HOST_PORT' || p.kind === 'HAND_OFF') && p.site === site).map((p) => ({
      host: p.b.router, router: p.a.router, interface: p.a.interface, id: p.id, capacityMbps: p.capacityMbps, bookedMbps: p.bookedMbps,
      ...(p.kind === 'HAND_OFF' ? { handOff: true, stp: facing.get(p.id)?.stp, farNetwork: facing.get(p.id)?.farNetwork } : {}),
    })),
  }));
  const cores = routers.filter((r) => r.core || !r.site);
  if (cores.length) {
    sites.push({ site: 'WAN', routers: cores.map((r) => ({ name: r.name, kind: 'CORE' })), hosts: [] });
  }
  const accessPoints = new Map(places.filter((p) => p.kind === 'ACCESS_POINT').map((p) => [p.a.router + ':' + p.a.interface, p]));
  const links = places.filter((p) => p.kind === 'UPLINK' || p.kind === 'WAN_LINK').map((p) => ({
    ...p,
    accessPoint: p.kind === 'UPLINK' ? accessPoints.get(p.b.router + ':' + p.b.interface) : undefined,
  }));
  return { sites, links, places };
}

/** The place ids and routers a path's hops cross: a WAN link hop names its link, the others a port. */
export function pathPlaces(path) {
  if (!path) return null;
  const routers = new Set();
  const places = new Set();
  for (const h of path.hops || []) {
    routers.add(h.router);
    places.add(h.kind === 'WAN_LINK' ? h.interface : h.router + ':' + h.interface);
  }
  return { routers, places };
}

const KIND_LABELS = {
  HOST_PORT: 'host port',
  UPLINK: 'campus uplink',
  HAND_OFF: 'hand-off to another domain',
  ACCESS_POINT: 'WAN access point',
  WAN_LINK: 'WAN link',
  CORE_ROUTER: 'core router',
};

/** The network a hand-off faces, short: its id without the urn:ogf:network: prefix. */
export const farNetworkName = (h) => (h.farNetwork ? h.farNetwork.replace(/^urn:ogf:network:/, '') : 'another domain');

export const placeKind = (kind) => KIND_LABELS[kind] || (kind || '').toLowerCase().replace(/_/g, ' ');
