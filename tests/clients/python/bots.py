"""Three copies of the example bot (docs/examples/bot.py) play whole games against the
server: a game of Gods for two and a game of Dreams for three, every seat a bot account.

This script sets the table through the generated client (`hermes_client`, made by
.ci/clients.sh) as a bot's owner would (docs/clients/bots.md): it registers three
accounts, makes each a bot (`POST /me/bot`) and makes its `bot:play` token, starts one
`bot.py` per account with that token and waits until each listens on its stream. Then
the first bot's token creates both games and the others join them with the join codes.
From there the bots play alone, each from its own stream; each stops when its games are
over. The end is checked with `GET /games/{id}`: both games over, every seat marked
`bot: {kind: account}`, and every turn in the game's sequence played by a bot.

Usage: bots.py BASE_URL   (the generated package on PYTHONPATH)
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import threading
from typing import TypeVar

import httpx

from hermes_client import AuthenticatedClient, Client
from hermes_client.api.default import (
    become_bot,
    create_game,
    create_token,
    get_game,
    join_game,
    login,
    register,
)
from hermes_client.models import (
    BecomeBotResponse200,
    CreateTokenBody,
    CreateTokenResponse201,
    Game,
    GetGameResponse200,
    JoinGameBody,
    LoginBody,
    LoginResponse200,
    NewDreamsGame,
    NewGodsGame,
    RegisterResponse202,
    Registration,
    SeatBotAccount,
)

T = TypeVar("T")
TIMEOUT = httpx.Timeout(10.0)
BOT = os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs", "examples", "bot.py")


def expect(answer: object, kind: type[T], what: str) -> T:
    if isinstance(answer, kind):
        return answer
    raise AssertionError(f"{what}: {answer!r}")


class Bot:
    """A bot account, its `bot:play` token, and the `bot.py` that plays with it."""

    def __init__(self, base_url: str, name: str, run: str, games: int) -> None:
        self.name = name
        email = f"{name.lower()}.{run}@example.org"
        password = f"a long password for {name}"
        anonymous = Client(base_url=base_url, timeout=TIMEOUT)
        expect(
            register.sync(client=anonymous, body=Registration(email=email, display_name=name, password=password)),
            RegisterResponse202,
            f"register {name}",
        )
        session = expect(
            login.sync(client=anonymous, body=LoginBody(email=email, password=password)),
            LoginResponse200,
            f"log {name} in",
        )
        owner = AuthenticatedClient(base_url=base_url, token=session.access_token, timeout=TIMEOUT)
        me = expect(become_bot.sync(client=owner), BecomeBotResponse200, f"{name} becomes a bot")
        if not me.bot:
            raise AssertionError(f"{name} is not a bot: {me!r}")
        made = expect(
            create_token.sync(client=owner, body=CreateTokenBody(name=f"{name}'s token")),
            CreateTokenResponse201,
            f"{name}'s token",
        )
        if made.scopes != ["bot:play"]:
            raise AssertionError(f"a bot's token holds bot:play alone, not {made.scopes}")
        self.client = AuthenticatedClient(base_url=base_url, token=made.token, timeout=TIMEOUT)
        self.process = subprocess.Popen(
            [sys.executable, BOT, base_url, made.token, str(games)],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.listening = threading.Event()
        self.reader = threading.Thread(target=self.read, daemon=True)
        self.reader.start()

    def read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())
            if line.startswith("listening"):
                self.listening.set()
        self.listening.set()


def main() -> None:
    base_url = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"
    run = secrets.token_hex(4)
    bots = [Bot(base_url, "Randy", run, 2), Bot(base_url, "Rosie", run, 2), Bot(base_url, "Rufus", run, 1)]
    try:
        for b in bots:
            if not b.listening.wait(30) or b.process.poll() is not None:
                raise AssertionError(f"{b.name}'s bot did not start: {b.lines}")
        first = bots[0]
        gods = expect(create_game.sync(client=first.client, body=NewGodsGame(kind="gods", seats=2)), Game, "Gods")
        dreams = expect(
            create_game.sync(client=first.client, body=NewDreamsGame(kind="dreams", seats=3)), Game, "Dreams"
        )
        for game, joining in ((gods, bots[1:2]), (dreams, bots[1:])):
            for b in joining:
                expect(
                    join_game.sync(game.id, client=b.client, body=JoinGameBody(code=game.join_code)),
                    Game,
                    f"{b.name} joins {game.kind}",
                )
        for b in bots:
            try:
                code = b.process.wait(150)
            except subprocess.TimeoutExpired:
                raise AssertionError(f"{b.name}'s games did not end: {b.lines[-5:]}") from None
            if code != 0:
                raise AssertionError(f"{b.name}'s bot failed ({code}): {b.lines[-5:]}")
        for game in (gods, dreams):
            end = expect(get_game.sync(game.id, client=first.client), GetGameResponse200, "the game")
            if end.status != "over":
                raise AssertionError(f"{game.kind}: {end.status}")
            if not all(isinstance(p.bot, SeatBotAccount) for p in end.players):
                raise AssertionError(f"{game.kind}: a seat not marked as a bot's: {end.players!r}")
            played = sum(line.startswith(f"played {game.id} ") for b in bots for line in b.lines)
            if played != end.seq:
                raise AssertionError(f"{game.kind}: {played} turns played by the bots, the game has {end.seq}")
            print(f"bots: {game.kind} game {game.id} over after {end.seq} turns, all played by bots; {end.outcome}")
    finally:
        for b in bots:
            if b.process.poll() is None:
                b.process.kill()


if __name__ == "__main__":
    main()
