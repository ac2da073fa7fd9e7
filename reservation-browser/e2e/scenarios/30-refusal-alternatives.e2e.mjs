// A refused booking shows the BAR's reason and the next free slots; one click books the first.
// bob first fills site-a:host-a2's port (1 Gbit/s) for half an hour; alice then asks for the same
// port inside that half hour.
import { ACCOUNTS, BookPage, ReservationPage, bookByApi, cancelQuietly, fromNow, signedIn } from './pages.mjs';

export default async function (t) {
  const bob = t.api(...ACCOUNTS.bob);
  const alice = t.api(...ACCOUNTS.alice);
  const busyFrom = Date.parse(fromNow(2 * 3600_000));
  const blocker = await bookByApi(t, bob, {
    source: 'site-a:host-a2', destination: 'site-b:host-b2', mbps: 1000,
    start: new Date(busyFrom).toISOString(), end: new Date(busyFrom + 30 * 60_000).toISOString(), description: 'e2e blocker',
  });
  let booked;
  try {
    const page = await signedIn(t, 'alice', { page: t.page });
    const book = await new BookPage(page).open();
    await book.choosePair('site-a:host-a2', 'site-b:host-b4');
    await book.setBandwidth(400);
    await book.fixedTime(new Date(busyFrom + 5 * 60_000), new Date(busyFrom + 20 * 60_000));
    await book.submit();

    const refusal = book.refusal();
    await refusal.waitFor();
    const reason = await refusal.getByRole('alert').textContent();
    t.expect(/refused/i.test(reason) && reason.length > 'The BAR refused this booking:'.length + 2, `the refusal gives a reason: "${reason}"`);
    const first = book.alternatives().first();
    await first.waitFor();
    await t.screenshot(page, 'book-refused');
    await t.checkAccessibility(page, 'book-refused');

    await first.click();
    booked = await book.bookedId();
    await new ReservationPage(page).waitForState('Reserved');
    const r = (await alice.get('/api/reservations/' + encodeURIComponent(booked))).body;
    t.expect(Date.parse(r.start) >= busyFrom + 30 * 60_000 || Date.parse(r.end) <= busyFrom,
      `the alternative (${r.start} to ${r.end}) does not overlap the busy half hour`);
  } finally {
    await cancelQuietly(bob, blocker.requestId);
    await cancelQuietly(alice, booked);
  }
}
