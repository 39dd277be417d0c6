#!/usr/bin/env python3
"""Recompute the draws of a finished Hermes game from its public data (seed scheme 2).

Usage:  python3 replay_draws.py GAME.json      (or the JSON on standard input)

GAME.json is what `GET /games/{id}` returns once the game is over: `seed` (the server's
seed, revealed at the end), `seed_commitment`, `seed_scheme`, `players[].seat` and
`players[].player_seed`, `kind`, `options`. The script checks the commitment, derives the
game's seed, and prints as JSON the draws the rules make from it (docs/replay.md):

* Gods with a pile: the whole pile in order, `pile[-1]` its top (the first tile drawn);
  with a bag: the bag's starting contents (its draws interleave with play: replay the log
  with the engine, `hermes verify`, to follow them).
* Dreams: the shuffled deck and round 1 (its four images, the true vision, the mortal).

Python 3 standard library only: HMAC-SHA256 from `hmac`, ChaCha20 written out below.
"""

import hashlib
import hmac
import json
import struct
import sys

DOMAIN = b"hermes/game-seed/v2"
MASK32 = 0xFFFFFFFF
MASK64 = 0xFFFFFFFFFFFFFFFF


def derive_game_seed(server_seed: bytes, player_seeds: list) -> bytes:
    """HMAC-SHA256(key = server seed, message = domain || u32le(n) || (u32le(len) || seed)*)."""
    message = DOMAIN + struct.pack("<I", len(player_seeds))
    for seed in player_seeds:
        raw = seed.encode("utf-8")
        message += struct.pack("<I", len(raw)) + raw
    return hmac.new(server_seed, message, hashlib.sha256).digest()


def _rotl(x, n):
    return ((x << n) & MASK32) | (x >> (32 - n))


def _quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK32; s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK32; s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK32; s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK32; s[b] = _rotl(s[b] ^ s[c], 7)


def chacha20_block(key: bytes, counter: int) -> list:
    """The 16 output words of one ChaCha20 block: 64-bit counter, 64-bit stream 0."""
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    state += list(struct.unpack("<8I", key))
    state += [counter & MASK32, counter >> 32, 0, 0]
    s = list(state)
    for _ in range(10):
        _quarter(s, 0, 4, 8, 12); _quarter(s, 1, 5, 9, 13)
        _quarter(s, 2, 6, 10, 14); _quarter(s, 3, 7, 11, 15)
        _quarter(s, 0, 5, 10, 15); _quarter(s, 1, 6, 11, 12)
        _quarter(s, 2, 7, 8, 13); _quarter(s, 3, 4, 9, 14)
    return [(a + b) & MASK32 for a, b in zip(s, state)]


class Rng:
    """The game's generator: ChaCha20 keyed with the game seed, as in games/src/rng.rs."""

    def __init__(self, key: bytes):
        self.key, self.counter, self.words = key, 0, []

    def next_u64(self) -> int:
        if not self.words:
            self.words = chacha20_block(self.key, self.counter)
            self.counter += 1
        lo, hi = self.words.pop(0), self.words.pop(0)
        return lo | (hi << 32)

    def below(self, n: int) -> int:
        if n <= 1:
            return 0
        zone = MASK64 - (MASK64 % n) - 1
        while True:
            x = self.next_u64()
            if x <= zone:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def gods_tiles(options: dict, seats: int) -> list:
    tiles = [{"colour": c, "kind": "tribe"} for c in ("red", "yellow", "green", "blue") for _ in range(8)]
    tiles += [{"kind": "desert"}] * (11 - (1 if seats == 4 else 0))  # 4 gods: one desert starts on the board
    tiles += [{"kind": "whirlwind"}] * 2 + [{"kind": "extra_action"}] * 2
    tiles.append({"kind": "decay"} if options.get("decay_tile") else {"kind": "game_end"})
    return [dict(t) for t in tiles]


def gods_draws(rng: Rng, options: dict, seats: int) -> dict:
    tiles = gods_tiles(options, seats)
    if options.get("draw", "pile") == "bag":
        return {"bag": tiles}
    tiles = [t for t in tiles if t["kind"] != "game_end"]
    rng.shuffle(tiles)
    tiles.insert(rng.below(int(options.get("end_tile_depth", 3))), {"kind": "game_end"})
    return {"pile": tiles}


def dreams_draws(rng: Rng, seats: int) -> dict:
    deck = list(range(72))
    rng.shuffle(deck)
    left = 72
    cards = [deck[left - k] for k in range(1, 5)]
    vision = 1 + rng.below(4)
    mortal = rng.below(seats)
    return {"deck": deck, "round_1": {"cards": cards, "vision": vision, "mortal": mortal}}


def main() -> int:
    game = json.load(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
    if game.get("seed_scheme") != 2:
        print("only seed scheme 2 is handled here (scheme 1: the seed itself, xoshiro256**)", file=sys.stderr)
        return 2
    server_seed = bytes.fromhex(game["seed"])
    commitment_ok = hashlib.sha256(server_seed).hexdigest() == game["seed_commitment"]
    players = sorted(game["players"], key=lambda p: p["seat"])
    game_seed = derive_game_seed(server_seed, [p["player_seed"] for p in players])
    rng = Rng(game_seed)
    seats = len(players)
    options = game.get("options") or {}
    out = {"commitment_ok": commitment_ok, "game_seed": game_seed.hex()}
    if game["kind"] == "gods":
        out["gods"] = gods_draws(rng, options, seats)
    elif game["kind"] == "dreams":
        out["dreams"] = dreams_draws(rng, seats)
    print(json.dumps(out, indent=2))
    return 0 if commitment_ok else 1


if __name__ == "__main__":
    sys.exit(main())
