// Accounts and the lobby in a real browser: sign up, the confirmation mail's link, log in,
// the lobby, a new game, an invitation by address, and the invited person following the
// invitation mail's link, signing up and taking the seat. CSRF and the cookie's limits.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, screenshots, assertNoSideScroll, PHONE, DESKTOP } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** A link in a mail, on the test server (mail names the public URL). */
function onServer(link) {
  const u = new URL(link);
  return server.url + u.pathname + u.search;
}

function mailTo(address, pred, what) {
  return server.waitForMail(
    (m) => m.to.toLowerCase().includes(address.toLowerCase()) && pred(m),
    what,
  );
}

async function signUp(page, name, email, password) {
  await page.getByLabel('Your name, as other players see it').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForSelector('text=Check your mail');
}

test('sign up, confirm, log in, create a game, invite, and the invited signs up and takes the seat', async () => {
  const ada = { name: 'Ada', email: `ada.${unique()}@example.org`, password: 'a long password for ada' };
  const page = await newPage(browser, server, DESKTOP);
  await page.goto(`${server.url}/`);
  await assertNoSideScroll(page, 'the welcome page');
  await screenshots(page, 'welcome');
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await signUp(page, ada.name, ada.email, ada.password);

  // The welcome mail's link confirms the address.
  const welcome = await mailTo(ada.email, (m) => m.links.some((l) => l.includes('/verify?token=')), 'the welcome mail');
  const verify = await newPage(browser, server, PHONE);
  const confirmed = await verify.goto(onServer(welcome.links.find((l) => l.includes('/verify?token='))));
  assert.equal(confirmed.status(), 200);
  assert.match(await verify.locator('body').innerText(), /Address confirmed/);

  // Log in from the page the sign-up left open.
  await page.getByLabel('Password').fill(ada.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForSelector('h1:text("Your games")');
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'hermes_session');
  assert.ok(session, 'a session cookie');
  assert.equal(session.httpOnly, true);
  assert.equal(session.sameSite, 'Lax');
  // The cookie alone does not call the JSON API.
  const api = await fetch(`${server.url}/games`, { headers: { cookie: `hermes_session=${session.value}` } });
  assert.equal(api.status, 401);
  // Nor can a page script read it.
  assert.equal(await page.evaluate(() => document.cookie.includes('hermes_session')), false);

  // A new game of Gods for two, watched by its players only.
  await page.getByLabel(/Gods \(2 to 4 players\)/).check();
  await page.getByLabel('Players', { exact: true }).fill('2');
  await page.getByLabel('Who may watch').selectOption('players');
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForSelector('text=Your game is created');
  const bob = { name: 'Bob', email: `bob.${unique()}@example.org`, password: 'a long password for bob' };
  await page.getByLabel('Address to invite to this game').fill(bob.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await page.waitForSelector(`text=${bob.email} is invited.`);
  assert.match(await page.locator('body').innerText(), /watched by players only/);
  await assertNoSideScroll(page, 'the lobby');
  await screenshots(page, 'lobby');
  assert.deepEqual(page.foreignRequests, []);

  // Bob follows the invitation mail's link, signs up, logs in and takes the seat.
  const invitation = await mailTo(bob.email, (m) => m.links.some((l) => l.includes('/join/')), 'the invitation');
  const bobPage = await newPage(browser, server, PHONE);
  await bobPage.goto(onServer(invitation.links.find((l) => l.includes('/join/'))));
  await assertNoSideScroll(bobPage, 'the join page, signed out');
  await bobPage.locator('main').getByRole('link', { name: 'sign up' }).click();
  await signUp(bobPage, bob.name, bob.email, bob.password);
  await assertNoSideScroll(bobPage, 'the sign-up answer');
  await bobPage.getByLabel('Password').fill(bob.password);
  await bobPage.getByRole('button', { name: 'Log in' }).click();
  // Back on the join page, signed in.
  await bobPage.waitForSelector('button:text("Take a seat")');
  const [seated] = await Promise.all([
    bobPage.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/join/')),
    bobPage.getByRole('button', { name: 'Take a seat' }).click(),
  ]);
  assert.equal(seated.status(), 303);
  assert.match(seated.headers().location, /\/games\/[0-9a-f]+\/play$/);
  // The game has started: both lobbies show it.
  await bobPage.goto(`${server.url}/`);
  const bobLobby = await bobPage.locator('main').innerText();
  assert.match(bobLobby, /Gods #[0-9a-f]{6} · 2 seats/);
  assert.doesNotMatch(bobLobby, /waiting for players/);
  await assertNoSideScroll(bobPage, "Bob's lobby");
  await page.goto(`${server.url}/`);
  const adaLobby = await page.locator('main').innerText();
  assert.match(adaLobby, /Ada, Bob|Bob, Ada/);
  await screenshots(page, 'lobby-started');

  // Logging out ends the session; the old cookie no longer signs in.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForSelector('text=Board games by mail');
  const stale = await fetch(`${server.url}/`, { headers: { cookie: `hermes_session=${session.value}` } });
  assert.match(await stale.text(), /Board games by mail/);
});

test('a form posted without its CSRF token is refused with a 403 page', async () => {
  const page = await newPage(browser, server, DESKTOP);
  await page.goto(`${server.url}/login`);
  // Take the token out of the form, as a forged cross-site form would lack it.
  await page.evaluate(() => document.querySelector('input[name=csrf]').remove());
  await page.getByLabel('Email').fill('someone@example.org');
  await page.getByLabel('Password').fill('whatever it is');
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
  assert.equal(answer.status(), 403);
  assert.match(await page.locator('h1').innerText(), /This form has expired/);
  // A bearer token cannot post a form either: no session, no game.
  const forged = await fetch(`${server.url}/lobby/games`, {
    method: 'POST',
    headers: { authorization: 'Bearer hms_0000', 'content-type': 'application/x-www-form-urlencoded' },
    body: 'kind=gods&seats=2',
    redirect: 'manual',
  });
  assert.equal(forged.status, 401);
});

test('an account becomes a bot on its preferences page, and then plays nothing from the pages', async () => {
  const rob = { name: 'Rob', email: `rob.${unique()}@example.org`, password: 'a long password for rob' };
  const page = await newPage(browser, server, PHONE);
  await page.goto(`${server.url}/signup`);
  await signUp(page, rob.name, rob.email, rob.password);
  await page.getByLabel('Password').fill(rob.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForSelector('h1:text("Your games")');
  await page.goto(`${server.url}/preferences`);
  await assertNoSideScroll(page, 'the preferences page');
  await screenshots(page, 'preferences-person');
  await page.getByRole('button', { name: 'Make this a bot account' }).click();
  await page.waitForSelector('text=This is a bot account');
  await assertNoSideScroll(page, "a bot's preferences page");
  await screenshots(page, 'preferences-bot');
  // Its lobby still shows the new-game form; sending it is refused.
  await page.goto(`${server.url}/`);
  await page.getByLabel(/Gods \(2 to 4 players\)/).check();
  await page.getByLabel('Players', { exact: true }).fill('2');
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/lobby/games')),
    page.getByRole('button', { name: 'Create the game' }).click(),
  ]);
  assert.equal(refused.status(), 403);
  assert.match(await page.locator('body').innerText(), /A bot plays through the API/);
  await screenshots(page, 'bot-refused');
});
