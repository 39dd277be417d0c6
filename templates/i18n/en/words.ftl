# What happened in a game, in words: the sentences under each turn of a your-turn mail,
# in the answer to a reply, and in the game log (`api/src/mail/words.rs`).
# `$god` and `$player` are display names; `$at`, `$from`, `$to` hexes or points in the
# notation (`2,-1`, `25,70`), which stay as they are. A sentence is built from a main
# clause and the clauses after it, then closed by `words-sentence`.

## Sentences
# `$text`: a clause and the clauses after it.
words-sentence = { $text }.

## Counts
words-crystals = { $n ->
    [one] { $n } crystal
   *[other] { $n } crystals
}

## Gods: a turn's events
words-end-declared = { $god } declared the end of the game
words-played-on = { $god } played on
# `$amount`: words-crystals; `$total`: the crystals the god has now.
words-power-gathered = { $god } gathered { $amount } of power and has { $total }
# `$tile`: the tile's name (tile-* in common.ftl); `$kind`: tribe, desert, whirlwind,
# extra, end, decay.
words-tile-drawn = { $kind ->
    [extra] An { $tile }
   *[other] A { $tile }
} was turned face up
# `$tile`: the tile's name; `$kind` as above.
words-tiles-returned = Two { $tile }s went back into the bag
# `$tile`: the tribe's name (red tribe); `$colour`: red, yellow, green, blue.
words-tribe-placed = { $god } placed a { $tile } at { $at }
# After a clause: what it cost (`$amount`: words-crystals).
words-for = { " " }for { $amount }
# After a tribe placed: the god its marker names.
words-worships = ; it worships { $god }
words-temple-placed = { $god } built a temple at { $at }
# `$n`: how many tribes the temple converted.
words-converting = , converting { $n ->
    [one] { $n } tribe
   *[other] { $n } tribes
}
words-desert-placed = { $god } placed a desert at { $at }
# `$amount`: words-crystals.
words-gaining = , gaining { $amount }
words-desert-blown = { $god } blew the desert at { $from } to { $to } with a whirlwind
# `$amount`: words-crystals.
words-desert-moved = { $god } moved the desert at { $from } to { $to } for { $amount }
words-extra-taken = { $god } took an extra-action tile
words-extra-played = { $god } played an extra-action tile
# `$tile` and `$kind` as for words-tile-drawn.
words-discarded = { $god } discarded { $kind ->
    [extra] an
   *[other] a
} { $tile }
# `$victim`: whose temple; `$lost`, `$amount`: words-crystals.
words-decay-placed = { $god } placed a decay tile at { $at } next to a temple of { $victim }, who lost { $lost }; { $god } gained { $amount }
# `$colour`: red, yellow, green, blue.
words-village-founded = { $god } founded a { $colour } village
words-village-founded-vp = { $god } founded a { $colour } village and took a victory-point tile
words-village-lost = { $god } lost the { $colour } village
# `$n`: the actions forfeited.
words-actions-forfeited = { $god } had no legal action left and forfeited { $n ->
    [one] { $n } action
   *[other] { $n } actions
}
# `$reason`: one of words-end-* below.
words-game-ended = The game ended: { $reason }

## Gods: why a game ended (also in the game-over mail)
words-end-game-end-tile = the game-end tile was drawn
words-end-declared-by = { $god } declared the end
words-end-bag-empty = the bag could not refill the display
words-end-pile-empty = the pile ran out

## Turns the service played for a seat
words-by-resign = { $god } resigned: Hermes passes for that seat whenever it must act
words-by-forfeit = { $god } dropped out when their time ran out: Hermes passes for that seat
words-by-timeout = { $god }'s time ran out: Hermes played a pass for them

## Dreams: a round's events
# `$dealer`: who places the first star.
words-dreams-round-dealt = Round { $round } begins with four new images; { $dealer } places the first star.
# `$star`: the star (star-kind in mail.ftl: clear star); `$kind`: clear, grey, black.
words-dreams-star-placed = { $player } placed a { $star } at { $at }.
# `$star` and `$kind` as above.
words-dreams-star-placed-you = You placed a { $star } at { $at }.
# `$star` and `$kind` as above.
words-dreams-star-passed = { $player } placed no star this time around (their { $star } is set aside for this round).
# `$star` and `$kind` as above.
words-dreams-star-passed-you = Hermes passed for you: no star this time around (your { $star } is set aside for this round).
words-dreams-no-guess-you = Hermes passed for you: no guess this round.
# `$player` and `$seat`: the seat the reader named as the mortal.
words-dreams-you-named-seat = You named { $player } (seat { $seat }).
# `$image`: the image the reader named as the true vision, 1 to 4.
words-dreams-you-named-image = You named image { $image }.
words-dreams-guess-sealed = { $player } sealed a guess.
# `$vision`: the true vision's image; `$mortal`: who was the mortal.
words-dreams-revealed = Every guess is in: round { $round } is revealed (the true vision was image { $vision }, and { $mortal } was the mortal).
# `$vision` as above.
words-dreams-revealed-you = Every guess is in: round { $round } is revealed (the true vision was image { $vision }, and you were the mortal).
words-dreams-you-god = You are a god this round: the true vision is image { $vision }.
words-dreams-you-mortal = You are the mortal this round.
words-dreams-game-over = The game is over.

# Why a game of Dreams ended: `$who`, the players who reached `$points` points (`$n` of
# them), in round `$round`; D-R8 is the rule.
words-dreams-end = { $who } reached { $points } points in round { $round } (D-R8)

## Dreams: a sealed guess, as the reveal lists it (after "Ann (seat 1), a god: ")
words-guess-seat = named { $player } (seat { $seat })
# `$image`: 1 to 4.
words-guess-image = named image { $image }
words-guess-none = made no guess

## The answer to a reply by mail (`api/src/play/reply.rs`): its lines
# `$n`: how many players the rematch still waits for.
answer-rematch-proposed = proposed: the other players are asked by mail; it starts once { $n ->
    [one] they have
   *[other] all have
} accepted
# `$names`: the players it waits for, with commas.
answer-rematch-waiting = accepted; waiting for { $names }
answer-rematch-started = accepted: it has started, and your turn mail (if it is your turn) is on its way
# `$problem`: why (one of answer-problem-*).
answer-rematch-not-taken = not taken: { $problem }
answer-rematch-not-over = not taken: the game is not over
# `$say`: the line as written (`say: …`); `$problem`: why it was not posted.
answer-talk-refused = { $say }: { $problem }
answer-your-words = your words: { $problem }
# `$n`: the lines not read; `$say`: `say:`; `$max`: the lines one reply may post.
answer-say-past = { $n } more { $say } { $n ->
    [one] line was
   *[other] lines were
} not read: one reply posts at most { $max }
# `$say`, `$legal`, `$board`: the words a reply may hold, as codes.
answer-no-turn = no turn, { $say }, { $legal } or { $board } was found in your reply
answer-not-queued = Not queued: { $problem }
answer-queue-empty = Your queue is empty: nothing will be played for you.
# `$played`: turns played so far; `$next`: the next turn's number.
answer-position-turns = Turns played: { $played }; the next is turn { $next }.
answer-position-not-running = The game is not running (it is over, or has not started).
answer-position-your-turn = It is your turn: reply to this mail with it.
# `$seats`: answer-position-seat, with commas.
answer-position-waiting = Waiting for: { $seats }.
answer-position-seat = { $player } (seat { $seat })

## Why a reply's turn, talk or queue was refused. English says the service's own words
## (`$detail`); the other languages say it from the code and its values.
# `$rule`: the rule id (G-A1, D-R4), which stays as it is.
answer-problem-rule_violation = { $detail }
# `$word`: the word the notation could not read; `$offset`: where it stands, from 0.
answer-problem-invalid_notation = { $detail }
answer-problem-invalid_turn = { $detail }
# `$current`: the turn the game is at.
answer-problem-stale_seq = { $detail }
answer-problem-not_your_turn = { $detail }
answer-problem-game_over = { $detail }
answer-problem-resigned = { $detail }
answer-problem-game_not_started = { $detail }
answer-problem-rate_limited = { $detail }
answer-problem-other = { $detail }

## How a finished game ended, on its pages (`game::naming::how_it_ended`).
# $name, $seat: who aborted it
words-ended-aborted-by = It was aborted by { $name } (seat { $seat }) before anyone moved; nobody won.
words-ended-aborted = It was aborted before anyone moved; nobody won.
words-ended-rules = It finished as the rules end a game.
# $reason: the engine's words for the end (English)
words-ended-rules-why = It finished as the rules end a game: { $reason }.
# $names: who, as a list; $n: how many
words-ended-resigned = { $n ->
    [one] { $names } resigned (Hermes passed for that seat from then on).
   *[other] { $names } resigned (Hermes passed for those seats from then on).
}
# $names: who, as a list; $n: how many
words-ended-timed-out = { $names } dropped out when their time ran out.
