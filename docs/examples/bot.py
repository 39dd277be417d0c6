"""A bot for Hermes that plays Gods and Dreams at random (docs/clients/bots.md).

It follows its account's event stream and plays each `your_turn` with a random legal
turn, through the Python client openapi-python-client generates from openapi.yaml (the
package `hermes_client`; .ci/clients.sh makes it). Its token is a bot account's, with the
scope `bot:play`. It reconnects with `Last-Event-ID` when the stream ends, and on start
plays the games that wait for it.

Usage: bot.py BASE_URL TOKEN [GAMES]   (stops after GAMES games over; default never)
"""

from __future__ import annotations

import json
import random
import sys

import httpx

from hermes_client import AuthenticatedClient
from hermes_client.api.default import legal_steps, list_games, stream_my_events, submit_turn
from hermes_client.models import (
    DreamsGuessImage, DreamsGuessSeat, DreamsLegal, DreamsStarTurn, DreamsTurn, GodsLegal,
    GodsStepPlayExtraAction, GodsTurn, LegalStepsResponse200, ListGamesResponse200,
    StreamEvent, TurnAccepted, TurnSubmission,
)
from hermes_client.types import UNSET, Unset


def gods_turn(client: AuthenticatedClient, game: str) -> GodsTurn:
    """Random legal steps until the turn is whole (an extra-action tile only when nothing
    else is left); the end of the game whenever the rules allow it (G-E2)."""
    turn = GodsTurn(steps=[])
    while True:
        answer = legal_steps.sync(game, client=client, partial=json.dumps(turn.to_dict()))
        if not isinstance(answer, LegalStepsResponse200) or not isinstance(answer.legal, GodsLegal):
            raise RuntimeError(f"legal steps: {answer!r}")
        legal = answer.legal
        if legal.may_declare_end:
            return GodsTurn(declare_end=True)
        pick = [s for s in legal.steps if not isinstance(s, GodsStepPlayExtraAction)] or legal.steps
        if legal.owed == 0 or not pick:
            return turn
        turn = GodsTurn(steps=[*([] if isinstance(turn.steps, Unset) else turn.steps), random.choice(pick)])


def dreams_turn(legal: DreamsLegal) -> DreamsTurn:
    """A star on a random free point, or a random seat (a god) or image (the mortal)."""
    if legal.kinds:
        taken = {(p.x, p.y) for p in legal.taken}
        free = [(x, y) for x in range(legal.max_ + 1) for y in range(legal.max_ + 1) if (x, y) not in taken]
        x, y = random.choice(free)
        return DreamsTurn(star=DreamsStarTurn(kind=legal.kinds[0], x=x, y=y))
    if legal.seats:
        return DreamsTurn(guess=DreamsGuessSeat(seat=random.choice(legal.seats)))
    if legal.images:
        return DreamsTurn(guess=DreamsGuessImage(image=random.choice(legal.images)))
    return DreamsTurn(pass_=True)


def play(client: AuthenticatedClient, game: str, seq: int) -> None:
    """One turn of `game`, told at `seq`; nothing if it is no longer the bot's."""
    answer = legal_steps.sync(game, client=client)
    if not isinstance(answer, LegalStepsResponse200):
        return  # the game moved on (played, over, deleted)
    legal = answer.legal
    turn = gods_turn(client, game) if isinstance(legal, GodsLegal) else dreams_turn(legal)
    done = submit_turn.sync(game, client=client, body=TurnSubmission(turn=turn, expected_seq=seq))
    if isinstance(done, TurnAccepted):
        print(f"played {game} {done.seq}: {done.notation}", flush=True)
    else:
        print(f"refused {game} {seq}: {done!r}", flush=True)


def main() -> None:
    base_url, token = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    # The stream sends a keep-alive after 25 s of quiet: a read waits a little longer.
    client = AuthenticatedClient(base_url=base_url, token=token, timeout=httpx.Timeout(10.0, read=60.0))
    last: str | Unset = UNSET
    over = 0
    while True:
        # The generated `stream_my_events.sync` would read a body that never ends: its
        # request is sent with httpx's streaming on the client's own httpx client instead.
        request = stream_my_events._get_kwargs(last_event_id=last)
        with client.get_httpx_client().stream(**request) as response:
            response.raise_for_status()
            if isinstance(last, Unset):
                print("listening", flush=True)
                waiting = list_games.sync(client=client, must_act=True)
                for g in waiting.games if isinstance(waiting, ListGamesResponse200) else []:
                    if g.my_turn:
                        play(client, g.id, g.seq)
            for line in response.iter_lines():
                event = StreamEvent.from_dict(json.loads(line)) if line else None
                if event is None or isinstance(event.game_id, Unset) or isinstance(event.id, Unset):
                    continue
                last = str(event.id)
                if event.type_ == "your_turn" and not isinstance(event.seq, Unset):
                    play(client, event.game_id, event.seq)
                elif event.type_ == "game_over":
                    over += 1
                    print(f"{event.game_id} over: {json.dumps(event.outcome)}", flush=True)
                    if over == games:
                        return


if __name__ == "__main__":
    main()
