// A booking over the approval limit waits; oscar approves it from the queue and alice, whose page
// stays open, sees it become Reserved. The demo waits for an operator above 500 Mbit/s
// (Federation.DEMO_APPROVAL) and its ports carry 1000: 900 Mbit/s waits. CRS_E2E_APPROVAL_MBPS names
// the bandwidth to book where the limit differs.
import { BookPage, ACCOUNTS, ReservationPage, cancelQuietly, fromNow, go, signedIn } from './pages.mjs';

const OVER_LIMIT_MBPS = Number(process.env.CRS_E2E_APPROVAL_MBPS || 900);

export default async function (t) {
  const alice = await signedIn(t, 'alice', { page: t.page });
  const book = await new BookPage(alice).open();
  await book.choosePair('site-a:host-a3', 'site-b:host-b3');
  await book.setBandwidth(OVER_LIMIT_MBPS);
  await book.fixedTime(fromNow(40 * 60_000), fromNow(70 * 60_000));
  await book.submit();
  // Booked (the page moves to the reservation) or refused (the form says why).
  await alice.waitForURL(/#\/reservations\//).catch(() => {});
  if (await book.refusal().count()) {
    const why = await book.refusal().getByRole('alert').textContent();
    t.expect(false, `a booking of ${OVER_LIMIT_MBPS} Mbit/s should wait for approval but was refused: ${why} `
      + '(the approval limit must be below what the path can carry; CRS_E2E_APPROVAL_MBPS sets the bandwidth)');
  }
  const id = await book.bookedId();
  const reservation = new ReservationPage(alice);
  await reservation.waitForState('Waiting for approval');
  await t.screenshot(alice, 'reservation-waiting');

  const oscar = await signedIn(t, 'oscar');
  await go(oscar, '/operator/approvals', 'Approval queue');
  const card = oscar.getByRole('listitem').filter({ has: oscar.getByRole('heading', { name: id, exact: true }) });
  await card.waitFor();
  await t.screenshot(oscar, 'operator-approvals');
  await t.checkAccessibility(oscar, 'operator-approvals');
  // A rejection needs a reason: without one the page says so and sends nothing.
  await card.getByRole('button', { name: 'Reject ' + id }).click();
  await card.getByRole('alert').waitFor();
  await card.getByLabel('Reason for ' + id).fill('approved for the e2e run');
  await card.getByRole('button', { name: 'Approve ' + id }).click();
  await card.waitFor({ state: 'detached' });

  // alice's page was never reloaded: the change comes by the event stream (or its 5 s polling).
  await reservation.waitForState('Reserved', 20_000);
  await t.screenshot(alice, 'reservation-approved');
  await cancelQuietly(t.api(...ACCOUNTS.alice), id);
}
