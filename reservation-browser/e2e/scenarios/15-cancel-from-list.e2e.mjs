// alice finds a reservation in her list by searching its description, opens it and cancels it;
// the list then shows it cancelled.
import { ACCOUNTS, ReservationPage, bookByApi, cancelQuietly, eventually, fromNow, go, signedIn } from './pages.mjs';

export default async function (t) {
  const api = t.api(...ACCOUNTS.alice);
  const tag = 'cancel-me-' + Date.now();
  const booked = await bookByApi(t, api, {
    source: 'site-a:host-a1', destination: 'site-b:host-b1', mbps: 50,
    start: fromNow(3 * 3600_000), end: fromNow(3.5 * 3600_000), description: tag,
  });
  const id = booked.requestId;
  try {
    await findAndCancel(t, api, tag, id);
  } finally {
    await cancelQuietly(api, id);
  }
}

async function findAndCancel(t, api, tag, id) {
  const page = await signedIn(t, 'alice', { page: t.page });
  await go(page, '/reservations', 'My reservations');
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await eventually(t, async () => (await page.getByRole('row').count()) === 2,
    'the search finds just this reservation (one row under the header)');
  const row = page.getByRole('row').filter({ hasText: id });
  await t.screenshot(page, 'reservations-search');
  await t.checkAccessibility(page, 'reservations-search');

  await row.getByRole('link', { name: id }).click();
  const reservation = new ReservationPage(page);
  await reservation.waitForState('Reserved');
  await reservation.cancel('plans changed');
  await reservation.waitForState('Cancelled');
  t.expect(await page.getByRole('button', { name: 'Cancel reservation' }).count() === 0, 'a cancelled reservation offers no cancel');

  await page.goBack();
  await page.getByRole('row').filter({ hasText: id }).getByText('Cancelled', { exact: true }).waitFor();
  const after = await api.get('/api/reservations/' + encodeURIComponent(id));
  t.expect(after.body.state === 'CANCELLED', `the BAR has ${id} cancelled (${after.body.state})`);
}
