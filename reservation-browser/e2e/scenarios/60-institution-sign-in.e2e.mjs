// Sign-in through the site's identity provider (OpenID Connect): the sign-in page offers it when
// the BAR has a provider (BrowserEndToEndTest starts one, whose every sign-in is carol's); the
// browser goes to the provider and comes back signed in, with no password typed here.
export default async function (t) {
  const page = t.page;
  const config = await (await page.request.get(t.baseUrl + '/api/config')).json();
  if (!config.oidc || !config.oidc.enabled) {
    console.log('  this BAR has no identity provider: nothing to sign in through');
    return;
  }

  const institution = page.getByRole('link', { name: /Sign in with your institution/ });
  await institution.waitFor({ state: 'visible' });
  await t.screenshot(page, 'sign-in-with-institution');
  await institution.click();

  await page.getByText('Signed in as').waitFor({ state: 'visible', timeout: 15000 });
  const who = await page.locator('.who strong').first().textContent();
  t.expect(who.trim() === 'carol', 'the provider\'s person is signed in as carol, was ' + who);
  const me = await (await page.request.get(t.baseUrl + '/api/session')).json();
  t.expect(me.account === 'carol' && me.groups.includes('astro'), 'the session is carol\'s, in astro: ' + JSON.stringify(me));
}
