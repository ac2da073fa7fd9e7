#!/usr/bin/env node
// Drives the reservation pages end to end in Debian's Chromium (never a downloaded browser):
//
//   node run.mjs --base-url http://127.0.0.1:8080 --screenshots DIR [--only NAME]
//
// First measures how long the first page takes to become usable (navigation start to an enabled
// Sign in button, from the page's own performance clock) and writes it to DIR/metrics.json; then
// runs every scenarios/*.e2e.mjs in file-name order, each `export default async function (t)`
// with the fixture of fixture.mjs. Exits 0 when all pass, 1 when any fails (each failure named
// with its reason), 2 on a bad command line. CRS_CHROMIUM names another Chromium binary.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

import { createFixture, ExpectationFailed, openPage } from './fixture.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.CRS_CHROMIUM || '/usr/bin/chromium';
const SCENARIO_SUFFIX = '.e2e.mjs';
/** A scenario that takes longer than this has hung: it fails, and the next one runs. */
const SCENARIO_TIMEOUT_MS = 300_000;
/** How long the first page may take to offer an enabled Sign in button. */
const FIRST_PAGE_TIMEOUT_MS = 30_000;

function usage(problem) {
  console.error(`run.mjs: ${problem}\nusage: node run.mjs --base-url URL --screenshots DIR [--only NAME]`);
  process.exit(2);
}

function options() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        'base-url': { type: 'string' },
        screenshots: { type: 'string' },
        only: { type: 'string' },
      },
    }).values;
  } catch (e) {
    usage(e.message);
  }
  if (!parsed['base-url']) usage('--base-url is required');
  if (!parsed.screenshots) usage('--screenshots is required');
  let baseUrl;
  try {
    baseUrl = new URL(parsed['base-url']);
  } catch {
    usage(`--base-url is not a URL: ${parsed['base-url']}`);
  }
  baseUrl.pathname = baseUrl.pathname.endsWith('/') ? baseUrl.pathname : `${baseUrl.pathname}/`;
  return { baseUrl: baseUrl.href, screenshots: path.resolve(parsed.screenshots), only: parsed.only };
}

/** The scenario files in the order they run; --only keeps those whose name is or contains NAME. */
async function scenarios(only) {
  const folder = path.join(here, 'scenarios');
  const names = (await readdir(folder)).filter((f) => f.endsWith(SCENARIO_SUFFIX)).sort()
    .map((f) => ({ name: f.slice(0, -SCENARIO_SUFFIX.length), file: path.join(folder, f) }));
  if (only === undefined) return names;
  const chosen = names.filter((s) => s.name === only || s.name.includes(only));
  if (chosen.length === 0) usage(`no scenario matches --only ${only} (there are: ${names.map((s) => s.name).join(', ')})`);
  return chosen;
}

/**
 * Milliseconds from navigation start to the moment the sign-in form can be used (a button named
 * Sign in, enabled, outside any inert or disabled part), read from the page's performance clock
 * at the animation frame it first holds; with the page's navigation timing beside it.
 */
async function firstPageInteractive(browser, baseUrl) {
  const pageErrors = [];
  const failedRequests = [];
  const { page, response } = await openPage(browser, baseUrl, { failedRequests }, pageErrors);
  try {
    const cold = await signInFormEnabledAt(page).catch(async (e) => {
      throw new Error(`${e.message}\n  the page answered HTTP ${response?.status() ?? '(none)'} `
        + `${response?.headers()['content-type'] ?? ''} and shows: ${await shown(page)}`);
    });
    await page.reload();
    const warm = await signInFormEnabledAt(page);
    return { coldMs: cold.at, warmMs: warm.at, navigation: cold.navigation, pageErrors, failedRequests };
  } finally {
    await page.context().close();
  }
}

/** The start of what the page shows, on one line, for a failure's message. */
async function shown(page) {
  const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
  const line = text.replace(/\s+/g, ' ').trim();
  return line === '' ? '(nothing)' : JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}...` : line);
}

async function signInFormEnabledAt(page) {
  const handle = await page.waitForFunction(() => {
    const named = (b) => (b.getAttribute('aria-label') || b.textContent || b.value || '').trim() === 'Sign in';
    const button = [...document.querySelectorAll('button, input[type=submit]')].find(named);
    const usable = button && !button.disabled && !button.closest('[inert], fieldset[disabled], [aria-disabled=true]');
    if (!usable) return false;
    const n = performance.getEntriesByType('navigation')[0];
    return {
      at: Math.round(performance.now()),
      navigation: n && {
        responseStartMs: Math.round(n.responseStart),
        domInteractiveMs: Math.round(n.domInteractive),
        domContentLoadedMs: Math.round(n.domContentLoadedEventEnd),
        transferBytes: n.transferSize,
      },
    };
  }, undefined, { polling: 'raf', timeout: FIRST_PAGE_TIMEOUT_MS });
  return handle.jsonValue();
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function reason(error) {
  if (error instanceof ExpectationFailed) return error.message;
  // A crash or a Playwright timeout: the stack says which step of the scenario it was.
  return error?.stack || String(error);
}

async function saveFailureScreenshots(screenshots, name, pages) {
  const folder = path.join(screenshots, 'failures');
  await mkdir(folder, { recursive: true });
  await Promise.allSettled(pages.map((p, i) => p.screenshot({ path: path.join(folder, `${name}-${i + 1}.png`), fullPage: true })));
}

async function main() {
  const { baseUrl, screenshots, only } = options();
  const chosen = await scenarios(only);
  await mkdir(screenshots, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // /dev/shm is small in containers: Chromium keeps its shared memory in /tmp instead. The
    // network is closed but to 127.0.0.1: no background connections to the browser's vendor.
    args: ['--disable-dev-shm-usage', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const failures = [];
  let passed = 0;
  try {
    console.log(`Chromium ${browser.version()} (${CHROMIUM}) against ${baseUrl}; screenshots in ${screenshots}`);

    const metrics = { baseUrl, chromium: browser.version(), measuredAt: new Date().toISOString() };
    try {
      const first = await firstPageInteractive(browser, baseUrl);
      console.log(`first page interactive in ${first.coldMs} ms (again, from the cache: ${first.warmMs} ms)`);
      Object.assign(metrics, {
        firstPageInteractiveMs: first.coldMs,
        firstPageInteractiveCachedMs: first.warmMs,
        navigation: first.navigation,
      });
      if (first.pageErrors.length > 0) {
        failures.push({ name: 'first-page', why: `uncaught errors in the page:\n  ${first.pageErrors.join('\n  ')}` });
      }
      if (first.failedRequests.length > 0) {
        // A signed-out visitor's first page asks whether anyone is signed in, and is answered: no request fails.
        failures.push({ name: 'first-page', why: `requests that failed:\n  ${first.failedRequests.join('\n  ')}` });
      }
    } catch (e) {
      metrics.firstPageInteractiveMs = null;
      failures.push({ name: 'first-page', why: `no enabled Sign in button at ${baseUrl}: ${e.message}` });
      console.log(`FAIL first-page: no enabled Sign in button at ${baseUrl}`);
    }
    await writeFile(path.join(screenshots, 'metrics.json'), `${JSON.stringify(metrics, null, 2)}\n`);

    for (const { name, file } of chosen) {
      const started = Date.now();
      let fixture;
      try {
        const scenario = (await import(pathToFileURL(file).href)).default;
        if (typeof scenario !== 'function') {
          throw new ExpectationFailed(`${path.basename(file)} has no default export function (t)`);
        }
        fixture = await createFixture(browser, { baseUrl, screenshots, scenario: name });
        await withTimeout(scenario(fixture.t), SCENARIO_TIMEOUT_MS, `scenario ${name}`);
        if (fixture.pageErrors.length > 0) {
          throw new ExpectationFailed(`uncaught errors in the page:\n  ${fixture.pageErrors.join('\n  ')}`);
        }
        passed += 1;
        console.log(`PASS ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failures.push({ name, why: reason(e) });
        console.log(`FAIL ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${reason(e)}`);
        if (fixture) await saveFailureScreenshots(screenshots, name, fixture.pages);
      } finally {
        if (fixture) await fixture.close();
      }
    }
  } finally {
    await browser.close();
  }

  if (failures.length > 0) {
    console.log(`\nFailed (screenshots of their pages in ${path.join(screenshots, 'failures')}):`);
    for (const f of failures) console.log(`- ${f.name}: ${f.why}`);
  }
  console.log(`${passed} passed, ${failures.length} failed`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

main().catch((e) => {
  console.error(`run.mjs: ${e?.stack || e}`);
  process.exitCode = 1;
});
