#!/usr/bin/env python3
"""Fill openapi.yaml's missing examples with real answers of a real server.

Starts target/debug/hermes on a scratch data directory, plays a short scenario over HTTP
(accounts, a game of Gods, a game of Dreams, talk, a deck, a reply by mail, refusals), and
writes each answer as the `example` (or, for the game routes, `examples` with `gods` and
`dreams`) of the request or response body it belongs to, where the spec has none yet. A
problem+json body nobody provoked in the scenario gets the server's shape with the code
the response names. Existing examples are left as they are; api/tests/api/contract.rs
checks that every JSON body has one and that each fits its schema.

Usage: .ci/spec-examples.py   (needs target/debug/hermes: cargo build -p hermes-api)
Needs PyYAML (to read the spec; the files themselves are edited line by line).

The spec's source is the folder openapi/ (openapi/README.md): each example is written into
the file of openapi/ that holds its place, and openapi.yaml is bundled again from the folder
as the Rust bundler does (api/tests/api/openapi_bundle.rs checks they agree).
"""
import datetime
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(ROOT, "openapi.yaml")
FOLDER = os.path.join(ROOT, "openapi")
INCLUDE = "#@include "
SECRET = "an inbound secret of some length"


class Server:
    def __init__(self):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        self.data = tempfile.mkdtemp()
        env = dict(os.environ, HERMES_INBOUND_SECRET=SECRET, RUST_LOG="warn")
        self.proc = subprocess.Popen(
            [os.path.join(ROOT, "target/debug/hermes"), "serve", "--bind",
             f"127.0.0.1:{self.port}", "--data-dir", self.data],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if self.call("GET", "/health", record=False)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise SystemExit("the server did not start")

    def stop(self):
        self.proc.terminate()
        self.proc.wait()

    def call(self, method, path, token=None, body=None, headers=None, raw=None,
             template=None, name=None, record=True):
        """One request; records (method, template, status) -> (request, answer)."""
        h = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h.setdefault("content-type", "application/json")
        elif raw is not None:
            data = raw
        if token:
            h["authorization"] = f"Bearer {token}"
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        text = r.read()
        ctype = r.getheader("content-type", "")
        answer = json.loads(text) if "json" in ctype and text else None
        if record:
            key = (method.lower(), template or path.split("?")[0], str(r.status))
            CAPTURED.setdefault(key, {})
            CAPTURED[key].setdefault(name or "", (body, answer))
        if answer is not None and r.status >= 400:
            PROBLEMS.setdefault(answer.get("code"), answer)
        return r.status, answer


CAPTURED = {}
PROBLEMS = {}


def scenario(s):
    soon = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=3)).replace(
        microsecond=0)
    s.call("GET", "/health")
    s.call("GET", "/ready")
    users = {}
    for who in ["ann", "bob", "cleo", "dan"]:
        reg = {"email": f"{who}@example.org", "display_name": who.title(),
               "password": "a long password"}
        s.call("POST", "/users", body=reg)
        _, login = s.call("POST", "/auth/login",
                          body={"email": reg["email"], "password": reg["password"]})
        users[who] = login["access_token"]
    ann, bob, cleo, dan = (users[w] for w in ["ann", "bob", "cleo", "dan"])
    s.call("GET", "/me", ann)
    s.call("PUT", "/me/vacation", ann, {"until": soon.isoformat().replace("+00:00", "Z")})
    s.call("GET", "/me/vacation", ann)
    s.call("DELETE", "/me/vacation", ann)
    _, token = s.call("POST", "/tokens", ann, {"name": "my bot", "scopes": ["read", "play"]})
    s.call("GET", "/tokens", ann)
    _, prefs = s.call("GET", "/me/preferences", ann)
    s.call("PUT", "/me/preferences", ann,
           {"mail": prefs["mail"], "time_zone": "Europe/Berlin", "lang": prefs["lang"]})
    s.call("PATCH", "/me/preferences", ann, {"time_zone": "America/New_York"})

    # A game of Gods: ann and bob, cleo watching.
    _, g = s.call("POST", "/games", ann, {"kind": "gods", "seats": 2, "random_seats": False,
                                           "turn_hours": 48, "player_seed": "ann's dice",
                                           "watchers": "invited"},
                  name="gods")
    gid = g["id"]
    t = "/games/{id}"
    s.call("POST", f"/games/{gid}/invites", ann, {"email": "bob@example.org"},
           template=t + "/invites")
    s.call("POST", f"/games/{gid}/spectators", ann, {"email": "cleo@example.org"},
           template=t + "/spectators")
    s.call("POST", f"/games/{gid}/join", bob, {"code": g["join_code"], "player_seed": "bob's dice"},
           template=t + "/join")
    s.call("GET", "/games", ann)
    by_seat = {0: ann, 1: bob}
    for n in range(3):
        _, game = s.call("GET", f"/games/{gid}", ann, template=t, name="gods")
        seat = game["to_act"][0]
        who = by_seat[seat]
        steps = []
        while True:
            q = urllib.parse.quote(json.dumps({"steps": steps})) if steps else None
            _, legal = s.call("GET", f"/games/{gid}/legal" + (f"?partial={q}" if q else ""),
                              who, template=t + "/legal", name="gods")
            l = legal["legal"]
            if l["may_declare_end"]:
                turn = {}
                break
            if l["can_finish"] and (l["owed"] == 0 or not l["steps"]):
                turn = {"steps": steps}
                break
            steps.append(l["steps"][0])
        headers = {"prefer": "return=minimal"} if n == 2 else None
        s.call("POST", f"/games/{gid}/turns", who, {"expected_seq": game["seq"], "turn": turn},
               headers=headers, template=t + "/turns", name="minimal" if n == 2 else "gods")
    s.call("POST", f"/games/{gid}/messages", bob, {"body": "Nice temple."},
           template=t + "/messages")
    s.call("GET", f"/games/{gid}/messages", ann, template=t + "/messages")
    # The game page's own `legal` answers as `/legal` does, with the turn so far in the
    # notation (here: nothing yet); its credential is a turn link's, which this scenario
    # has not got.
    _, game = s.call("GET", f"/games/{gid}", ann, record=False)
    _, legal = s.call("GET", f"/games/{gid}/legal", by_seat[game["to_act"][0]],
                      template=t + "/legal", record=False)
    CAPTURED[("get", t + "/play/legal", "200")] = {"": (None, dict(legal, notation=""))}
    s.call("GET", f"/games/{gid}/log", ann, template=t + "/log", name="gods")
    s.call("GET", f"/games/{gid}/state?at=2", ann, template=t + "/state", name="gods")
    # Refusals.
    s.call("POST", f"/games/{gid}/turns", ann, {"expected_seq": 0, "turn": {}},
           template=t + "/turns")
    s.call("GET", f"/games/{gid}/legal", cleo, template=t + "/legal")
    s.call("GET", f"/games/{gid}/legal?partial=tribe%20one", by_seat[game["to_act"][0]],
           template=t + "/legal")
    s.call("GET", "/me")
    s.call("GET", "/games/nope", ann, template=t)
    s.call("GET", "/games?colour=red", ann)
    s.call("POST", "/games", ann, raw=b"{", headers={"content-type": "application/json"})
    s.call("POST", "/games", ann, raw=b"x", headers={"content-type": "text/plain"})
    s.call("POST", "/games", ann, {"kind": "gods", "seats": 7})
    s.call("POST", f"/games/{gid}/turns", bob, {"turn": {}}, template=t + "/turns")

    # A game of Dreams: ann, bob and cleo.
    _, d = s.call("POST", "/games", ann, {"kind": "dreams", "seats": 3, "random_seats": False,
                                           "options": {"deck": "standard"}}, name="dreams")
    did = d["id"]
    for who in [bob, cleo]:
        s.call("POST", f"/games/{did}/join", who, {"code": d["join_code"]}, template=t + "/join")
    dreamers = {0: ann, 1: bob, 2: cleo}
    for _ in range(4):
        _, game = s.call("GET", f"/games/{did}", ann, template=t, name="dreams")
        seat = game["to_act"][0]
        _, legal = s.call("GET", f"/games/{did}/legal", dreamers[seat], template=t + "/legal",
                          name="dreams")
        l = legal["legal"]
        taken = {(p["x"], p["y"]) for p in l["taken"]}
        x = next(x for x in range(10, 100, 7) if (x, 40) not in taken)
        turn = {"star": {"kind": l["kinds"][0], "x": x, "y": 40}}
        s.call("POST", f"/games/{did}/turns", dreamers[seat],
               {"expected_seq": game["seq"], "turn": turn}, template=t + "/turns", name="dreams")
    s.call("GET", f"/games/{did}/log", bob, template=t + "/log", name="dreams")
    s.call("GET", f"/games/{did}/state?at=1", bob, template=t + "/state", name="dreams")

    # Leaving: a resignation and an abort.
    for what in ["resign", "abort"]:
        _, g2 = s.call("POST", "/games", bob, {"kind": "gods", "seats": 2}, record=False)
        s.call("POST", f"/games/{g2['id']}/join", dan, {"code": g2["join_code"]}, record=False)
        s.call("POST", f"/games/{g2['id']}/{what}", bob, template=t + "/" + what)

    # A deck.
    svg = "<svg xmlns='http://www.w3.org/2000/svg' width='60' height='90'><rect width='60' height='90' fill='#357'/></svg>"
    cards = [{"title": f"Dream {i + 1}", "svg": svg} for i in range(72)]
    _, deck = s.call("POST", "/decks", ann, {"name": "Night sky", "cards": cards})
    s.call("GET", f"/decks/{deck['id']}", ann, template="/decks/{id}")

    # A reply by mail from nobody the server knows.
    mail = (b"From: someone@example.net\r\nTo: reply@example.org\r\nSubject: hello\r\n"
            b"Message-ID: <1@example.net>\r\n\r\ntribe 1 at 2,-1\r\n")
    s.call("POST", "/inbound/mail", SECRET, raw=mail, headers={"content-type": "message/rfc822"})
    return token


REASONS = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
           405: "Method Not Allowed", 406: "Not Acceptable", 409: "Conflict",
           410: "Gone", 412: "Precondition Failed", 413: "Payload Too Large",
           415: "Unsupported Media Type", 422: "Unprocessable Entity",
           428: "Precondition Required", 429: "Too Many Requests",
           500: "Internal Server Error", 503: "Service Unavailable"}


def source_detail(code):
    """The detail the server's source gives `code`, when it is a plain literal."""
    pat = re.compile(r'"%s",\s*"((?:[^"\\]|\\.)*)"' % re.escape(code))
    for d, _, files in os.walk(os.path.join(ROOT, "api/src")):
        for f in files:
            if f.endswith(".rs"):
                m = pat.search(open(os.path.join(d, f)).read())
                if m:
                    return m.group(1).replace('\\"', '"')
    return None


def problem(code, status):
    if code in PROBLEMS and PROBLEMS[code]["status"] == status:
        return PROBLEMS[code]
    detail = source_detail(code) or code.replace("_", " ")
    return {"type": f"/problems/{code}", "title": REASONS.get(status, "Error"),
            "status": status, "detail": detail, "code": code}


def first_code(description):
    m = re.search(r"`([a-z][a-z0-9_]*)`", description or "")
    return m.group(1) if m else None


def main():
    spec = yaml.safe_load(open(SPEC))
    s = Server()
    try:
        scenario(s)
    finally:
        s.stop()

    # What to add, by location: ("paths", path, method, "requestBody"|("responses", code), mt)
    additions = {}

    def want(loc, media, value=None, values=None):
        if "example" in media or "examples" in media:
            return
        if values:
            additions[loc] = ("examples", values)
        elif value is not None:
            additions[loc] = ("example", value)

    for path, item in spec["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "responses" not in op:
                continue
            rb = op.get("requestBody", {}).get("content", {})
            for mt, media in rb.items():
                if "json" not in mt:
                    continue
                got = {}
                for (m, p, st), named in CAPTURED.items():
                    if m == method and p == path and st.startswith("2"):
                        for name, (req, _) in named.items():
                            if req is not None:
                                got.setdefault(name, req)
                vals = {k or "default": {"value": v} for k, v in got.items()}
                if len(vals) > 1:
                    want(("paths", path, method, "requestBody", mt), media, values=vals)
                elif vals:
                    want(("paths", path, method, "requestBody", mt), media,
                         value=next(iter(vals.values()))["value"])
            for status, resp in op["responses"].items():
                for mt, media in resp.get("content", {}).items():
                    if "json" not in mt or "schema" not in media:
                        continue
                    loc = ("paths", path, method, "responses", str(status), mt)
                    if mt == "application/problem+json":
                        code = first_code(resp.get("description"))
                        if code:
                            want(loc, media, value=problem(code, int(status)))
                        continue
                    named = CAPTURED.get((method, path, str(status)), {})
                    answers = {k or "default": {"value": a} for k, (_, a) in named.items()
                               if a is not None}
                    if len(answers) > 1:
                        want(loc, media, values=answers)
                    elif answers:
                        want(loc, media, value=next(iter(answers.values()))["value"])
    for name, resp in spec["components"]["responses"].items():
        for mt, media in resp.get("content", {}).items():
            if mt == "application/problem+json":
                code = first_code(resp.get("description")) or {
                    "PageTooMany": "rate_limited", "PageTooLarge": "payload_too_large"}.get(name)
                status = {"NotModified": 304}.get(name)
                if code and status is None:
                    # The status the response is used with.
                    uses = [st for item in spec["paths"].values() for op in item.values()
                            if isinstance(op, dict) for st, r in op.get("responses", {}).items()
                            if r.get("$ref") == f"#/components/responses/{name}"]
                    if uses:
                        want(("components", "responses", name, mt), media,
                             value=problem(code, int(uses[0])))
    print(f"{len(additions)} examples added", file=sys.stderr)
    write(additions)


def dump(key, value, indent):
    text = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=None)
    return "".join(" " * indent + line + "\n" for line in text.splitlines())


def sources():
    """openapi/root.yaml with its includes: every line of the bundle with the file and
    the line of openapi/ it comes from and the indentation the bundle adds."""
    out = []  # (line of the bundle, file, index in the file, indentation added)
    for i, line in enumerate(open(os.path.join(FOLDER, "root.yaml")).read().splitlines()):
        body = line.lstrip(" ")
        if not body.startswith(INCLUDE):
            out.append((line, "root.yaml", i, ""))
            continue
        indent = line[: len(line) - len(body)]
        name = body[len(INCLUDE):].strip()
        for j, inc in enumerate(open(os.path.join(FOLDER, name)).read().splitlines()):
            out.append((indent + inc if inc else inc, name, j, indent))
    return out


def bundle():
    return "".join(line + "\n" for line, _, _, _ in sources())


def write(additions):
    lines = sources()
    if bundle() != open(SPEC).read():
        raise SystemExit("openapi.yaml is not the bundle of openapi/: bless it first "
                         "(HERMES_BLESS=1 cargo test -p hermes-api --test api -- openapi_bundle)")
    inserted = {}  # (file, index) -> text to insert after that line, as the file has it
    stack = []  # (indent, key)
    for line, source, index, added in lines:
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or stripped.startswith("- "):
            continue
        m = re.match(r'^( *)("[^"]*"|[^:\s][^:]*):(\s|$)', line)
        if not m:
            continue
        indent = len(m.group(1))
        key = m.group(2).strip('"')
        while stack and stack[-1][0] >= indent:
            stack.pop()
        stack.append((indent, key))
        keys = [k for _, k in stack]
        loc = None
        if keys[0] == "paths" and len(keys) >= 6 and keys[3] == "requestBody" and keys[4] == "content" and len(keys) == 6:
            loc = ("paths", keys[1], keys[2], "requestBody", keys[5])
        elif keys[0] == "paths" and len(keys) == 7 and keys[3] == "responses" and keys[5] == "content":
            loc = ("paths", keys[1], keys[2], "responses", keys[4], keys[6])
        elif keys[:2] == ["components", "responses"] and len(keys) == 5 and keys[3] == "content":
            loc = ("components", "responses", keys[2], keys[4])
        if loc in additions:
            kind, value = additions.pop(loc)
            inserted[(source, index)] = dump(kind, value, indent + 2 - len(added))
    if additions:
        raise SystemExit(f"not placed: {list(additions)}")
    for name in sorted({source for source, _ in inserted}):
        path = os.path.join(FOLDER, name)
        out = []
        for i, line in enumerate(open(path).read().splitlines()):
            out.append(line + "\n")
            out.append(inserted.get((name, i), ""))
        open(path, "w").write("".join(out))
    open(SPEC, "w").write(bundle())


if __name__ == "__main__":
    main()
