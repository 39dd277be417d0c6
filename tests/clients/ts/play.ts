// A whole game of Gods, played by a client typed from openapi.yaml: openapi-typescript
// writes the types (target/clients/ts/schema.d.ts, by .ci/clients.sh) and openapi-fetch
// makes every call from them.
//
// Two players register, log in, turn their game mail off and open their event streams
// (GET /stream). Ada creates a game of Gods for two, Bob joins it with its join code, and
// each player then waits on their own stream for `your_turn`, builds the turn one step at
// a time from GET /games/{id}/legal and submits it, until `game_over`. The end is checked
// against GET /games/{id}: over, the outcome the stream told, every turn counted, and
// the revealed seed matching the commitment published at the start.
//
// Built here, not generated: reading the stream. openapi-fetch hands over the body of
// GET /stream unread (parseAs: "stream"); it is split into lines here, and each line is
// checked field by field into the generated StreamEvent type (decodeEvent).
//
// No type assertion, no non-null assertion, no `any`: .ci/clients.sh greps for them and
// tsc --strict checks the rest.
//
// Usage: tsx play.ts BASE_URL

import { createHash, randomBytes } from "node:crypto";
import createClient from "openapi-fetch";
import type { Client } from "openapi-fetch";
import type { components, paths } from "hermes-api";

type StreamEvent = components["schemas"]["StreamEvent"];
type GodsTurn = components["schemas"]["GodsTurn"];
type Api = Client<paths>;

const eventTypes: ReadonlyArray<StreamEvent["type"]> = [
  "keepalive",
  "your_turn",
  "game_started",
  "invited",
  "message",
  "game_over",
  "turn",
];

/** One NDJSON line of a stream, checked into the spec's StreamEvent. */
function decodeEvent(line: string): StreamEvent {
  const value: unknown = JSON.parse(line);
  if (typeof value !== "object" || value === null || !("type" in value)) {
    throw new Error(`not an event: ${line}`);
  }
  const type = eventTypes.find((t) => t === value.type);
  if (type === undefined) {
    throw new Error(`an event of no known type: ${line}`);
  }
  const event: StreamEvent = { type };
  if ("id" in value && typeof value.id === "number") event.id = value.id;
  if ("game_id" in value && typeof value.game_id === "string") event.game_id = value.game_id;
  if ("seq" in value && typeof value.seq === "number") event.seq = value.seq;
  if ("outcome" in value) event.outcome = value.outcome;
  return event;
}

/** The lines of a response body, as they arrive; the body is cancelled when the reader stops. */
async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        if (buffer.trim() !== "") yield buffer;
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        yield buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
      }
    }
  } finally {
    await reader.cancel();
  }
}

function fail(what: string, error: unknown, response: Response): never {
  throw new Error(`${what}: ${response.status} ${JSON.stringify(error)}`);
}

class Player {
  readonly name: string;
  readonly api: Api;
  gameId: string | null = null;
  turns = 0;
  outcome: unknown = null;

  private constructor(name: string, api: Api) {
    this.name = name;
    this.api = api;
  }

  static async register(baseUrl: string, name: string, run: string): Promise<Player> {
    const email = `${name.toLowerCase()}.${run}@example.org`;
    const password = `a long password for ${name}`;
    const anonymous = createClient<paths>({ baseUrl });
    const reg = await anonymous.POST("/users", {
      body: { email, display_name: name, password },
    });
    if (reg.error !== undefined) fail(`register ${name}`, reg.error, reg.response);
    const session = await anonymous.POST("/auth/login", { body: { email, password } });
    if (session.error !== undefined) fail(`log ${name} in`, session.error, session.response);
    const api = createClient<paths>({
      baseUrl,
      headers: { authorization: `Bearer ${session.data.access_token}` },
    });
    // No your-turn mail (each would draw the board): the stream tells us.
    const prefs = await api.PATCH("/me/preferences", { body: { mail: "none" } });
    if (prefs.error !== undefined) fail(`${name}'s preferences`, prefs.error, prefs.response);
    return new Player(name, api);
  }

  /** Open the stream; resolves once it is open (the first keep-alive came). */
  async listen(): Promise<AsyncGenerator<string>> {
    const opened = await this.api.GET("/stream", { parseAs: "stream" });
    if (opened.error !== undefined) fail(`${this.name}'s stream`, opened.error, opened.response);
    if (opened.data === null) throw new Error(`${this.name}'s stream has no body`);
    const stream = lines(opened.data);
    const first = await stream.next();
    if (first.done === true || decodeEvent(first.value).type !== "keepalive") {
      throw new Error(`${this.name}'s stream did not start with a keep-alive`);
    }
    return stream;
  }

  /** Play each `your_turn` of the game until `game_over`. */
  async follow(stream: AsyncGenerator<string>): Promise<void> {
    for await (const line of stream) {
      if (line.trim() === "") continue;
      const event = decodeEvent(line);
      if (this.gameId === null || event.game_id !== this.gameId) continue;
      if (event.type === "your_turn") {
        await this.play(this.gameId, event);
      } else if (event.type === "game_over") {
        this.outcome = event.outcome;
        return; // leaving the loop cancels the stream (lines)
      }
    }
    throw new Error(`${this.name}'s stream ended before the game did`);
  }

  /**
   * One turn: ask /legal what may come next and take one of the actions it lists at
   * random (an extra-action tile only when nothing else is left) until the turn is
   * complete; declare the end whenever the rules allow it (G-E2). Then submit it.
   */
  async play(gameId: string, event: StreamEvent): Promise<void> {
    let turn: GodsTurn = { steps: [] };
    for (;;) {
      const asked = await this.api.GET("/games/{id}/legal", {
        params: { path: { id: gameId }, query: { partial: JSON.stringify(turn) } },
      });
      if (asked.error !== undefined) fail(`${this.name}'s legal steps`, asked.error, asked.response);
      const { seq, legal } = asked.data;
      if (!("may_declare_end" in legal)) throw new Error(`a Gods game answered ${JSON.stringify(legal)}`);
      if (seq !== event.seq) throw new Error(`your_turn at ${event.seq}, /legal at ${seq}`);
      if (legal.may_declare_end) {
        turn = { declare_end: true };
        break;
      }
      const actions = legal.steps.filter((step) => step.do !== "play_extra_action");
      const pick = actions.length > 0 ? actions : legal.steps;
      const step = pick[Math.floor(Math.random() * pick.length)];
      if (legal.owed === 0 || step === undefined) {
        if (!legal.can_finish) throw new Error(`${this.name} is stuck: ${JSON.stringify(legal)}`);
        break;
      }
      turn = { steps: [...(turn.steps ?? []), step] };
    }
    const sent = await this.api.POST("/games/{id}/turns", {
      params: { path: { id: gameId } },
      body: { turn, expected_seq: event.seq ?? null },
    });
    if (sent.error !== undefined) fail(`${this.name}'s turn`, sent.error, sent.response);
    if (sent.data.seq !== (event.seq ?? -1) + 1) {
      throw new Error(`${this.name}'s turn was logged at ${sent.data.seq}`);
    }
    this.turns += 1;
  }
}

async function main(): Promise<void> {
  const baseUrl = process.argv[2] ?? "http://127.0.0.1:8080";
  const run = randomBytes(4).toString("hex");
  const ada = await Player.register(baseUrl, "Ada", run);
  const bob = await Player.register(baseUrl, "Bob", run);
  const streams = [await ada.listen(), await bob.listen()];

  const created = await ada.api.POST("/games", { body: { kind: "gods", seats: 2 } });
  if (created.error !== undefined) fail("create the game", created.error, created.response);
  const game = created.data;
  ada.gameId = game.id;
  bob.gameId = game.id;
  const code = game.join_code;
  if (code === undefined) throw new Error("an open game shows its join code");
  const joined = await bob.api.POST("/games/{id}/join", {
    params: { path: { id: game.id } },
    body: { code },
  });
  if (joined.error !== undefined) fail("Bob joins", joined.error, joined.response);

  const [adaStream, bobStream] = streams;
  if (adaStream === undefined || bobStream === undefined) throw new Error("two streams");
  await Promise.all([ada.follow(adaStream), bob.follow(bobStream)]);

  const end = await ada.api.GET("/games/{id}", { params: { path: { id: game.id } } });
  if (end.error !== undefined) fail("the game", end.error, end.response);
  const over = end.data;
  if (over === undefined) throw new Error("the game: no body");
  const outcome = over.view?.outcome;
  if (over.status !== "over" || outcome === undefined || outcome === null) {
    throw new Error(`the streams told game over, the game says ${over.status}`);
  }
  for (const p of [ada, bob]) {
    if (JSON.stringify(p.outcome) !== JSON.stringify(outcome)) {
      throw new Error(`${p.name}'s stream told ${JSON.stringify(p.outcome)}, the game ${JSON.stringify(outcome)}`);
    }
  }
  if (ada.turns + bob.turns !== over.seq) {
    throw new Error(`${ada.turns} + ${bob.turns} turns played, the game has ${over.seq}`);
  }
  if (outcome.scores.length !== 2 || outcome.winners.some((w) => w !== 0 && w !== 1)) {
    throw new Error(`an outcome for two gods: ${JSON.stringify(outcome)}`);
  }
  if (over.seed === null) throw new Error("the seed is revealed when the game is over");
  const check = createHash("sha256").update(Buffer.from(over.seed, "hex")).digest("hex");
  if (check !== over.seed_commitment) throw new Error("SHA-256 of the revealed seed is not the commitment");
  const names = new Map(over.players.map((p) => [p.seat, p.display_name]));
  const scores = outcome.scores.map((score, seat) => `${names.get(seat)} ${score}`).join(", ");
  const winners = outcome.winners.map((w) => names.get(w)).join(" and ") || "nobody";
  console.log(
    `typescript client: game ${game.id} over after ${over.seq} turns (Ada ${ada.turns}, Bob ${bob.turns}); ` +
      `scores ${scores}; ${winners} won; ${outcome.reason}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
