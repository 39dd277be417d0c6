// The shared part of the browser tests: a real `hermes serve` on a free port with a fresh
// data directory and the file mail transport, the mail it writes, Debian's Chromium driven
// by playwright-core, screenshots and the phone-width check.
//
// Environment: HERMES_BIN (default target/debug/hermes), CHROMIUM (default /usr/bin/chromium),
// ARTIFACTS (default target/browser-artifacts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = process.env.ARTIFACTS || join(ROOT, 'target', 'browser-artifacts');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Start a server; `env` adds settings (HERMES_…). Call `stop()` when done. */
export async function startServer(env = {}) {
  const bin = process.env.HERMES_BIN || join(ROOT, 'target', 'debug', 'hermes');
  const dataDir = mkdtempSync(join(tmpdir(), 'hermes-browser-'));
  const mailDir = join(dataDir, 'mail');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = [];
  const child = spawn(bin, ['serve', '--bind', `127.0.0.1:${port}`, '--data-dir', dataDir], {
    env: {
      ...process.env,
      RUST_LOG: 'warn',
      HERMES_MAIL_TRANSPORT: 'file',
      HERMES_MAIL_DIR: mailDir,
      HERMES_MAIL_POLL_MS: '100',
      // Browser tests sign up and log in more often than a person would.
      HERMES_REGISTER_PER_IP_PER_HOUR: '1000',
      HERMES_LOGIN_PER_IP_PER_MINUTE: '1000',
      HERMES_LOGIN_PER_EMAIL_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => log.push(d.toString()));
  child.stderr.on('data', (d) => log.push(d.toString()));
  let exited = null;
  child.on('exit', (code) => { exited = code; });
  child.on('error', (e) => { exited = e.message; });
  for (let i = 0; ; i++) {
    if (exited !== null) throw new Error(`hermes exited (${exited}):\n${log.join('')}`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) break;
    } catch { /* not listening yet */ }
    if (i > 300) throw new Error(`hermes did not answer /health in 30 s:\n${log.join('')}`);
    await sleep(100);
  }
  return {
    url,
    dataDir,
    mailDir,
    log: () => log.join(''),
    mails: () => readMails(mailDir),
    waitForMail: (pred, what) => waitForMail(mailDir, pred, what),
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM');
        for (let i = 0; i < 50 && exited === null; i++) await sleep(100);
        if (exited === null) child.kill('SIGKILL');
      }
      const text = log.join('');
      rmSync(dataDir, { recursive: true, force: true });
      assert.doesNotMatch(text, / ERROR |panicked/, `the server logged errors:\n${text}`);
    },
  };
}

function decodeQuotedPrintable(s) {
  const bytes = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s) {
  // RFC 2047 encoded words in headers (a subject with non-ASCII characters).
  return s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc, text) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')));
}

function parseHeaders(block) {
  const headers = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

function splitPart(raw) {
  const m = raw.match(/\r?\n\r?\n/);
  if (!m) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, m.index)), body: raw.slice(m.index + m[0].length) };
}

/** The text/plain part of a MIME message, decoded. */
function plainText(part) {
  const type = part.headers['content-type'] || 'text/plain';
  const boundary = type.match(/boundary="?([^";]+)"?/i);
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of part.body.split(`--${boundary[1]}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const found = plainText(splitPart(chunk.replace(/^\r?\n/, '')));
      if (found !== null) return found;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  const enc = (part.headers['content-transfer-encoding'] || '7bit').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (enc === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** Every mail the server wrote, oldest first: { file, to, subject, text, links }. */
export function readMails(mailDir) {
  let files;
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const msg = splitPart(readFileSync(join(mailDir, file), 'utf8'));
    const text = plainText(msg) ?? '';
    return {
      file,
      to: msg.headers.to || '',
      subject: msg.headers.subject || '',
      headers: msg.headers,
      text,
      links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
    };
  });
}

/** The first mail for which `pred(mail)` holds, waited for up to 20 s. */
export async function waitForMail(mailDir, pred, what = 'a mail') {
  for (let i = 0; i < 200; i++) {
    const found = readMails(mailDir).find(pred);
    if (found) return found;
    await sleep(100);
  }
  const seen = readMails(mailDir).map((m) => `${m.to}: ${m.subject}`).join('\n');
  throw new Error(`no mail: ${what} (seen:\n${seen})`);
}

/** Debian's Chromium, headless. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    // As root in a container there is no user namespace for Chromium's sandbox.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/**
 * A new page in its own context (its own cookies) that records every request to a host
 * other than the server's: `page.foreignRequests` (a page must make none).
 */
export async function newPage(browser, server, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const origin = new URL(server.url).origin;
  page.foreignRequests = [];
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('data:') && !u.startsWith('about:') && new URL(u).origin !== origin) {
      page.foreignRequests.push(u);
    }
  });
  return page;
}

/** Screenshots of the page as it is now at 1280 and 390 px wide, into ARTIFACTS. */
export async function screenshots(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const before = page.viewportSize();
  const files = [];
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(vp);
    const file = join(ARTIFACTS, `${name}-${vp.width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  if (before) await page.setViewportSize(before);
  return files;
}

/** Fails if the page scrolls sideways at 390 px wide. */
export async function assertNoSideScroll(page, what = page.url()) {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (before) await page.setViewportSize(before);
  assert.ok(
    scrollWidth <= innerWidth,
    `${what} scrolls sideways at ${PHONE.width} px: content ${scrollWidth} px wide`,
  );
}

/** Save something a test wants to keep (a page's HTML on failure, say) into ARTIFACTS. */
export function keep(name, content) {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, name), content);
}
