// Pages that follow the game: two players' pages open on one game, a turn played in one
// shows in the other within a second, without a reload (a value the page set when it
// loaded survives); the tab's title says whose turn it is; a turn being built is kept
// when someone talks (the talk shows, a bar offers the update); the lobby and the replay's
// last step follow too; a finished game's pages show its rematch proposed and started.
// The icon and the web app manifest are linked from the pages.
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

const YOUR_TURN = /^● Your turn/;

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
  return created.json.id;
}

async function turnLink(player, game) {
  const mail = await server.waitForMail(
    (m) => m.to.toLowerCase().includes(player.email.toLowerCase()) && m.links.some((l) => l.includes(`/games/${game}/play?token=`)),
    `a turn link for ${player.name}`,
  );
  const u = new URL(mail.links.find((l) => l.includes(`/games/${game}/play?token=`)));
  return server.url + u.pathname + u.search;
}

/** Log `player` in on `page` through the login form (a browser session). */
async function logIn(page, player) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password').fill(player.password);
  await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Log in' }).click()]);
}

/** Mark the page as loaded once, and wait until it listens to its stream. */
async function listening(page, mark) {
  await page.waitForSelector('main[data-live-open=true]', { timeout: 5000 }).catch(async (e) => {
    const main = await page.evaluate(() => document.querySelector('main')?.outerHTML.slice(0, 200));
    throw new Error(`${mark} (${page.url()}) does not listen: ${main}\n${(page.logs || []).join('\n')}\n${e.message}`);
  });
  await page.evaluate((m) => { window.loadedAs = m; }, mark);
}

async function firstTurnText(player, id) {
  const legal = await api(server, 'GET', `/games/${id}/legal`, { token: player.token });
  assert.equal(legal.status, 200, legal.text);
  return legal.json.legal.may_declare_end ? 'continue' : 'discard 1; discard 1';
}

test('a turn played on one page shows on the other within a second, without a reload', { timeout: 120_000 }, async () => {
  const ann = await apiUser(server, 'Ann');
  const ben = await apiUser(server, 'Ben');
  const id = await startedGods([ann, ben]);

  // Ann by her turn link; Ben signed in, on the game page, his lobby and the replay.
  const a = await newPage(browser, server, DESKTOP);
  await a.goto(await turnLink(ann, id));
  const b = await newPage(browser, server, DESKTOP);
  for (const p of [a, b]) { p.logs = []; p.on('console', (m) => p.logs.push(m.text())); }
  // Ben's context holds three pages: none may ask another host.
  const foreign = [];
  b.context().on('request', (r) => {
    if (!/^(data|about):/.test(r.url()) && new URL(r.url()).origin !== new URL(server.url).origin) foreign.push(r.url());
  });
  await logIn(b, ben);
  const lobby = await b.context().newPage();
  await lobby.goto(`${server.url}/`);
  const replay = await b.context().newPage();
  await replay.goto(`${server.url}/games/${id}/replay`);
  await b.goto(`${server.url}/games/${id}/play`);
  for (const [p, m] of [[a, 'a'], [b, 'b'], [lobby, 'lobby'], [replay, 'replay']]) await listening(p, m);

  assert.match(await a.title(), YOUR_TURN);
  assert.doesNotMatch(await b.title(), YOUR_TURN);
  assert.doesNotMatch(await lobby.title(), YOUR_TURN);
  assert.equal(await b.locator('#builder').count(), 0, 'not his turn: nothing to build');
  // The icon and the manifest, from the server itself.
  assert.equal(await b.getAttribute('link[rel=icon]', 'href'), '/static/icon.svg');
  assert.equal(await b.getAttribute('link[rel=manifest]', 'href'), '/manifest.webmanifest');
  const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
  assert.equal(manifest.icons[0].src, '/static/icon.svg');
  assert.equal((await fetch(`${server.url}/static/icon.svg`)).headers.get('content-type'), 'image/svg+xml');

  // Ann plays her turn with the page's form; Ben's pages follow within a second.
  const text = await firstTurnText(ann, id);
  await a.fill('#notation', text);
  const started = Date.now();
  const seen = Promise.all([
    b.waitForFunction(() => document.title.startsWith('● Your turn'), null, { timeout: 1000 }),
    lobby.waitForFunction(() => document.title.startsWith('● Your turn (1)'), null, { timeout: 1000 }),
    replay.waitForFunction(() => /Turn 1 of 1/.test(document.querySelector('#replay-at')?.textContent || ''), null, { timeout: 1000 }),
  ]);
  await a.click('#turn-form button[type=submit]');
  await seen;
  const took = Date.now() - started;
  assert.ok(took <= 1000, `the other pages followed after ${took} ms`);
  for (const [p, m] of [[b, 'b'], [lobby, 'lobby'], [replay, 'replay']]) {
    assert.equal(await p.evaluate(() => window.loadedAs), m, `${m} was reloaded`);
  }
  await b.waitForSelector('#builder[data-ready=true]');
  assert.match(await b.locator('main').innerText(), /The last turns[\s\S]*Ann/);
  assert.match(await lobby.locator('main').innerText(), /Waiting for you\s+Gods/);
  await a.waitForURL(/played=1/);
  assert.doesNotMatch(await a.title(), YOUR_TURN);
  await listening(a, 'a2');
  await screenshots(b, 'live-game-your-turn');
  await screenshots(lobby, 'live-lobby');
  await screenshots(replay, 'live-replay-last');

  // Ben begins a turn; Ann talks: the talk shows, his turn so far is kept, a bar offers
  // the update.
  await b.locator('#b-sources button:enabled').first().click();
  assert.equal(await b.getAttribute('#builder', 'data-building'), 'true');
  const said = await api(server, 'POST', `/games/${id}/messages`, { token: ann.token, body: { body: 'Good luck, Ben' } });
  assert.equal(said.status, 201, said.text);
  await b.waitForSelector('#talk-list >> text=Good luck, Ben', { timeout: 1000 });
  await b.waitForSelector('#live-bar:not([hidden])');
  assert.equal(await b.getAttribute('#builder', 'data-building'), 'true', 'the turn being built was kept');
  assert.match(await a.locator('#talk-list').innerText(), /Good luck, Ben/);
  await screenshots(b, 'live-game-moved-on');
  await assertNoSideScroll(b, 'the game page with its bar');
  await b.click('#live-update');
  await b.waitForSelector('#builder[data-ready=true]');
  assert.equal(await b.getAttribute('#builder', 'data-building'), 'false');
  assert.equal(await b.locator('#live-bar').isHidden(), true);
  assert.equal(await b.evaluate(() => window.loadedAs), 'b');

  // Ben resigns through the API: Ann's page reads itself again within a second (the
  // `resigned` event), and says it is her turn once the service has passed for his seat.
  const reread = a.waitForResponse(
    (r) => r.request().resourceType() === 'fetch' && new URL(r.url()).pathname === `/games/${id}/play`,
    { timeout: 1000 },
  );
  const resigned = await api(server, 'POST', `/games/${id}/resign`, { token: ben.token });
  assert.ok(resigned.status < 300, resigned.text);
  await reread;
  await a.waitForFunction(() => document.title.startsWith('● Your turn'), null, { timeout: 20_000 });
  assert.equal(await a.evaluate(() => window.loadedAs), 'a2');
  assert.deepEqual([...a.foreignRequests, ...foreign], []);
});

test('a rematch proposed on one game-over page shows on the other within a second, and its start too', { timeout: 120_000 }, async () => {
  const cat = await apiUser(server, 'Cat');
  const dan = await apiUser(server, 'Dan');
  const id = await startedGods([cat, dan]);
  const aborted = await api(server, 'POST', `/games/${id}/abort`, { token: cat.token });
  assert.equal(aborted.status, 200, aborted.text);

  // Both signed in, each on the finished game's page.
  const c = await newPage(browser, server, DESKTOP);
  const d = await newPage(browser, server, DESKTOP);
  await logIn(c, cat);
  await logIn(d, dan);
  for (const p of [c, d]) await p.goto(`${server.url}/games/${id}/play`);
  for (const [p, m] of [[c, 'c'], [d, 'd']]) await listening(p, m);
  assert.match(await d.locator('#rematch').innerText(), /Propose a rematch/);

  // Cat proposes with her page's button: Dan's page offers to accept, without a reload.
  const offered = d.waitForSelector('#rematch >> text=Accept the rematch', { timeout: 1000 });
  const started = Date.now();
  await c.click('#rematch button[type=submit]');
  await offered;
  const took = Date.now() - started;
  assert.ok(took <= 1000, `Dan's page showed the proposal after ${took} ms`);
  assert.match(await d.locator('#rematch').innerText(), /Accepted: Cat\.\s+Waiting for: Dan\./);
  assert.equal(await d.evaluate(() => window.loadedAs), 'd', 'Dan\'s page was reloaded');
  await screenshots(d, 'live-rematch-proposed');

  // Dan accepts through the API: Cat's page says the rematch has started.
  await c.waitForURL(new RegExp(`/games/${id}/play`));
  await listening(c, 'c2');
  const accepted = await api(server, 'POST', `/games/${id}/rematch`, { token: dan.token });
  assert.ok(accepted.status < 300, accepted.text);
  await c.waitForSelector('#rematch >> text=The rematch has started', { timeout: 1000 });
  assert.equal(await c.evaluate(() => window.loadedAs), 'c2');
  const link = await c.getAttribute('#rematch a', 'href');
  assert.equal(link, `/games/${accepted.json.rematch_game_id}/play`);
  assert.deepEqual([...c.foreignRequests, ...d.foreignRequests], []);
});
