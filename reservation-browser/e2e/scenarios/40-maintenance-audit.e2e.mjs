// oscar declares a maintenance window on a WAN link that alice's booking crosses, sees the booking
// among those it hits and moves it to another path; then he finds the router commands of another
// booking of hers, which came up meanwhile, in the audit trail.
import { ACCOUNTS, MINUTE, bookByApi, cancelQuietly, fromNow, go, localInput, signedIn, waitForApiState } from './pages.mjs';

/** The WAN links a reservation's path crosses (GET /api/reservations/{id}/path: a WAN_LINK hop names its link). */
async function wanLinksOf(api, id) {
  const path = (await api.get('/api/reservations/' + encodeURIComponent(id) + '/path')).body;
  return ((path && path.hops) || []).filter((h) => h.kind === 'WAN_LINK').map((h) => h.interface);
}

export default async function (t) {
  const alice = t.api(...ACCOUNTS.alice);
  // One booking that comes up soon (for its router commands), one later that the window will hit.
  const soon = await bookByApi(t, alice, {
    source: 'site-a:host-a4', destination: 'site-b:host-b4', mbps: 100, start: fromNow(15_000), end: fromNow(45_000), description: 'e2e audit',
  });
  const later = await bookByApi(t, alice, {
    source: 'site-a:host-a4', destination: 'site-b:host-b4', mbps: 100, start: fromNow(60 * MINUTE), end: fromNow(90 * MINUTE), description: 'e2e maintenance',
  });
  try {
    await maintainAndAudit(t, alice, soon, later);
  } finally {
    await cancelQuietly(alice, soon.requestId, later.requestId);
  }
}

async function maintainAndAudit(t, alice, soon, later) {
  const [link] = await wanLinksOf(alice, later.requestId);
  t.expect(link, `booking ${later.requestId}'s path crosses a WAN link`);

  const oscar = await signedIn(t, 'oscar', { page: t.page });
  await go(oscar, '/operator/maintenance', 'Maintenance');
  await oscar.getByLabel('Router, port or link').selectOption(link);
  await oscar.getByLabel('Start', { exact: true }).fill(await localInput(oscar, fromNow(50 * MINUTE)));
  await oscar.getByLabel('End', { exact: true }).fill(await localInput(oscar, fromNow(120 * MINUTE)));
  await oscar.getByLabel('Reason', { exact: true }).fill('fibre repair (e2e)');
  await oscar.getByRole('button', { name: 'Declare maintenance' }).click();
  const declared = oscar.getByRole('region', { name: 'Declared: ' + link });
  const move = declared.getByRole('button', { name: 'Move ' + later.requestId, exact: true });
  await move.waitFor();
  await t.screenshot(oscar, 'operator-maintenance-declared');
  await t.checkAccessibility(oscar, 'operator-maintenance-declared');
  await move.click();
  await move.waitFor({ state: 'detached' }).catch(() => {});
  const moved = (await alice.get('/api/reservations/' + encodeURIComponent(later.requestId))).body;
  t.expect(moved.state === 'RESERVED', `the moved booking is still reserved (${moved.state}: ${moved.reason || ''})`);
  const now = await wanLinksOf(alice, later.requestId);
  t.expect(!now.includes(link), `the moved booking no longer crosses ${link} (it crosses ${now.join(', ')})`);
  const lift = declared.getByRole('button', { name: 'Lift maintenance on ' + link });
  await lift.click();
  await lift.waitFor({ state: 'detached' });

  await waitForApiState(t, alice, soon.requestId, ['ACTIVE', 'FINISHED'], MINUTE);
  await go(oscar, '/operator/audit', 'Audit trail');
  await oscar.getByRole('status').filter({ hasText: /Intact|Broken/ }).or(oscar.getByRole('alert')).first().waitFor();
  await oscar.getByLabel('Reservation', { exact: true }).fill(soon.requestId);
  await oscar.getByRole('button', { name: 'Search', exact: true }).click();
  // its router commands, from the L-NSAP's edge router or the NSAP's core routers (one page holds 50 rows)
  const commands = oscar.getByRole('row').filter({ hasText: 'router-command' }).filter({ hasText: /edge-a|core-1|core-3/ });
  await commands.first().waitFor();
  t.expect(await oscar.getByRole('link', { name: 'Export as CSV' }).getAttribute('href') !== null, 'the search can be exported as CSV');
  await t.screenshot(oscar, 'operator-audit');
  await t.checkAccessibility(oscar, 'operator-audit');

  // The same commands on the reservation's own page, for operators.
  await go(oscar, '/reservations/' + encodeURIComponent(soon.requestId), 'Reservation ' + soon.requestId);
  await oscar.getByRole('heading', { name: 'Router commands' }).waitFor();
  await oscar.getByRole('region', { name: /Router commands sent/ }).waitFor();
}
