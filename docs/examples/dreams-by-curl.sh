#!/usr/bin/env bash
# Play a whole three-player game of Dreams against a running Hermes server with curl, the
# way the API guide walks through it (docs/clients/api.md): register three players, create a game with two
# invitations, join with the game's join code (joining by the invitation alone needs a
# confirmed address), then play every round — stars one at a time in seat order, then
# every seat's sealed guess at once — until someone reaches 16. Each submission asks the
# server what this seat may do (`GET /games/{id}/legal`) and picks at random. At the end
# it checks every sealed guess against its published commitment and salt, and the seed
# against the commitment published at the start (docs/replay.md).
#
# Usage: docs/examples/dreams-by-curl.sh [BASE_URL]   (default http://127.0.0.1:8080)
# Needs: curl, python3 (for JSON; jq would do as well).
set -euo pipefail
U="${1:-http://127.0.0.1:8080}"
H='content-type: application/json'
run="$RANDOM$RANDOM"
py() { python3 -c "import json,sys; d=json.load(sys.stdin); $1"; }

names=(ada bob cyd)
for who in "${names[@]}"; do
  curl -fsS "$U/users" -H "$H" \
    -d "{\"email\":\"$who.$run@example.org\",\"display_name\":\"$who\",\"password\":\"a long password for $who\"}" >/dev/null
done
login() {
  curl -fsS "$U/auth/login" -H "$H" \
    -d "{\"email\":\"$1.$run@example.org\",\"password\":\"a long password for $1\"}" | py 'print(d["access_token"])'
}
TOKENS=()
for who in "${names[@]}"; do TOKENS+=("$(login "$who")"); done

# Join order is seat order here (`random_seats: false`): ada 0, bob 1, cyd 2.
game="$(curl -fsS "$U/games" -H "$H" -H "authorization: Bearer ${TOKENS[0]}" \
  -d "{\"kind\":\"dreams\",\"seats\":3,\"random_seats\":false,\"invite\":[\"bob.$run@example.org\",\"cyd.$run@example.org\"]}")"
G="$(echo "$game" | py 'print(d["id"])')"
code="$(echo "$game" | py 'print(d["join_code"])')"
commitment="$(echo "$game" | py 'print(d["seed_commitment"])')"
echo "game $G created; seed commitment $commitment"
for s in 1 2; do
  curl -fsS "$U/games/$G/join" -H "$H" -H "authorization: Bearer ${TOKENS[$s]}" -d "{\"code\":\"$code\"}" >/dev/null
done
echo "bob and cyd joined: the game has started"

while :; do
  g="$(curl -fsS "$U/games/$G" -H "authorization: Bearer ${TOKENS[0]}")"
  [ "$(echo "$g" | py 'print(d["status"])')" = over ] && break
  # Every seat that must act now: one in the stars phase, all in the guess phase. Each
  # guess may name the sequence the guess phase began at: a seat that has been waiting
  # since then is not stale when the others' sealed guesses land first.
  seq="$(echo "$g" | py 'print(d["seq"])')"
  for s in $(echo "$g" | py 'print(" ".join(str(s) for s in d["to_act"]))'); do
    T="${TOKENS[$s]}"
    turn="$(curl -fsS "$U/games/$G/legal" -H "authorization: Bearer $T" | python3 -c '
import json, random, sys
legal = json.load(sys.stdin)["legal"]
if legal["kinds"]:
    taken = {(p["x"], p["y"]) for p in legal["taken"]}
    while True:
        x, y = random.randint(0, legal["max"]), random.randint(0, legal["max"])
        if (x, y) not in taken:
            break
    print("%s at %d,%d" % (legal["kinds"][0], x, y))
elif legal["seats"]:
    print("guess seat %d" % random.choice(legal["seats"]))
elif legal["images"]:
    print("guess image %d" % random.choice(legal["images"]))
else:
    print("pass")')"
    answer="$(curl -fsS "$U/games/$G/turns" -H "$H" -H "If-Match: \"$seq\"" \
      -H "authorization: Bearer $T" -d "{\"notation\":\"$turn\"}")"
    echo "$answer" | py 'print("%3d  seat %d: %s" % (d["seq"], d["seat"], d["notation"]))'
  done
done

end="$(curl -fsS "$U/games/$G" -H "authorization: Bearer ${TOKENS[0]}")"
echo "$end" | py 'print("game over:", json.dumps(d["outcome"]))'
# Every round's reveal publishes the guesses and their salts: recompute each commitment.
curl -fsS "$U/games/$G/log" -H "authorization: Bearer ${TOKENS[0]}" | python3 -c '
import hashlib, json, sys
log = json.load(sys.stdin)
checked = 0
for entry in log["entries"]:
    for e in entry["events"]:
        if e.get("type") != "revealed":
            continue
        for seat, (guess, salt, commitment) in enumerate(zip(e["guesses"], e["salts"], e["commitments"])):
            if commitment is None:
                continue
            if guess is None:
                text = "pass"
            elif "seat" in guess:
                text = "guess seat %d" % guess["seat"]
            else:
                text = "guess image %d" % guess["image"]
            line = "hermes-dreams-guess-v1:%d:%d:%s:%s" % (e["round"], seat, text, salt)
            if hashlib.sha256(line.encode()).hexdigest() != commitment:
                sys.exit("round %d seat %d: the guess does not match its commitment" % (e["round"], seat))
            checked += 1
print("%d sealed guesses match their commitments" % checked)'
seed="$(echo "$end" | py 'print(d["seed"])')"
check="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(bytes.fromhex(sys.argv[1])).hexdigest())' "$seed")"
if [ "$check" != "$commitment" ]; then
  echo "SHA-256(seed) = $check does not match the commitment $commitment" >&2
  exit 1
fi
echo "SHA-256(seed) matches the commitment published at the start"
