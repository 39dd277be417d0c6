// The board in hand and under the keys: a whole game of Gods played on a 390×844 phone by
// tapping only (every tap target at least 44 px, every lit hex in sight after each choice,
// hexes too small to touch zoomed in by a first tap, the step controls in a bar at the
// bottom), a whole turn built and played with
// the keyboard alone (focus kept on the same hex when the page follows the game), the
// replay stepped with the arrow keys, and axe-core's accessibility rules on every page a
// player meets, at 1280 and 390 px wide. Screenshots of the pages go to ARTIFACTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { startServer, launchBrowser, screenshots, assertNoSideScroll, PHONE, DESKTOP, ARTIFACTS } from './harness.mjs';
import { api, apiUser } from './api.mjs';

const require = createRequire(import.meta.url);
// axe-core from the test's own node_modules (npm ci), put into the page by the test: the
// pages themselves load nothing but the server's own files.
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const MIN_TARGET = 44;

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

async function turnLink(player, game) {
  const mail = await server.waitForMail(
    (m) => m.to.toLowerCase().includes(player.email.toLowerCase()) && m.links.some((l) => l.includes(`/games/${game}/play?token=`)),
    `a turn link for ${player.name}`,
  );
  const u = new URL(mail.links.find((l) => l.includes(`/games/${game}/play?token=`)));
  return server.url + u.pathname + u.search;
}

async function gameOf(id, player) {
  const g = await api(server, 'GET', `/games/${id}`, { token: player.token });
  assert.equal(g.status, 200, g.text);
  return g.json;
}

/** A phone: 390×844, touch, its own cookies. */
async function phone() {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  return context.newPage();
}

/** The box of what a finger hits: a hex's polygon (its fill, without the stroke), else
 * the element. */
async function targetBox(locator) {
  const poly = locator.locator('polygon');
  const box = (await poly.count())
    ? await poly.first().evaluate((p) => {
      const b = p.getBBox(), m = p.getScreenCTM();
      const corners = [[b.x, b.y], [b.x + b.width, b.y + b.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
      return { x: corners[0].x, y: corners[0].y, width: corners[1].x - corners[0].x, height: corners[1].y - corners[0].y };
    })
    : await locator.boundingBox();
  assert.ok(box, 'the target is drawn');
  return box;
}

/** Tap `locator` after checking it is at least 44 px each way and in the viewport. */
async function tap(page, locator, what) {
  await locator.scrollIntoViewIfNeeded();
  const box = await targetBox(locator);
  assert.ok(box.width >= MIN_TARGET && box.height >= MIN_TARGET,
    `${what} is ${box.width.toFixed(1)}×${box.height.toFixed(1)} px, under ${MIN_TARGET}`);
  await locator.tap();
}

/** The lit hexes, and those whose polygon lies wholly on the screen, inside the board's
 * frame and not under the step bar. */
async function litInSight(page) {
  return page.evaluate(() => {
    const bar = document.getElementById('builder');
    const barTop = bar && getComputedStyle(bar).position === 'fixed' ? bar.getBoundingClientRect().top : innerHeight;
    const frame = document.getElementById('board').getBoundingClientRect();
    const lit = [...document.querySelectorAll('#hermes-board g.legal')];
    const out = [];
    const seen = lit.filter((g) => {
      const r = g.querySelector('polygon').getBoundingClientRect();
      const ok = r.top >= Math.max(0, frame.top) - 0.5 && r.bottom <= Math.min(barTop, innerHeight, frame.bottom) + 0.5 &&
        r.left >= Math.max(0, frame.left) - 0.5 && r.right <= Math.min(innerWidth, frame.right) + 0.5;
      if (!ok) out.push(`${g.getAttribute('data-hex')} at ${[r.left, r.top, r.right, r.bottom].map((n) => n.toFixed(0))}`);
      return ok;
    });
    return {
      lit: lit.length,
      seen: seen.map((g) => g.getAttribute('data-hex')),
      out,
      frame: [frame.left, frame.top, frame.right, Math.min(frame.bottom, barTop)].map((n) => n.toFixed(0)).join(','),
    };
  });
}

test('a whole game of Gods is played on a 390×844 phone by tapping only', { timeout: 1_200_000 }, async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const players = [await apiUser(server, 'Fay'), await apiUser(server, 'Gus')];
  const id = await startedGame('gods', players);
  const pages = [await phone(), await phone()];
  const links = [];
  let turns = 0, chosen = 0, zoomTaps = 0, mostLit = 0, zoomed = false, shot = false;
  for (;;) {
    const g = await gameOf(id, players[0]);
    if (g.status === 'over') break;
    const seat = g.to_act[0];
    links[seat] ??= await turnLink(players[seat], id);
    const page = pages[seat];
    await page.goto(links[seat]);
    await page.waitForSelector('#builder[data-ready=true]');
    // The step controls sit in a bar at the bottom of the screen.
    const bar = await page.locator('#builder').boundingBox();
    assert.ok(Math.abs(bar.y + bar.height - PHONE.height) <= 1, `the step bar ends at ${bar.y + bar.height}`);
    if (!zoomed) {
      const before = await page.getAttribute('#board svg', 'viewBox');
      await tap(page, page.locator('#zoom-in'), 'Zoom in');
      assert.notEqual(await page.getAttribute('#board svg', 'viewBox'), before, 'zooming in moves the window');
      await tap(page, page.locator('#zoom-fit'), 'Whole board');
      assert.equal(await page.getAttribute('#board svg', 'viewBox'), before, 'the whole board again');
      zoomed = true;
    }
    let sent = null;
    for (let i = 0; i < 30 && !sent; i++) {
      const end = page.locator('#b-choices button', { hasText: 'End the game' });
      if (await end.count()) {
        await tap(page, end, 'End the game');
        await tap(page, page.locator('#b-send'), 'Play this turn');
        sent = 'end';
        break;
      }
      if (await page.locator('#b-send').isEnabled()) {
        if (!shot && turns >= 8) {
          await assertNoSideScroll(page, 'the game page on a phone');
          await screenshots(page, 'phone-gods-turn');
          shot = true;
        }
        sent = await page.locator('#b-text').innerText();
        await tap(page, page.locator('#b-send'), 'Play this turn');
        break;
      }
      const sources = page.locator('#b-sources button:enabled');
      assert.ok(await sources.count(), 'a turn is owed but nothing may be picked');
      await tap(page, sources.first(), `the source ${await sources.first().innerText()}`);
      for (let j = 0; j < 4 && (await page.getAttribute('#builder', 'data-ready')) === 'true'; j++) {
        const lit = page.locator('#hermes-board g.legal');
        if (await lit.count()) {
          // Every lit hex is in sight, wherever on the board.
          const sight = await litInSight(page);
          chosen += 1;
          mostLit = Math.max(mostLit, sight.lit);
          if (turns === 10 || turns === 30) {
            // What the player sees: the screen itself, not the whole page.
            await page.screenshot({ path: join(ARTIFACTS, `phone-gods-lit-turn${turns}-390.png`) });
          }
          assert.equal(sight.seen.length, sight.lit,
            `${sight.lit - sight.seen.length} of the ${sight.lit} lit hexes are out of sight (frame ${sight.frame}): ${sight.out.join('; ')}`);
          const hex = page.locator(`#hermes-board g.legal[data-hex="${sight.seen[chosen % sight.seen.length]}"]`);
          const box = await targetBox(hex);
          if (box.width < MIN_TARGET || box.height < MIN_TARGET) {
            // Too small to touch: a first tap, on the board's frame (a target as big as
            // the frame), zooms in there and chooses nothing.
            const frame = await page.locator('#board').boundingBox();
            assert.ok(frame.width >= MIN_TARGET && frame.height >= MIN_TARGET, 'the board frame is a target');
            const before = await page.getAttribute('#board svg', 'viewBox');
            await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
            assert.notEqual(await page.getAttribute('#board svg', 'viewBox'), before, 'a tap on small hexes zooms in');
            assert.equal(await hex.getAttribute('class').then((c) => /\blegal\b/.test(c)), true, 'the zooming tap chose nothing');
            zoomTaps += 1;
            if (zoomTaps === 3) {
              await page.screenshot({ path: join(ARTIFACTS, 'phone-gods-zoomed-in-390.png') });
            }
            // The hex under the finger is whole and in sight, above the step bar.
            const after = await litInSight(page);
            assert.ok(after.seen.includes(await hex.getAttribute('data-hex')), `the tapped hex is out of sight after zooming in: ${after.out.join('; ')}`);
          }
          await tap(page, hex, `hex ${await hex.getAttribute('data-hex')}`);
        } else if (await page.locator('#b-choices button').count()) {
          const choice = page.locator('#b-choices button').first();
          await tap(page, choice, `the choice ${await choice.innerText()}`);
        } else {
          break;
        }
      }
      await page.waitForSelector('#builder[data-ready=true]');
      assert.equal(await page.locator('#b-error').isHidden(), true, await page.locator('#b-error').innerText());
    }
    assert.ok(sent, 'no turn after 30 taps');
    await page.locator('.flash').waitFor();
    turns += 1;
    assert.ok(turns < 400, 'the game does not end');
    if (sent === 'end') break;
  }
  assert.equal((await gameOf(id, players[0])).status, 'over');
  await pages[0].goto(links[0]);
  const result = pages[0].locator('section.points');
  assert.match(await result.innerText(), /The result/);
  assert.match(await result.innerText(), /won/);
  await screenshots(pages[0], 'phone-gods-over');
  // At 1280 px the result table is whole: no column is cut off.
  await pages[0].setViewportSize(DESKTOP);
  const cut = await pages[0].evaluate(() => [...document.querySelectorAll('main table')]
    .filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.querySelector('th')?.textContent));
  assert.deepEqual(cut, [], 'tables cut off at 1280 px');
  // The game put the frontier's breadth to the test: a tribe lit many hexes at once, and
  // some were too small to touch until a tap zoomed in.
  assert.ok(mostLit >= 20, `at most ${mostLit} hexes were lit at once`);
  assert.ok(zoomTaps > 0, 'no tap ever had to zoom in first');
  console.log(`# a game of Gods by tapping: ${turns} turns; all lit hexes in sight after each of ${chosen} choices (up to ${mostLit} lit); ${zoomTaps} taps zoomed in first`);
  for (const p of pages) await p.context().close();
});

/** Press Tab until the focused element satisfies `pred` (a function run in the page). */
async function tabTo(page, pred, what, arg) {
  for (let i = 0; i < 250; i++) {
    if (await page.evaluate(pred, arg)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what}`);
}

const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return { tag: a?.tagName.toLowerCase(), id: a?.id, hex: a?.getAttribute('data-hex'), lit: a?.classList.contains('legal'), text: a?.textContent };
});

test('a whole turn is built and played with the keyboard alone, and focus stays on its hex when the page follows the game', { timeout: 300_000 }, async () => {
  const players = [await apiUser(server, 'Hal'), await apiUser(server, 'Ida')];
  const id = await startedGame('gods', players);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  let played = 0;
  for (let round = 0; round < 2; round++) {
    const g = await gameOf(id, players[0]);
    const seat = g.to_act[0];
    await page.goto(await turnLink(players[seat], id));
    await page.waitForSelector('#builder[data-ready=true]');
    for (let i = 0; i < 30; i++) {
      const onOffer = await page.locator('#b-choices button', { hasText: 'Play on' }).count();
      if (onOffer) {
        await tabTo(page, () => document.activeElement?.textContent === 'Play on', 'Play on');
        await page.keyboard.press('Enter');
      }
      if (await page.locator('#b-send').isEnabled()) {
        await tabTo(page, () => document.activeElement?.id === 'b-send', 'Play this turn');
        await page.keyboard.press('Enter');
        break;
      }
      if (onOffer) continue;
      await tabTo(page, () => !!document.activeElement?.closest('#b-sources') && !document.activeElement.disabled, 'a tile of the display');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('#builder').dataset.ready === 'true');
      for (let j = 0; j < 4; j++) {
        const f = await focused(page);
        if (f.hex) {
          assert.ok(f.lit, `the focus is on hex ${f.hex}, which is not lit`);
          // The arrow keys go from lit hex to lit hex.
          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowLeft');
          const g2 = await focused(page);
          assert.ok(g2.hex && g2.lit, 'the arrows keep to the lit hexes');
          await page.keyboard.press('Enter');
        } else if (await page.locator('#b-choices button').count()) {
          await tabTo(page, () => !!document.activeElement?.closest('#b-choices'), 'a choice');
          await page.keyboard.press('Enter');
        } else {
          break;
        }
        await page.waitForFunction(() => document.querySelector('#builder').dataset.ready === 'true');
      }
    }
    await page.locator('.flash').waitFor();
    played += 1;
    assert.equal((await gameOf(id, players[0])).seq >= played, true);
  }
  // Not this reader's turn now: a hex focused with the keyboard keeps the focus when the
  // other player's turn arrives and the page is redrawn.
  const g = await gameOf(id, players[0]);
  const waiting = 1 - g.to_act[0];
  await page.goto(await turnLink(players[waiting], id));
  await page.waitForSelector('main[data-live-open=true]');
  await tabTo(page, () => !!document.activeElement?.getAttribute('data-hex'), 'a hex');
  await page.keyboard.press('ArrowRight');
  const hex = (await focused(page)).hex;
  assert.ok(hex, 'a hex has the focus');
  const before = g.seq;
  const mover = players[g.to_act[0]];
  const legal = await api(server, 'GET', `/games/${id}/legal`, { token: mover.token });
  const notation = legal.json.legal.may_declare_end ? 'continue' : null;
  const turn = notation
    ? await api(server, 'POST', `/games/${id}/turns`, { token: mover.token, body: { notation, expected_seq: before } })
    : await api(server, 'POST', `/games/${id}/turns`, { token: mover.token, body: { notation: 'discard 1; discard 1', expected_seq: before } });
  assert.ok(turn.status < 300, turn.text);
  await page.waitForFunction((n) => document.querySelector('.last-move')?.textContent.includes(`turn ${n} `), before + 1, { timeout: 5000 });
  assert.equal((await focused(page)).hex, hex, 'the same hex keeps the focus after the redraw');
  // What changed is at the top, and said to a screen reader.
  assert.match(await page.locator('.since').innerText(), new RegExp(`${mover.name}: `));
  assert.match(await page.locator('#live-said').innerText(), /./);
  await context.close();
});

test('the replay steps with the arrow keys', async () => {
  const players = [await apiUser(server, 'Jo'), await apiUser(server, 'Kit')];
  const id = await startedGame('gods', players);
  const mover = players[0];
  // The your-turn mail first: one the outbox finds stale (its reader has played) is not sent.
  const link = await turnLink(mover, id);
  const legal = await api(server, 'GET', `/games/${id}/legal`, { token: mover.token });
  const notation = legal.json.legal.may_declare_end ? 'continue' : 'discard 1; discard 1';
  assert.ok((await api(server, 'POST', `/games/${id}/turns`, { token: mover.token, body: { notation, expected_seq: 0 } })).status < 300);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(link);
  await page.click('text=Replay the whole game');
  assert.match(await page.locator('#replay-at').innerText(), /Turn 1 of 1/);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /The start/.test(document.querySelector('#replay-at').textContent));
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /Turn 1 of 1/.test(document.querySelector('#replay-at').textContent));
  await context.close();
});

/** axe-core's rules on the page as it is: no violation. */
async function assertAxe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const found = result.violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' — ' + n.failureSummary.replace(/\n/g, ' ')).join('\n    ')}`);
  assert.deepEqual(found, [], `axe on ${what} at ${page.viewportSize().width} px:\n${found.join('\n')}`);
}

async function logIn(page, player) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password').fill(player.password);
  await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Log in' }).click()]);
}

test('axe-core finds no violation on the lobby, both kinds of game page, the replay, the preferences and the sign-up, at 1280 and 390 px', { timeout: 300_000 }, async () => {
  const gods = [await apiUser(server, 'Lea'), await apiUser(server, 'Max')];
  const godsId = await startedGame('gods', gods);
  const dreams = [gods[0], await apiUser(server, 'Ned'), await apiUser(server, 'Oz')];
  const dreamsId = await startedGame('dreams', dreams);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  let signedIn = false;
  const pages = [
    ['signup', async () => page.goto(`${server.url}/signup`)],
    ['lobby', async () => {
      if (!signedIn) await logIn(page, gods[0]);
      signedIn = true;
      await page.goto(`${server.url}/`);
    }],
    ['preferences', async () => page.goto(`${server.url}/preferences`)],
    ['gods-page', async () => {
      await page.goto(`${server.url}/games/${godsId}/play`);
      await page.waitForSelector('#builder[data-ready=true]');
    }],
    ['dreams-page', async () => page.goto(`${server.url}/games/${dreamsId}/play`)],
    ['replay', async () => page.goto(`${server.url}/games/${godsId}/replay`)],
  ];
  for (const [name, open] of pages) {
    for (const vp of [DESKTOP, PHONE]) {
      await page.setViewportSize(vp);
      await open();
      await assertAxe(page, name);
    }
    await screenshots(page, `a11y-${name}`);
  }
  await context.close();
});

test('on a phone the Dreams firmament fills the width and an image tapped is shown at the full width', { timeout: 120_000 }, async () => {
  const players = [await apiUser(server, 'Pia'), await apiUser(server, 'Quin'), await apiUser(server, 'Rue')];
  const id = await startedGame('dreams', players);
  const g = await gameOf(id, players[0]);
  const seat = g.to_act[0];
  const page = await phone();
  await page.goto(await turnLink(players[seat], id));
  const sky = await page.locator('#hermes-firmament rect').first().boundingBox();
  assert.ok(sky.width >= 300, `the firmament is ${sky.width.toFixed(0)} px wide on a 390 px screen`);
  const card = page.locator('#board g[data-image="1"]');
  const small = await card.boundingBox();
  assert.ok(small.width >= 120, `an image is ${small.width.toFixed(0)} px wide`);
  await tap(page, card, 'image 1');
  const view = page.locator('#image-view > svg');
  await view.waitFor();
  const big = await view.boundingBox();
  assert.ok(big.width >= 0.85 * PHONE.width, `the image shown is ${big.width.toFixed(0)} px wide`);
  await page.screenshot({ path: join(ARTIFACTS, 'phone-dreams-image-390.png') });
  await assertAxe(page, 'an image shown large');
  await tap(page, page.locator('#image-close'), 'Close');
  // The dialog's `close` event, which removes it, comes after the click's task.
  await page.locator('#image-view').waitFor({ state: 'detached', timeout: 2000 });
  assert.equal(await page.locator('#image-view').count(), 0);
  await page.context().close();
});
