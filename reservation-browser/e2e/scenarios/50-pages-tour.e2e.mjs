// Every page, as alice and as oscar: each is screenshot at laptop and phone size and passes the
// accessibility check. Along the way: the network map highlights a booking's path, and the
// calendar feed's URL is revoked and replaced.
import { ACCOUNTS, BookPage, ReservationPage, bookByApi, cancelQuietly, eventually, fromNow, go, signedIn } from './pages.mjs';

export default async function (t) {
  const api = t.api(...ACCOUNTS.alice);
  const r = await bookByApi(t, api, {
    source: 'site-a:host-a3', destination: 'site-b:host-b2', mbps: 250,
    start: fromNow(5 * 3600_000), end: fromNow(6 * 3600_000), description: 'e2e tour',
  });
  const id = r.requestId;
  try {
    const alice = await signedIn(t, 'alice', { page: t.page });

    const book = await new BookPage(alice).open();
    await book.choosePair('site-a:host-a3', 'site-b:host-b2');
    await book.setBandwidth(250);
    await book.freeBands().first().waitFor();
    await t.screenshot(alice, 'book');
    await t.checkAccessibility(alice, 'book');

    await go(alice, '/reservations', 'My reservations');
    await alice.getByRole('table').or(alice.getByText('You have no reservations yet')).first().waitFor();
    await t.screenshot(alice, 'reservations-all');
    await t.checkAccessibility(alice, 'reservations-all');
    // The tour's own booking, wherever it is in the list: found by the search in the address.
    await go(alice, '/reservations?q=' + encodeURIComponent(id), 'My reservations');
    await alice.getByRole('row').filter({ hasText: id }).waitFor();
    await t.screenshot(alice, 'reservations');
    await t.checkAccessibility(alice, 'reservations');

    const detail = await new ReservationPage(alice).open(id);
    await detail.waitForState('Reserved');
    await alice.getByRole('img', { name: /^Path from site-a:host-a3 to site-b:host-b2/ }).waitFor();
    await t.screenshot(alice, 'reservation-detail');
    await t.checkAccessibility(alice, 'reservation-detail');

    // Modify: a wider circuit; the page shows the BAR's answer.
    await alice.getByLabel('New bandwidth (Mbit/s)').fill('300');
    await alice.getByRole('button', { name: 'Save changes' }).click();
    await alice.getByRole('definition').filter({ hasText: /^300 Mbit\/s$/ }).waitFor();
    const modified = (await api.get('/api/reservations/' + encodeURIComponent(id))).body;
    t.expect(modified.bandwidthMbps === 300, `the BAR has the new bandwidth (${modified.bandwidthMbps} Mbit/s)`);

    // Clone: the booking form, filled in from this reservation.
    await alice.getByRole('link', { name: 'Clone into a new booking' }).click();
    await alice.getByRole('heading', { level: 1, name: 'Book a circuit' }).waitFor();
    await eventually(t, async () => (await alice.getByLabel('Bandwidth', { exact: true }).inputValue()) === '300',
      'the clone has the reservation\'s bandwidth');
    // the endpoint lists may arrive after the bandwidth is filled in: their choice is waited for too
    await eventually(t, async () => (await alice.getByLabel('Source', { exact: true }).inputValue()) === 'site-a:host-a3',
      'the clone has the reservation\'s source');
    await eventually(t, async () => (await alice.getByLabel('Destination', { exact: true }).inputValue()) === 'site-b:host-b2',
      'the clone has the reservation\'s destination');
    await alice.goBack();
    await detail.waitForState('Reserved');

    await alice.getByRole('link', { name: 'Show the path on the network map' }).click();
    await alice.getByRole('heading', { level: 1, name: 'Network map' }).waitFor();
    await alice.getByText('Highlighted: the path of').waitFor();
    await alice.getByRole('img', { name: /^Network map/ }).waitFor();
    await t.screenshot(alice, 'map');
    await t.checkAccessibility(alice, 'map');

    // The feed's URL is shown once, when it is made; a new one ends the old; revoking ends the feed.
    await go(alice, '/calendar', 'Calendar feed');
    await alice.getByRole('button', { name: /^Make a (feed|new) URL$/ }).click();
    const url = alice.getByLabel('Your calendar feed URL');
    await eventually(t, async () => (await url.count()) > 0 && (await url.inputValue()).includes('/api/calendar/'), 'the page shows the new feed URL');
    const first = await url.inputValue();
    const feed = await fetch(first);
    t.expect(feed.status === 200 && (await feed.text()).includes('BEGIN:VCALENDAR'), `the feed URL answers an iCalendar (${feed.status})`);
    await t.screenshot(alice, 'calendar-feed');
    await t.checkAccessibility(alice, 'calendar-feed');
    await alice.getByRole('button', { name: 'Make a new URL' }).click();
    await eventually(t, async () => (await url.inputValue()) !== first, 'making a new URL shows another URL');
    t.expect((await fetch(first)).status >= 400, 'the replaced feed URL no longer answers');
    const second = await url.inputValue();
    await alice.getByRole('button', { name: 'Revoke the feed' }).click();
    await alice.getByRole('button', { name: 'Yes, revoke the feed' }).click();
    await alice.getByText('You have no calendar feed.').waitFor();
    t.expect((await fetch(second)).status >= 400, 'the revoked feed URL no longer answers');

    const oscar = await signedIn(t, 'oscar');
    for (const [route, heading, name] of [
      ['/operator/approvals', 'Approval queue', 'operator-approvals-queue'],
      ['/operator/maintenance', 'Maintenance', 'operator-maintenance'],
      ['/operator/reservations', 'All reservations', 'operator-reservations'],
      ['/operator/audit', 'Audit trail', 'operator-audit-trail'],
    ]) {
      await go(oscar, route, heading);
      await oscar.getByRole('main').getByText(/Loading|Checking/).first().waitFor({ state: 'detached' }).catch(() => {});
      await t.screenshot(oscar, name);
      await t.checkAccessibility(oscar, name);
    }
    await go(oscar, '/operator/reservations?q=' + encodeURIComponent(id), 'All reservations');
    await oscar.getByRole('row').filter({ hasText: id }).filter({ hasText: 'alice' }).waitFor();
  } finally {
    await cancelQuietly(api, id);
  }
}
