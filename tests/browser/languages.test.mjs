// The pages in the reader's language on a 390×844 phone: a German and a Japanese reader
// (their accounts' language, the browser asking for English) see the lobby and the game
// pages of both games in their language, with nothing scrolling sideways; the language
// switcher at the foot of every page is a plain link that works without the script, and
// the page's script speaks the page's language too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, screenshots, assertNoSideScroll, PHONE } from './harness.mjs';
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

/** A phone whose browser asks for English, logged in as `user`. */
async function phoneOf(user) {
  const context = await browser.newContext({
    viewport: PHONE, hasTouch: true, isMobile: true, locale: 'en-US',
    extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' },
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.fill('#email', user.email);
  await page.fill('#password', user.password);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/login')), page.click('form.stack button[type=submit]')]);
  return page;
}

const READERS = [
  { code: 'de', lobby: 'Deine Spiele', board: 'Die Spielfläche', firmament: 'Das Firmament', talk: 'Gespräch am Tisch', english: 'Your games' },
  { code: 'ja', lobby: 'あなたのゲーム', board: 'ボード', firmament: '天空', talk: '卓での会話', english: 'Your games' },
];

for (const r of READERS) {
  test(`a reader in ${r.code} gets the lobby and both game pages in ${r.code}, none wider than a phone`, async () => {
    const me = await apiUser(server, `Reader ${r.code}`);
    const saved = await api(server, 'PATCH', '/me/preferences', { token: me.token, body: { lang: r.code } });
    assert.equal(saved.status, 200, saved.text);
    const others = [await apiUser(server, 'Bob'), await apiUser(server, 'Cleo')];
    const gods = await startedGame('gods', [me, others[0]]);
    const dreams = await startedGame('dreams', [me, ...others]);
    const page = await phoneOf(me);

    await page.goto(`${server.url}/`);
    assert.equal(await page.getAttribute('html', 'lang'), r.code);
    assert.equal(await page.locator('h1').first().textContent(), r.lobby);
    assert.ok(!(await page.content()).includes(r.english), 'no English heading left');
    await assertNoSideScroll(page, `the lobby in ${r.code}`);
    await screenshots(page, `languages-lobby-${r.code}`);

    await page.goto(`${server.url}/games/${gods}/play`);
    assert.equal(await page.getAttribute('html', 'lang'), r.code);
    assert.equal(await page.locator('#board-h').textContent(), r.board);
    assert.equal(await page.locator('#talk').textContent(), r.talk);
    // The script's own words (the zoom buttons it adds) are the page's language.
    await page.locator('#zoom-fit').waitFor();
    assert.notEqual(await page.locator('#zoom-fit').textContent(), 'Whole board');
    await assertNoSideScroll(page, `the Gods page in ${r.code}`);
    await screenshots(page, `languages-gods-${r.code}`);

    await page.goto(`${server.url}/games/${dreams}/play`);
    assert.equal(await page.getAttribute('html', 'lang'), r.code);
    assert.equal(await page.locator('#board-h').textContent(), r.firmament);
    await assertNoSideScroll(page, `the Dreams page in ${r.code}`);
    await screenshots(page, `languages-dreams-${r.code}`);

    // The switcher: a link to this page in English, which stays chosen on the next page.
    const english = page.locator('footer.page-langs a[hreflang=en]');
    const box = await english.boundingBox();
    assert.ok(box && box.height >= 24, `the switcher's links are big enough to tap: ${JSON.stringify(box)}`);
    await english.click();
    await page.waitForURL(/lang=en/);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.goto(`${server.url}/`);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.locator('h1').first().textContent(), 'Your games');
    await page.context().close();
  });
}

test('the switcher works without the script', async () => {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  await page.locator('footer.page-langs a[hreflang=ja]').click();
  await page.waitForURL(/lang=ja/);
  assert.equal(await page.getAttribute('html', 'lang'), 'ja');
  assert.equal(await page.locator('h1').textContent(), 'ログイン');
  await assertNoSideScroll(page, 'the login page in ja');
  await context.close();
});
