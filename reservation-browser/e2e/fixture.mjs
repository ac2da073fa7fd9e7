// The fixture `t` every scenario receives: pages in Debian's Chromium, screenshots at laptop and
// phone sizes, an accessibility check with axe-core, and the BAR's JSON API over HTTP Basic.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The two sizes every screenshot is taken at: a common laptop and a common phone, in CSS pixels. */
export const LAPTOP = Object.freeze({ width: 1366, height: 768 });
export const PHONE = Object.freeze({ width: 390, height: 844 });

/** How long one step (a click, a fill, a wait for an element) may take before the scenario fails. */
const STEP_TIMEOUT_MS = 15_000;

/** axe-core's findings at these impacts fail the check; the others are written down only. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

let axeSource;

/** A scenario's failed expectation, told apart from a crash in the harness or the page. */
export class ExpectationFailed extends Error {
  constructor(message) {
    super(message);
    this.name = 'ExpectationFailed';
  }
}

/**
 * Options of every browser context: fixed locale and time zone so that what the pages show does
 * not depend on the machine, and no animations so that screenshots are of settled pages.
 */
function contextOptions(viewport, phone) {
  return {
    viewport,
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'UTC',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  };
}

/** Waits two animation frames: a resized page has laid itself out and painted by then. */
async function settle(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Opens a page in a context of its own (its own cookies, so one person per context) at the
 * base URL, and collects the page's uncaught errors into {@code pageErrors}. Answers the page
 * and the HTTP response to its navigation.
 */
export async function openPage(browser, baseUrl, { phone = false, path: at = '', failedRequests } = {}, pageErrors = []) {
  const context = await browser.newContext(contextOptions(phone ? PHONE : LAPTOP, phone));
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  if (failedRequests !== undefined) {
    // Every answer of 400 or more, and every error the console shows (Chromium logs a refused request there).
    page.on('response', (r) => { if (r.status() >= 400) failedRequests.push(`${r.request().method()} ${r.url()}: HTTP ${r.status()}`); });
    page.on('console', (m) => { if (m.type() === 'error') failedRequests.push(`console: ${m.text()}`); });
  }
  const response = await page.goto(new URL(at, baseUrl).href);
  return { page, response };
}

/**
 * The fixture of one scenario. {@link close} closes every context it opened.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {{baseUrl: string, screenshots: string, scenario: string}} options
 */
export async function createFixture(browser, { baseUrl, screenshots, scenario }) {
  const pages = [];
  const pageErrors = [];

  async function newPage({ phone = false, path: at = '' } = {}) {
    const { page } = await openPage(browser, baseUrl, { phone, path: at }, pageErrors);
    pages.push(page);
    return page;
  }

  const t = {
    /** The scenario's name: its file name without .e2e.mjs. */
    scenario,
    /** The BAR's root URL, with a trailing slash. */
    baseUrl,
    /** A fresh page at laptop size (1366x768) showing the base URL. */
    page: await newPage(),

    /** Another fresh page, in a context of its own (another person), at the base URL or {@code path}. */
    newPage,

    /**
     * Signs in through the sign-in form on {@code page}: fills the fields labelled Account and
     * Password, presses Sign in and waits for the navigation landmark of the signed-in pages.
     */
    async signIn(page, account, password) {
      await page.getByLabel('Account', { exact: true }).fill(account);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('navigation').first().waitFor({ state: 'visible' });
    },

    /**
     * Saves DIR/NAME-laptop.png and DIR/NAME-phone.png (whole pages), resizing the page's
     * viewport for each and giving it back its own size afterwards.
     */
    async screenshot(page, name) {
      const own = page.viewportSize();
      await mkdir(screenshots, { recursive: true });
      try {
        for (const [size, viewport] of [['laptop', LAPTOP], ['phone', PHONE]]) {
          await page.setViewportSize(viewport);
          await settle(page);
          await page.screenshot({ path: path.join(screenshots, `${name}-${size}.png`), fullPage: true });
        }
      } finally {
        if (own) {
          await page.setViewportSize(own);
        }
      }
    },

    /**
     * Runs axe-core on the page as it is and fails listing every rule broken at impact serious
     * or critical; all findings go to DIR/NAME-axe.json. axe is evaluated through the debugging
     * protocol, which a Content-Security-Policy does not govern, so the pages' own policy stays
     * as strict as users get it.
     */
    async checkAccessibility(page, name) {
      axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
      await page.evaluate(`${axeSource}\n;undefined`);
      const violations = await page.evaluate(async () => {
        // eslint-disable-next-line no-undef
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          helpUrl: v.helpUrl,
          nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
        }));
      });
      await mkdir(screenshots, { recursive: true });
      await writeFile(path.join(screenshots, `${name}-axe.json`), `${JSON.stringify({ url: page.url(), violations }, null, 2)}\n`);
      const failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact));
      for (const v of violations.filter((x) => !FAILING_IMPACTS.has(x.impact))) {
        console.log(`    note: ${name}: accessibility ${v.impact} ${v.id}: ${v.help} (${v.nodes.length} elements)`);
      }
      if (failing.length > 0) {
        const listed = failing.map((v) => `  ${v.impact} ${v.id}: ${v.help}\n`
          + v.nodes.slice(0, 5).map((n) => `    at ${n.target}`).join('\n')
          + (v.nodes.length > 5 ? `\n    and ${v.nodes.length - 5} more` : '')).join('\n');
        throw new ExpectationFailed(`${name}: ${failing.length} accessibility rule(s) broken at impact serious or critical `
          + `(${page.url()}):\n${listed}`);
      }
    },

    /** Fails the scenario with {@code message} unless {@code condition} holds. */
    expect(condition, message) {
      if (!condition) {
        throw new ExpectationFailed(message);
      }
    },

    /**
     * A client of the BAR's JSON API signed in as {@code account} by HTTP Basic (which needs no
     * CSRF token). Each call answers {status, headers, body}: body parsed when it is JSON, the
     * text otherwise, null when empty. Paths are resolved against the base URL ('/api/...').
     */
    api(account, password) {
      const authorization = `Basic ${Buffer.from(`${account}:${password}`).toString('base64')}`;
      async function call(method, at, body) {
        const headers = { authorization, accept: 'application/json' };
        if (body !== undefined) {
          headers['content-type'] = 'application/json';
        }
        const response = await fetch(new URL(at, baseUrl), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
        });
        const text = await response.text();
        const json = (response.headers.get('content-type') ?? '').includes('json') && text !== '';
        return { status: response.status, headers: response.headers, body: json ? JSON.parse(text) : (text || null) };
      }
      return {
        get: (at) => call('GET', at),
        post: (at, body = {}) => call('POST', at, body),
        patch: (at, body = {}) => call('PATCH', at, body),
        del: (at) => call('DELETE', at),
      };
    },
  };

  return {
    t,
    pages,
    pageErrors,
    async close() {
      await Promise.allSettled(pages.map((p) => p.context().close()));
    },
  };
}
