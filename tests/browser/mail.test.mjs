// Every mail fits a phone: its HTML rendered at 390 px in Chromium is no wider than the
// screen. Two sources: the snapshot of every template (api/tests/snapshots/mail, written by
// the mail snapshot test from fixed data), and the mails a real server writes in a short
// game (welcome, invitation, your turn, game over), with their real inline pictures.
// Screenshots of each at 390 px go to target/browser-artifacts/mail-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, ROOT, ARTIFACTS, PHONE } from './harness.mjs';
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

function headersOf(block) {
  const headers = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decodeQP(s) {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** The leaf parts of a MIME message: { headers, body: Buffer }. */
function leaves(raw) {
  const m = raw.match(/\r?\n\r?\n/);
  const headers = headersOf(m ? raw.slice(0, m.index) : raw);
  const body = m ? raw.slice(m.index + m[0].length) : '';
  const type = headers['content-type'] || 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i);
  if (/^multipart\//i.test(type) && boundary) {
    const out = [];
    for (const chunk of body.split(`--${boundary[1]}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      out.push(...leaves(chunk.replace(/^\r?\n/, '')));
    }
    return out;
  }
  const enc = (headers['content-transfer-encoding'] || '7bit').toLowerCase();
  const bytes = enc === 'base64'
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : enc === 'quoted-printable' ? decodeQP(body) : Buffer.from(body, 'utf8');
  return [{ headers, body: bytes }];
}

/** A mail's HTML with its inline pictures as data URLs. */
function htmlWithPictures(raw) {
  const parts = leaves(raw);
  const html = parts.find((p) => /^text\/html/i.test(p.headers['content-type'] || ''));
  assert.ok(html, 'the mail has an HTML part');
  let text = html.body.toString('utf8');
  for (const p of parts) {
    const cid = (p.headers['content-id'] || '').replace(/[<>]/g, '');
    if (cid) {
      const type = (p.headers['content-type'] || 'image/png').split(';')[0];
      text = text.split(`cid:${cid}`).join(`data:${type};base64,${p.body.toString('base64')}`);
    }
  }
  return text;
}

/** Render `html` at 390 px: its width, and a screenshot as mail-`name`.png. */
async function widthAtPhone(html, name) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  // Nothing leaves the page: a mail's links are not followed, its pictures are inline.
  await page.route('**/*', (route) => route.abort());
  await page.setContent(html, { waitUntil: 'load' });
  const width = await page.evaluate(() => Math.max(
    document.documentElement.scrollWidth,
    document.body ? document.body.scrollWidth : 0,
  ));
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `mail-${name}-390.png`), fullPage: true });
  await context.close();
  return width;
}

// A picture as wide as a late game's board, for the snapshots' `cid:board`.
const WIDE = (() => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="900"><rect width="1400" height="900" fill="#c9a227"/></svg>';
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
})();

test('every mail template, as its snapshot, is no wider than a 390 px phone', async () => {
  // One folder of snapshots per language (`en`, `de`, `ja`, ...).
  const root = join(ROOT, 'api', 'tests', 'snapshots', 'mail');
  const files = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(join(root, d.name)).filter((f) => f.endsWith('.html')).map((f) => `${d.name}/${f}`))
    .sort();
  assert.ok(files.length >= 6 * 20, `the snapshots are there (${files.length})`);
  const wide = [];
  for (const f of files) {
    const html = readFileSync(join(root, f), 'utf8').split('cid:board').join(WIDE);
    const width = await widthAtPhone(html, `snapshot-${f.replace(/\.html$/, '').replace('/', '-')}`);
    if (width > PHONE.width) wide.push(`${f}: ${width} px`);
  }
  assert.deepEqual(wide, [], 'mails wider than the phone');
});

test('the mails of a real game, with their pictures, are no wider than a 390 px phone; its page puts talk beside the board', async () => {
  const ann = await apiUser(server, 'Ann Longname-Withoutspaces-Anywhere-Whatsoever');
  const bo = await apiUser(server, 'Bo');
  const created = await api(server, 'POST', '/games', {
    token: ann.token,
    body: { kind: 'gods', seats: 2, random_seats: false, invite: ['someone.new@example.org'] },
  });
  assert.equal(created.status, 201, created.text);
  const id = created.json.id;
  const joined = await api(server, 'POST', `/games/${id}/join`, { token: bo.token, body: { code: created.json.join_code } });
  assert.equal(joined.status, 200, joined.text);
  await api(server, 'POST', `/games/${id}/messages`, { token: bo.token, body: { body: 'Good luck! https://example.org/a/very/long/link/that/never/ends/and/goes/on/and/on/for/ever' } });
  const turnMail = await server.waitForMail((m) => m.to.includes(ann.email) && /^Your turn/.test(m.subject), 'the your-turn mail');
  // The game page it opens: the talk beside the board on a wide screen, below on a phone.
  const link = turnMail.links.find((l) => l.includes('/play?token='));
  assert.ok(link, 'the mail links to the game page');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(link);
  const board = await page.locator('#board').boundingBox();
  const talk = await page.locator('aside.table-talk').boundingBox();
  assert.ok(talk.x >= board.x + board.width, `talk beside the board at 1280 px: ${JSON.stringify({ board, talk })}`);
  assert.ok(talk.y < board.y + board.height, 'talk starts beside the board, not under it');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'game-talk-beside-1280.png') });
  await page.setViewportSize(PHONE);
  const narrowBoard = await page.locator('#board').boundingBox();
  const narrowTalk = await page.locator('aside.table-talk').boundingBox();
  assert.ok(narrowTalk.y > narrowBoard.y + narrowBoard.height, 'talk below the game on a phone');
  await context.close();
  const aborted = await api(server, 'POST', `/games/${id}/abort`, { token: bo.token, body: {} });
  assert.equal(aborted.status, 200, aborted.text);
  await server.waitForMail((m) => m.to.includes(ann.email) && /^Game over/.test(m.subject), 'the game-over mail');
  const wanted = [
    ['welcome', (m) => m.to.includes(ann.email) && /Welcome/.test(m.subject)],
    ['invitation', (m) => m.to.includes('someone.new') && /invit/i.test(m.subject)],
    ['your-turn', (m) => m.to.includes(ann.email) && /^Your turn/.test(m.subject)],
    ['game-over', (m) => m.to.includes(ann.email) && /^Game over/.test(m.subject)],
  ];
  const wide = [];
  for (const [name, pred] of wanted) {
    const mail = await server.waitForMail(pred, name);
    const html = htmlWithPictures(readFileSync(join(server.mailDir, mail.file), 'utf8'));
    if (name === 'your-turn' || name === 'game-over') {
      assert.match(html, /<img src="data:image\/png;base64,/, `the ${name} mail shows the board inline`);
    }
    const width = await widthAtPhone(html, `real-${name}`);
    if (width > PHONE.width) wide.push(`${name}: ${width} px`);
  }
  assert.deepEqual(wide, [], 'mails wider than the phone');
});
