// The game page and the replay in a real browser: a whole 2-player game of Gods played by
// clicking (each step lit by the server's answer to /play/legal), a round of Dreams placed
// and guessed by clicking, the plain form with JavaScript off, the replay stepped through,
// and screenshots at 1280 and 390 px (a page that scrolls sideways at 390 px fails).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, screenshots, assertNoSideScroll, PHONE, DESKTOP } from './harness.mjs';
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

/** A started game of `kind` for `players` (API users), seats in the order given. */
async function startedGame(kind, players) {
  const created = await api(server, 'POST', '/games', {
    token: players[0].token,
    body: { kind, seats: players.length, random_seats: false },
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

/** The turn link of `player` in `game`, from their your-turn mail. */
async function turnLink(player, game) {
  const mail = await server.waitForMail(
    (m) => m.to.toLowerCase().includes(player.email.toLowerCase()) && m.links.some((l) => l.includes(`/games/${game}/play?token=`)),
    `a turn link for ${player.name}`,
  );
  const link = mail.links.find((l) => l.includes(`/games/${game}/play?token=`));
  // The mail names the public URL; the test server listens where it listens.
  const u = new URL(link);
  return server.url + u.pathname + u.search;
}

async function gameOf(id, player) {
  const g = await api(server, 'GET', `/games/${id}`, { token: player.token });
  assert.equal(g.status, 200, g.text);
  return g.json;
}

/** Build and send one turn on the open page by clicking, as a player would. */
async function clickOneTurn(page) {
  await page.waitForSelector('#builder[data-ready=true]');
  for (let i = 0; i < 20; i++) {
    const end = page.locator('#b-choices button', { hasText: 'End the game' });
    if (await end.count()) {
      await end.click();
      await page.locator('#b-send').click();
      return 'end';
    }
    if (await page.locator('#b-send').isEnabled()) {
      const text = await page.locator('#b-text').innerText();
      assert.notEqual(text, '(nothing yet)');
      await page.locator('#b-send').click();
      return text;
    }
    // A tile of the display (or a temple, or a desert to move) that has a use now.
    const sources = page.locator('#b-sources button:enabled');
    assert.ok(await sources.count(), 'a turn is owed but nothing may be picked');
    await sources.first().click();
    // Then the lit hexes (a desert's from and to) or the choices (discard, keep, a victim).
    for (let j = 0; j < 4 && (await page.getAttribute('#builder', 'data-ready')) === 'true'; j++) {
      const lit = page.locator('#hermes-board g.legal');
      if (await lit.count()) {
        await lit.first().click();
      } else if (await page.locator('#b-choices button').count()) {
        await page.locator('#b-choices button').first().click();
      } else {
        break;
      }
    }
    await page.waitForSelector('#builder[data-ready=true]');
    assert.equal(await page.locator('#b-error').isHidden(), true, await page.locator('#b-error').innerText());
  }
  throw new Error('no turn after 20 clicks');
}

test('a whole game of Gods is played by clicking, from sign-up through the invitation to the game-over page', { timeout: 900_000 }, async () => {
  const ada = await apiUser(server, 'Ada');
  // Bob has no account: Ada invites his address, and he comes in through the mail's link.
  const bob = { name: 'Bob', email: `bob.${Date.now()}@example.org`, password: 'a long password for bob' };
  const created = await api(server, 'POST', '/games', {
    token: ada.token,
    body: { kind: 'gods', seats: 2, random_seats: false, invite: [bob.email] },
  });
  assert.equal(created.status, 201, created.text);
  const id = created.json.id;
  const invitation = await server.waitForMail(
    (m) => m.to.toLowerCase().includes(bob.email) && m.links.some((l) => l.includes('/join/')),
    'the invitation',
  );
  const join = new URL(invitation.links.find((l) => l.includes('/join/')));
  const bobPage = await newPage(browser, server, PHONE);
  await bobPage.goto(server.url + join.pathname + join.search);
  await bobPage.click('main a:has-text("sign up")');
  await bobPage.fill('#display_name', bob.name);
  await bobPage.fill('#email', bob.email);
  await bobPage.fill('#password', bob.password);
  await bobPage.click('button:has-text("Sign up")');
  // Signed up; log in right away (the address is confirmed later), back to the game.
  await bobPage.fill('#password', bob.password);
  await bobPage.click('button:has-text("Log in")');
  await bobPage.click('button:has-text("Take a seat")');
  const started = await gameOf(id, ada);
  assert.equal(started.status, 'running', 'Bob took the last seat');
  bob.token = (await api(server, 'POST', '/auth/login', { body: { email: bob.email, password: bob.password } })).json.access_token;
  const players = [ada, bob];
  // Ada plays from her mail's turn link; Bob from the game page, signed in.
  const links = [await turnLink(ada, id), `${server.url}/games/${id}/play`];
  const pages = [await newPage(browser, server, DESKTOP), bobPage];
  let turns = 0;
  let shot = false;
  for (;;) {
    const g = await gameOf(id, ada);
    if (g.status === 'over') break;
    const seat = g.to_act[0];
    links[seat] ??= await turnLink(players[seat], id);
    const page = pages[seat];
    await page.goto(links[seat]);
    await page.waitForSelector('#builder[data-ready=true]');
    if (!shot && turns >= 6) {
      await assertNoSideScroll(page, 'the game page');
      await screenshots(page, 'gods-game');
      shot = true;
    }
    const sent = await clickOneTurn(page);
    await page.waitForLoadState('load');
    const flash = page.locator('.flash');
    await flash.waitFor();
    assert.match(await flash.innerText(), /Your turn was played/);
    turns += 1;
    assert.ok(turns < 400, 'the game does not end');
    if (sent === 'end') break;
  }
  const over = await gameOf(id, ada);
  assert.equal(over.status, 'over');
  // The game-over page: each player's page says so, with the winner.
  for (const seat of [0, 1]) {
    await pages[seat].goto(links[seat]);
    assert.match(await pages[seat].locator('main').innerText(), /The game is over: .* won/);
  }
  await screenshots(pages[0], 'gods-over');
  // The replay, stepped through from its first turn with plain links.
  const replay = pages[0];
  await replay.click('text=Replay the whole game');
  assert.match(await replay.locator('#replay-at').innerText(), new RegExp(`Turn ${over.seq} of ${over.seq}`));
  await replay.click('#replay-first');
  assert.match(await replay.locator('#replay-at').innerText(), /The start/);
  await replay.click('#replay-next');
  assert.match(await replay.locator('#replay-at').innerText(), /Turn 1 of/);
  assert.ok(await replay.locator('.board-wrap svg').count());
  await assertNoSideScroll(replay, 'the replay');
  await screenshots(replay, 'gods-replay');
  for (const p of pages) assert.deepEqual(p.foreignRequests, []);
  console.log(`# a game of Gods by clicking: ${turns} turns`);
});

test('a round of Dreams is placed and guessed by clicking', { timeout: 600_000 }, async () => {
  const players = [await apiUser(server, 'Cy'), await apiUser(server, 'Di'), await apiUser(server, 'Ed')];
  const id = await startedGame('dreams', players);
  const links = [];
  const page = await newPage(browser, server, PHONE);
  let placed = 0;
  for (let i = 0; i < 40; i++) {
    const g = await gameOf(id, players[0]);
    const phase = g.view.phase;
    if (phase !== 'stars' && phase !== 'Stars') break;
    const seat = g.to_act[0];
    links[seat] ??= await turnLink(players[seat], id);
    await page.goto(links[seat]);
    // Click the firmament at a point nobody has taken: the form fills in x and y.
    const sky = page.locator('#hermes-firmament rect').first();
    // On a phone the firmament is below the four images, at the full width.
    await sky.scrollIntoViewIfNeeded();
    const box = await sky.boundingBox();
    const fx = 0.1 + 0.08 * (placed % 10);
    const fy = 0.15 + 0.07 * Math.floor(placed / 3);
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await page.waitForFunction(() => document.querySelector('#star-form')?.dataset.checked);
    assert.equal(await page.getAttribute('#star-form', 'data-checked'), 'ok');
    const x = Number(await page.inputValue('#x'));
    assert.ok(Math.abs(x - Math.round(fx * 100)) <= 2, `x ${x} for a click at ${fx}`);
    if (placed === 0) {
      await assertNoSideScroll(page, 'the Dreams page');
      await screenshots(page, 'dreams-game');
    }
    await page.click('text=Place this star');
    await page.locator('.flash').waitFor();
    placed += 1;
  }
  assert.equal(placed, 9, 'three stars each');
  // Guess: every seat picks a player or an image and seals it.
  for (let seat = 0; seat < 3; seat++) {
    links[seat] ??= await turnLink(players[seat], id);
    await page.goto(links[seat]);
    const g = await gameOf(id, players[seat]);
    if (!g.to_act.includes(seat)) continue;
    await page.locator('input[type=radio]').first().check();
    await page.click('text=Seal my guess');
    await page.locator('.flash').waitFor();
  }
  await page.goto(links[0]);
  assert.match(await page.locator('main').innerText(), /Round 1 revealed/);
  await screenshots(page, 'dreams-revealed');
  await page.click('text=Replay the whole game');
  await assertNoSideScroll(page, 'the Dreams replay');
  await screenshots(page, 'dreams-replay');
  assert.deepEqual(page.foreignRequests, []);
});

test('with JavaScript off the plain form plays a turn', async () => {
  const ann = await apiUser(server, 'Ann');
  const ben = await apiUser(server, 'Ben');
  const id = await startedGame('gods', [ann, ben]);
  const link = await turnLink(ann, id);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(link);
  assert.equal(await page.locator('#builder').isHidden(), true, 'no builder without a script');
  const legal = await api(server, 'GET', `/games/${id}/legal`, { token: ann.token });
  // The first turn of the game opens with gathering: "continue" or "end" when offered.
  const text = legal.json.legal.may_declare_end ? 'continue' : 'discard 1; discard 1';
  await page.fill('#notation', text);
  await page.click('#turn-form button[type=submit]');
  assert.match(await page.locator('main').innerText(), /Your turn was played/);
  assert.equal((await gameOf(id, ann)).seq, 1);
  await context.close();
});

test('the rules and the notation are pages that fit a phone', async () => {
  const page = await newPage(browser, server, PHONE);
  for (const path of ['/rules/gods', '/rules/dreams', '/notation']) {
    const answer = await page.goto(server.url + path);
    assert.equal(answer.status(), 200);
    await assertNoSideScroll(page, path);
  }
  await page.goto(`${server.url}/rules/gods#G-A3`);
  assert.ok(await page.locator('[id="G-A3"]').count());
  await screenshots(page, 'rules-gods');
  // Every language of the rules fits a phone too: German's long words, Japanese's lines
  // without spaces; the same anchors, and the page says which language it is in.
  for (const lang of ['it', 'fr', 'nl', 'de', 'ja']) {
    for (const [path, rule] of [['/rules/gods', 'G-A3'], ['/rules/dreams', 'D-R4']]) {
      const answer = await page.goto(`${server.url}${path}?lang=${lang}#${rule}`);
      assert.equal(answer.status(), 200);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assert.ok(await page.locator(`[id="${rule}"]`).count(), `${path} in ${lang}: ${rule}`);
      await assertNoSideScroll(page, `${path}?lang=${lang}`);
    }
  }
  await page.goto(`${server.url}/rules/gods?lang=ja#G-A2`);
  await screenshots(page, 'rules-gods-ja');
  await page.goto(`${server.url}/rules/dreams?lang=de`);
  await screenshots(page, 'rules-dreams-de');
});
