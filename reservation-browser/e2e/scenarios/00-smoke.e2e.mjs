// The BAR serves the reservation pages at its root: the sign-in page loads, offers its form, and
// passes the accessibility check.
export default async function (t) {
  const page = t.page;

  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible' });
  t.expect(await page.getByLabel('Account', { exact: true }).isEditable(), 'the Account field takes input');
  t.expect(await page.getByLabel('Password', { exact: true }).isEditable(), 'the Password field takes input');
  t.expect((await page.title()).trim() !== '', 'the sign-in page has a title');

  await t.screenshot(page, 'sign-in');
  await t.checkAccessibility(page, 'sign-in');
}
