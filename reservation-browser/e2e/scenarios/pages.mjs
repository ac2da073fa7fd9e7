// Page objects for the scenarios: one per page of the reservation browser, each finding what a
// person sees by its role and its name (getByRole, getByLabel), never by a CSS class. The
// scenarios read as what alice or oscar does; a change of the pages' wording is fixed here.

/** The demo's accounts (deploy/run-demo.sh prints them). */
export const ACCOUNTS = {
  alice: ['alice', 'alice-demo'],
  bob: ['bob', 'bob-demo'],
  oscar: ['oscar', 'oscar-demo'],
};

/** Long waits: a booking comes up at its start and goes down at its end, on the demo's clock. */
export const MINUTE = 60_000;

/** A page of its own, signed in as the demo account `who`. */
export async function signedIn(t, who, { phone = false, page } = {}) {
  const p = page ?? await t.newPage({ phone });
  const [account, password] = ACCOUNTS[who];
  await t.signIn(p, account, password);
  return p;
}

/** Goes to a route of the pages (hash routing: no reload) and waits for its heading. */
export async function go(page, route, heading) {
  await page.evaluate((r) => { location.hash = r; }, route);
  if (heading) {
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }
}

/** An instant as the value of the page's datetime-local fields (in the page's own time zone). */
export function localInput(page, instant) {
  return page.evaluate((iso) => {
    const d = new Date(iso);
    const p = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, new Date(instant).toISOString());
}

/** An instant `ms` from now, to the second, as ISO text. */
export const fromNow = (ms) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString().replace(/\.000Z$/, 'Z');

/** Books over the JSON API (setting up data); answers the reservation or fails with the BAR's reason. */
export async function bookByApi(t, api, { source, destination, mbps, start, end, description = 'e2e' }) {
  const answer = await api.post('/api/reservations', {
    requestId: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`, source, destination, bandwidthMbps: mbps, description, holdOnly: false, timing: { kind: 'fixed', start, end },
  });
  t.expect(answer.status === 201 || answer.status === 200,
    `booking ${source} -> ${destination} at ${mbps} Mbit/s over the API answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  // A host port carries one circuit at a time: a booking left over from an earlier run is refused here, by name.
  t.expect(answer.body.state !== 'REJECTED', `booking ${source} -> ${destination} at ${mbps} Mbit/s from ${start} was refused: ${answer.body.reason}`);
  return answer.body;
}

/** Waits until the reservation's state (over the API) is one of `states`; answers the reservation. */
export async function waitForApiState(t, api, id, states, within) {
  const until = Date.now() + within;
  let r;
  do {
    r = (await api.get('/api/reservations/' + encodeURIComponent(id))).body;
    if (r && states.includes(r.state)) return r;
    await new Promise((done) => setTimeout(done, 1000));
  } while (Date.now() < until);
  t.expect(false, `reservation ${id} did not reach ${states.join(' or ')} within ${within / 1000} s (it is ${r && r.state})`);
  return r;
}

/** Cancels over the API what a scenario booked, so the next run finds the hosts free. */
export async function cancelQuietly(api, ...ids) {
  for (const id of ids.filter(Boolean)) {
    await api.post('/api/reservations/' + encodeURIComponent(id) + '/cancel', { reason: 'end of the e2e scenario' }).catch(() => {});
  }
}

/** The Book page. */
export class BookPage {
  constructor(page) {
    this.page = page;
  }

  async open() {
    await go(this.page, '/book', 'Book a circuit');
    return this;
  }

  async choosePair(source, destination) {
    await this.page.getByLabel('Source', { exact: true }).selectOption(source);
    await this.page.getByLabel('Destination', { exact: true }).selectOption(destination);
  }

  async setBandwidth(mbps) {
    await this.page.getByLabel('Unit', { exact: true }).selectOption('Mbit/s');
    await this.page.getByLabel('Bandwidth', { exact: true }).fill(String(mbps));
  }

  async windowAndDuration(seconds) {
    await this.page.getByRole('radio', { name: 'A window and a duration' }).check();
    await this.page.getByLabel('Duration unit').selectOption('seconds');
    await this.page.getByLabel('Duration', { exact: true }).fill(String(seconds));
  }

  async fixedTime(start, end) {
    await this.page.getByRole('radio', { name: 'A fixed time' }).check();
    await this.page.getByLabel('Start', { exact: true }).fill(await localInput(this.page, start));
    await this.page.getByLabel('End', { exact: true }).fill(await localInput(this.page, end));
  }

  /** The free start bands drawn on the availability timeline (SVG, each a button). */
  freeBands() {
    return this.page.getByRole('button', { name: /^Free start from/ });
  }

  /** Chooses the first free band of the timeline with the keyboard (Enter): its earliest start. */
  async pickFirstFreeBand() {
    const band = this.freeBands().first();
    await band.waitFor();
    await band.focus();
    await this.page.keyboard.press('Enter');
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Book', exact: true }).click();
  }

  /** After a booking the pages show the reservation: answers its id from the URL. */
  async bookedId() {
    await this.page.waitForURL(/#\/reservations\/[^?]+/);
    return decodeURIComponent(this.page.url().match(/#\/reservations\/([^?]+)/)[1]);
  }

  refusal() {
    return this.page.getByRole('region', { name: 'Refused' });
  }

  /** The one-click bookings of the next free slots offered after a refusal. */
  alternatives() {
    return this.page.getByRole('button', { name: /^Book from/ });
  }
}

/** One reservation's page. */
export class ReservationPage {
  constructor(page) {
    this.page = page;
  }

  async open(id) {
    await go(this.page, '/reservations/' + encodeURIComponent(id), 'Reservation ' + id);
    return this;
  }

  /** The live state badge (a status region named "Reservation state"). */
  state() {
    return this.page.getByRole('status', { name: 'Reservation state' });
  }

  /** Waits until the state badge says `label` (Reserved, Active, Finished, Cancelled, Waiting for approval). */
  async waitForState(label, timeout = 15_000) {
    await this.state().getByText(label, { exact: true }).waitFor({ timeout });
  }

  async cancel(reason) {
    await this.page.getByRole('button', { name: 'Cancel reservation' }).click();
    if (reason) await this.page.getByLabel('Reason (optional)').fill(reason);
    await this.page.getByRole('button', { name: 'Yes, cancel it' }).click();
  }

  calendarLink() {
    return this.page.getByRole('link', { name: /Download for your calendar/ });
  }
}

/** Waits until `check()` answers true (polled every 250 ms), or fails the scenario with `message`. */
export async function eventually(t, check, message, within = 15_000) {
  const until = Date.now() + within;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  t.expect(false, message);
}
