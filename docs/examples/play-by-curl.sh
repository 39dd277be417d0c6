#!/usr/bin/env bash
# Play a whole two-player game of Gods against a running Hermes server with curl, the way
# the API guide walks through it (docs/clients/api.md): register two gods, log in, create a game with an
# invitation, join with the game's join code (joining by the invitation alone needs a
# confirmed address), then take turns until the game is over. Each turn asks the server for
# the legal next steps (`GET /games/{id}/legal?partial=…`), picks one at random, and
# submits the whole turn (`POST /games/{id}/turns` with If-Match). At the end it prints
# the outcome and the revealed seed, and checks the seed against the commitment
# published at the start.
#
# Usage: docs/examples/play-by-curl.sh [BASE_URL]   (default http://127.0.0.1:8080)
# Needs: curl, python3 (for JSON; jq would do as well).
set -euo pipefail
U="${1:-http://127.0.0.1:8080}"
H='content-type: application/json'
run="$RANDOM$RANDOM"
py() { python3 -c "import json,sys; d=json.load(sys.stdin); $1"; }

for who in ada bob; do
  curl -fsS "$U/users" -H "$H" \
    -d "{\"email\":\"$who.$run@example.org\",\"display_name\":\"$who\",\"password\":\"a long password for $who\"}" >/dev/null
done
login() {
  curl -fsS "$U/auth/login" -H "$H" \
    -d "{\"email\":\"$1.$run@example.org\",\"password\":\"a long password for $1\"}" | py 'print(d["access_token"])'
}
ADA="$(login ada)"; BOB="$(login bob)"

game="$(curl -fsS "$U/games" -H "$H" -H "authorization: Bearer $ADA" \
  -d "{\"kind\":\"gods\",\"seats\":2,\"invite\":[\"bob.$run@example.org\"]}")"
G="$(echo "$game" | py 'print(d["id"])')"
code="$(echo "$game" | py 'print(d["join_code"])')"
commitment="$(echo "$game" | py 'print(d["seed_commitment"])')"
echo "game $G created; seed commitment $commitment"
curl -fsS "$U/games/$G/join" -H "$H" -H "authorization: Bearer $BOB" -d "{\"code\":\"$code\"}" >/dev/null
echo "bob joined: the game has started"

turns=0
while :; do
  # Whose turn is it? Ask as Ada: `to_act` lists the seats, `players` maps seats to names.
  g="$(curl -fsS "$U/games/$G" -H "authorization: Bearer $ADA")"
  status="$(echo "$g" | py 'print(d["status"])')"
  [ "$status" = over ] && break
  if [ "$(echo "$g" | py 'print(d["my_turn"])')" = True ]; then T="$ADA"; else T="$BOB"; fi
  seq="$(echo "$g" | py 'print(d["seq"])')"
  # Build the turn one step at a time: the server says what may come next.
  partial='{"steps":[]}'
  while :; do
    legal="$(curl -fsS -G "$U/games/$G/legal" -H "authorization: Bearer $T" \
      --data-urlencode "partial=$partial")"
    next="$(echo "$legal" | python3 -c '
import json, random, sys
legal = json.load(sys.stdin)["legal"]; partial = json.loads(sys.argv[1])
if legal["may_declare_end"]:
    partial["declare_end"] = random.random() < 0.5
    # Declaring ends the game at once; not declaring goes on to the actions.
    print(("done " if partial["declare_end"] else "more ") + json.dumps(partial)); sys.exit()
steps = [s for s in legal["steps"] if s["do"] != "play_extra"] or legal["steps"]
if legal["owed"] > 0 and steps:
    partial["steps"].append(random.choice(steps)); print("more " + json.dumps(partial))
else:
    print("done " + json.dumps(partial))' "$partial")"
    partial="${next#* }"
    [ "${next%% *}" = done ] && break
  done
  answer="$(curl -fsS "$U/games/$G/turns" -H "$H" -H "If-Match: \"$seq\"" \
    -H "authorization: Bearer $T" -d "{\"turn\":$partial}")"
  echo "$answer" | py 'print("%3d  seat %d: %s" % (d["seq"], d["seat"], d["notation"]))'
  turns=$((turns + 1))
done

end="$(curl -fsS "$U/games/$G" -H "authorization: Bearer $ADA")"
echo "$end" | py 'print("game over:", json.dumps(d["outcome"]))'
seed="$(echo "$end" | py 'print(d["seed"])')"
echo "seed revealed: $seed"
check="$(python3 -c 'import hashlib,sys; print(hashlib.sha256(bytes.fromhex(sys.argv[1])).hexdigest())' "$seed")"
if [ "$check" != "$commitment" ]; then
  echo "SHA-256(seed) = $check does not match the commitment $commitment" >&2
  exit 1
fi
echo "SHA-256(seed) matches the commitment published at the start"
echo "the whole log: curl -H 'authorization: Bearer …' $U/games/$G/log"
