// alice finds a free slot on the availability timeline, books it, and watches the reservation
// come up (Active) and go down (Finished) on its page without reloading; then she downloads it
// for her calendar, and sees the traffic it carried graphed beside the booked rate. The booking is
// short (40 s) and starts about 20 s after she picks the slot.
import { BookPage, MINUTE, ReservationPage, signedIn } from './pages.mjs';

export default async function (t) {
  const page = await signedIn(t, 'alice', { page: t.page });
  const book = await new BookPage(page).open();
  await book.choosePair('site-a:host-a1', 'site-b:host-b1');
  await book.setBandwidth(100);
  await book.windowAndDuration(40);
  await book.pickFirstFreeBand();
  t.expect(await page.getByRole('radio', { name: 'A fixed time' }).isChecked(), 'picking a free band switches the form to a fixed time');
  t.expect((await page.getByLabel('Start', { exact: true }).inputValue()) !== '', 'picking a free band fills the start');
  await t.screenshot(page, 'book-slot-picked');
  await t.checkAccessibility(page, 'book-slot-picked');

  await book.submit();
  const id = await book.bookedId();
  const reservation = new ReservationPage(page);
  await reservation.waitForState('Reserved');
  // Set once; a reload would lose it.
  await page.evaluate(() => { window.e2eSamePage = true; });
  await t.screenshot(page, 'reservation-reserved');

  await reservation.waitForState('Active', 1.5 * MINUTE);
  await reservation.waitForState('Finished', 1.5 * MINUTE);
  t.expect(await page.evaluate(() => window.e2eSamePage === true), 'the states changed on the page without a reload');
  t.expect(page.url().includes(encodeURIComponent(id)), `still on reservation ${id}'s page`);
  t.expect(await page.getByRole('list').filter({ hasText: 'Finished' }).count() > 0, 'the history lists the Finished step');
  // the circuit's traffic, polled by the L-NSAP and the NSAP while it was up, drawn beside the booked rate
  const graph = page.locator('svg.traffic-graph');
  await graph.waitFor({ timeout: 30_000 });
  const samples = Number(await graph.getAttribute('data-samples'));
  t.expect(samples > 0, `the traffic graph draws the circuit's samples (${samples})`);
  t.expect((await graph.getAttribute('aria-label')).includes('booked 100 Mbit/s'), 'the graph describes itself, booked rate included');
  t.expect(await page.locator('svg.traffic-graph line.booked').count() === 1, 'the booked rate is drawn as a line');

  const [download] = await Promise.all([page.waitForEvent('download'), reservation.calendarLink().click()]);
  t.expect(download.suggestedFilename().endsWith('.ics'), `the calendar download is an .ics file (${download.suggestedFilename()})`);
  const file = await download.path();
  const text = file ? (await import('node:fs')).readFileSync(file, 'utf8') : '';
  t.expect(text.includes('BEGIN:VCALENDAR'), 'the .ics download is an iCalendar file');
  await t.screenshot(page, 'reservation-finished');
  await t.checkAccessibility(page, 'reservation-finished');
}
