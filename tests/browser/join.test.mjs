// The join page (`/join/{code}`, the invitation mail's link) in a real browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, screenshots, assertNoSideScroll, PHONE } from './harness.mjs';
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

test('the join page names the game and fits a phone without sideways scroll', async () => {
  const ada = await apiUser(server, 'Ada <b>');
  const created = await api(server, 'POST', '/games', { token: ada.token, body: { kind: 'gods', seats: 2 } });
  assert.equal(created.status, 201, created.text);
  const page = await newPage(browser, server, PHONE);
  const answer = await page.goto(`${server.url}/join/${created.json.join_code}`);
  assert.equal(answer.status(), 200);
  // The creator's name is shown as text, not markup.
  assert.match(await page.locator('body').innerText(), /Ada <b>/);
  await assertNoSideScroll(page, 'the join page');
  await screenshots(page, 'join');
  assert.deepEqual(page.foreignRequests, []);
});

test('an unknown join code is a 404 page', async () => {
  const page = await newPage(browser, server);
  const answer = await page.goto(`${server.url}/join/NOSUCHCODE`);
  assert.equal(answer.status(), 404);
  assert.match(await page.title(), /No such game/);
});
