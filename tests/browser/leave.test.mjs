// Leaving a game from its page, the lobby and the time zone, in a real browser: a player
// resigns from the game page (a confirmation page, no script needed) and the other
// player's open page says so within a second; the lobby's new-game form follows the kind
// chosen (its options and its seat count) and the join link is a full URL with a working
// copy button; sign-up offers the browser's time zone and preferences pick zones from a list.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, screenshots, assertNoSideScroll, DESKTOP } from './harness.mjs';
import { api, apiUser } from './api.mjs';

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

async function startedGods(players) {
  const created = await api(server, 'POST', '/games', {
    token: players[0].token,
    body: { kind: 'gods', seats: players.length, random_seats: false },
  });
  assert.equal(created.status, 201, created.text);
  for (const p of players.slice(1)) {
    const joined = await api(server, 'POST', `/games/${created.json.id}/join`, {
      token: p.token,
      body: { code: created.json.join_code },
    });
    assert.equal(joined.status, 200, joined.text);
  }
  return created.json;
}

async function turnLink(player, game) {
  const mail = await server.waitForMail(
    (m) => m.to.toLowerCase().includes(player.email.toLowerCase()) && m.links.some((l) => l.includes(`/games/${game}/play?token=`)),
    `a turn link for ${player.name}`,
  );
  const u = new URL(mail.links.find((l) => l.includes(`/games/${game}/play?token=`)));
  return server.url + u.pathname + u.search;
}

async function logIn(page, player) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password').fill(player.password);
  await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Log in' }).click()]);
}

test('a player resigns from the game page and the other open page shows it within a second', { timeout: 120_000 }, async () => {
  const ann = await apiUser(server, 'Ann');
  const ben = await apiUser(server, 'Ben');
  const game = await startedGods([ann, ben]);
  const id = game.id;
  const a = await newPage(browser, server, DESKTOP);
  await a.goto(await turnLink(ann, id));
  const b = await newPage(browser, server, DESKTOP);
  await logIn(b, ben);
  await b.goto(`${server.url}/games/${id}/play`);
  await b.waitForSelector('main[data-live-open=true]', { timeout: 5000 });
  await b.evaluate(() => { window.loadedAs = 'b'; });
  // The page names the game as its mail does.
  assert.match(await b.locator('h1').innerText(), new RegExp(`^Gods #${id.slice(0, 6)}`));

  // Ann asks to resign: a confirmation page first, which says what will happen.
  await a.click('#leave-resign');
  await a.waitForSelector('#leave-confirm');
  assert.match(await a.locator('h1').innerText(), /^Resign from Gods #/);
  assert.match(await a.locator('main').innerText(), /Hermes passes for it/);
  await screenshots(a, 'leave-confirm');
  await assertNoSideScroll(a, 'the confirmation page');
  // "No, go back" leaves everything as it was.
  await Promise.all([a.waitForURL(/\/play\?token=/), a.click('#leave-cancel')]);
  const still = await api(server, 'GET', `/games/${id}`, { token: ben.token });
  assert.equal(still.json.players[0].resigned, false);

  await a.click('#leave-resign');
  await a.waitForSelector('#leave-confirm');
  const started = Date.now();
  const seen = b.waitForFunction(
    () => /Ann resigned: Hermes passes for that seat/.test(document.querySelector('main')?.innerText || ''),
    null,
    { timeout: 1000 },
  );
  await a.click('#leave-confirm');
  await seen;
  const took = Date.now() - started;
  assert.ok(took <= 1000, `Ben's page said it after ${took} ms`);
  assert.equal(await b.evaluate(() => window.loadedAs), 'b', 'without a reload');
  await a.waitForURL(/left=resign/);
  assert.match(await a.locator('.flash').innerText(), /You resigned/);
  assert.equal(await a.locator('#leave-resign').count(), 0, 'no second resignation offered');
  // The API and the game's stream agree.
  const after = await api(server, 'GET', `/games/${id}`, { token: ben.token });
  assert.equal(after.json.players[0].resigned, true);
  await screenshots(b, 'leave-other-page-resigned');
  await screenshots(a, 'leave-after-resigning');
  assert.deepEqual([...a.foreignRequests, ...b.foreignRequests], []);
});

test('the lobby follows the kind chosen and copies a full join link', { timeout: 120_000 }, async () => {
  const cleo = await apiUser(server, 'Cleo');
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  await logIn(page, cleo);
  const form = page.locator('#new-game');
  const gods = form.locator('fieldset.kind-options[data-kind=gods]');
  const dreams = form.locator('fieldset.kind-options[data-kind=dreams]');
  // Gods by default: its options only, 2 to 4 players.
  assert.equal(await gods.isVisible(), true);
  assert.equal(await dreams.isVisible(), false);
  assert.equal(await page.inputValue('#seats'), '2');
  assert.equal(await page.getAttribute('#seats', 'max'), '4');
  // Dreams: its deck, not Gods' draw, and at least 3 players.
  await page.check('input[name=kind][value=dreams]');
  assert.equal(await gods.isVisible(), false);
  assert.equal(await dreams.isVisible(), true);
  assert.equal(await page.inputValue('#seats'), '3', 'the seat count follows the kind');
  assert.equal(await page.getAttribute('#seats', 'min'), '3');
  assert.equal(await page.getAttribute('#seats', 'max'), '6');
  await screenshots(page, 'lobby-new-game-dreams');
  // Back to Gods with 6 players asked: the most Gods allows.
  await page.fill('#seats', '6');
  await page.check('input[name=kind][value=gods]');
  assert.equal(await page.inputValue('#seats'), '4');

  // A game of Gods for three, one address invited.
  await page.fill('#seats', '3');
  await page.fill('#invite', 'dora@example.org');
  await Promise.all([page.waitForURL(/created=/), page.getByRole('button', { name: 'Create the game' }).click()]);
  const link = page.locator('input.join-url').first();
  const url = await link.inputValue();
  assert.match(url, new RegExp(`^${server.url}/join/[A-Za-z0-9]+$`), 'a full URL');
  assert.match(await page.locator('main').innerText(), /Invited, not joined yet: dora@example\.org/);
  assert.match(await page.locator('main').innerText(), /Joined: Cleo/);
  const copy = page.locator('button.copy').first();
  await copy.click();
  await page.waitForSelector('button.copy[data-copied=true]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
  await screenshots(page, 'lobby-join-link');
  await assertNoSideScroll(page, 'the lobby');

  // A form error shows next to its field: Dreams for 2 (the script keeps the count in
  // range, so the form is sent as a script-less browser would send it).
  const refused = await page.evaluate(async (home) => {
    const f = document.querySelector('#new-game');
    const data = new URLSearchParams(new FormData(f));
    data.set('kind', 'dreams');
    data.set('seats', '2');
    data.set('deck', 'standard');
    const r = await fetch(`${home}/lobby/games`, { method: 'POST', body: data });
    return { status: r.status, html: await r.text() };
  }, server.url);
  assert.equal(refused.status, 422);
  await page.setContent(refused.html);
  const error = page.locator('#seats-error');
  assert.match(await error.innerText(), /3 to 6 players/);
  assert.equal(await page.getAttribute('#seats', 'aria-describedby'), 'seats-error');
  const [field, message] = await Promise.all([page.locator('#seats').boundingBox(), error.boundingBox()]);
  assert.ok(message.y - (field.y + field.height) < 40, 'the error sits right under its field');
  await context.close();
});

test('sign-up offers the browser\'s time zone and preferences pick zones from a list', { timeout: 120_000 }, async () => {
  const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await page.goto(`${server.url}/signup`);
  assert.equal(await page.inputValue('#time_zone'), 'Asia/Tokyo', "the browser's zone is chosen");
  assert.equal(await page.locator('select#time_zone').count(), 1, 'a picker, not a text field');
  await screenshots(page, 'signup-time-zone');
  const email = `dora.${Date.now()}@example.org`;
  await page.getByLabel('Your name, as other players see it').fill('Dora');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('a long password for Dora');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForSelector('text=check your mail', { timeout: 5000 }).catch(() => {});
  const login = await api(server, 'POST', '/auth/login', { body: { email, password: 'a long password for Dora' } });
  assert.equal(login.status, 200, login.text);
  const prefs = await api(server, 'GET', '/me/preferences', { token: login.json.access_token });
  assert.equal(prefs.json.time_zone, 'Asia/Tokyo', prefs.text);

  await logIn(page, { email, password: 'a long password for Dora' });
  await page.goto(`${server.url}/preferences`);
  assert.equal(await page.inputValue('select#time_zone'), 'Asia/Tokyo');
  await page.selectOption('select#time_zone', 'Europe/Berlin');
  await Promise.all([page.waitForURL(/saved=1/), page.getByRole('button', { name: 'Save' }).click()]);
  assert.equal(await page.inputValue('select#time_zone'), 'Europe/Berlin');
  await screenshots(page, 'preferences-time-zone');
  await context.close();
});
