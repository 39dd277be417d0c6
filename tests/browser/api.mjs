// A little of the JSON API, for tests that need a game before the browser opens a page.
export async function api(server, method, path, { token, body } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(server.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: r.status, json, text, headers: r.headers };
}

/** Register and log in through the API; returns { email, password, token, id }. */
export async function apiUser(server, name) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]/g, '') || 'user';
  const email = `${slug}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.org`;
  const password = `a long password for ${name}`;
  const reg = await api(server, 'POST', '/users', { body: { email, display_name: name, password } });
  if (reg.status !== 202) throw new Error(`register ${name}: ${reg.status} ${reg.text}`);
  const login = await api(server, 'POST', '/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login ${name}: ${login.status} ${login.text}`);
  return { email, password, name, token: login.json.access_token, id: login.json.user.id };
}
