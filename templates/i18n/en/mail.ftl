# Mail: subjects, bodies and the layout they share (templates/mail).
# Values are put in as given: `$game` a game's name, `$god` and `$player` display names,
# `$deadline` a moment in full with the time left, `$url` a link. Notation and rule ids
# come in as values too: they are never translated.

## The layout

mail-hello-name = Hello { $name },
mail-hello = Hello,
mail-footer = Hermes, board games played by email, one turn at a time.
mail-unsubscribe-text = To get no more mail from Hermes, open this link:
mail-unsubscribe-link = Unsubscribe
mail-unsubscribe-html = { $link } to get no more mail from Hermes.

## Shared lines

mail-open-turn = Open your turn
mail-open-game = Open the game
mail-the-game = The game:
mail-whole-game = The whole game
mail-copy-link = Or copy this link into your browser: { $url }
mail-your-deadline = Your deadline: { $deadline }.
mail-turn-number = Turn { $turn }

## welcome

mail-welcome-subject = Welcome to Hermes: please confirm your address
mail-welcome-intro = Welcome to Hermes, where board games are played by email, one turn at a time.
mail-welcome-confirm = Please confirm that this address is yours by opening this link (it works for { $valid_for }):
mail-welcome-button = Confirm my address
mail-welcome-not-you = If you did not sign up, ignore this mail.

## register_attempt

mail-register-attempt-subject = Someone tried to sign up to Hermes with your address
mail-register-attempt-intro = Someone, perhaps you, just tried to create a Hermes account with this address. This address already has an account, so nothing was created or changed.
mail-register-attempt-you = If it was you: log in with your password instead.
mail-register-attempt-not-you = If it was not you: there is nothing to do. Your account and its password are as they were. (This note is sent at most once a day.)

## password_reset

mail-password-reset-subject = Set a new Hermes password
mail-password-reset-intro = Someone, perhaps you, asked to set a new password for the Hermes account of this address.
mail-password-reset-choose = To choose one, open this link (it works once, for { $valid_for }):
mail-password-reset-button = Set a new password
mail-password-reset-not-you = If it was not you: there is nothing to do. Your password stays as it is.

## invitation

mail-invitation-subject-from = "{ $inviter }" invites you to play { $kind }: { $game }
mail-invitation-subject = An invitation to play { $kind } on Hermes: { $game }
mail-invitation-title = An invitation to { $game }
mail-invitation-intro = { $inviter } invites you to a game of { $kind }: { $game }.
mail-invitation-intro-stranger = A player on Hermes who goes by the name "{ $inviter }" invites you to a game of { $kind }: { $game }.
mail-invitation-seats = Seats: { $seats }.
mail-invitation-joined = Joined so far: { $players }.
mail-invitation-nobody = Nobody has joined yet.
mail-invitation-turn-time = Each turn may take up to { $time }; you get an email when it is yours.
mail-invitation-join = Join the game:
mail-invitation-join-button = Join the game

## game_deleted

mail-game-deleted-subject = { $game } was deleted before it started
mail-game-deleted-intro = { $creator }, who created { $game } (a game of { $kind }), deleted it before every seat was taken. Your seat in it is gone; nothing was played.
mail-game-deleted-others = Other games waiting for players, or a new one of your own:
mail-game-deleted-button = Find another game

## your_turn (Gods)

mail-your-turn-subject = Your turn in { $game } (turn { $turn })
mail-your-turn-intro = It is your turn in { $game } (turn { $turn }). You are god { $seat } on the board.
mail-your-turn-board-attached = The board is attached as board.png.
mail-your-turn-board-alt = The board of { $game }
mail-your-turn-since = Since your last turn
mail-your-turn-played = { $god } (god { $seat }) played
mail-your-turn-played-for = for { $god } (god { $seat }) it played
mail-your-turn-nobody = Nobody has played since your last turn.
mail-your-turn-position = Your position
mail-your-turn-crystals = Your crystals: { $crystals }.
mail-your-turn-extra-actions = Extra-action tiles you hold: { $extra }.
mail-your-turn-display = { $tiles ->
    [one] The display (1 tile left to draw)
   *[other] The display ({ $tiles } tiles left to draw)
}
mail-your-turn-display-empty = { $tiles ->
    [one] The display is empty (1 tile left to draw).
   *[other] The display is empty ({ $tiles } tiles left to draw).
}
mail-your-turn-may-end = You may end the game now: play { $end } to end it, or { $continue } to play on (you gather power and the display is refilled once you play on).

## The note that queued turns were dropped

mail-queue-dropped = Your queued turns were dropped: the first, { $notation }, is no longer legal{ $rule }: { $message } { $count ->
    [one] The queued turn was withdrawn; play this turn yourself.
   *[other] All { $count } queued turns were withdrawn; play this turn yourself.
}

## Table talk in a mail

mail-talk-at-table-earlier = { $count ->
    [one] At the table (1 earlier message on the game's page)
   *[other] At the table ({ $count } earlier messages on the game's page)
}
mail-talk-at-table = At the table
mail-talk-earlier = { $count ->
    [one] 1 earlier message on the game's page
   *[other] { $count } earlier messages on the game's page
}
mail-talk-answer = To answer, reply to this mail with a line { $say }.

## reminder

mail-reminder-subject = Reminder: your turn in { $game } ends in { $left }
# `$left` is a span: "1 day", "6 hours".
mail-reminder-intro = Your turn in { $game } is still open. Your deadline is { $deadline }, in { $left }.
mail-reminder-policy-auto_pass = If you have not played by then, the service passes for you (in Gods it discards and spends nothing; in Dreams you place no star this time around, or make no guess).
mail-reminder-policy-forfeit = If you have not played by then, you drop out of the game.
mail-reminder-policy-stand_in = If you have not played by then, a stand-in bot plays for you until you are back.
mail-reminder-policy-wait = The game waits for you, and so do the other players.

## timeout

mail-timeout-subject-you = Your time ran out in { $game }
mail-timeout-subject = Time ran out for { $god } in { $game }
mail-timeout-passed-you = Your deadline in { $game } has passed.
mail-timeout-passed = The deadline of { $god } in { $game } has passed.
mail-timeout-auto-pass-you = As the game's rules for timeouts say, the service played the smallest legal turn for you:
mail-timeout-auto-pass-other = As the game's rules for timeouts say, the service played the smallest legal turn for { $god }:
mail-timeout-forfeit-you = As the game's rules for timeouts say, you have dropped out of the game.
mail-timeout-forfeit-other = As the game's rules for timeouts say, { $god } has dropped out of the game.
mail-timeout-stand-in-you = As the game's rules for timeouts say, a stand-in bot now plays for you until you are back.
mail-timeout-stand-in-other = As the game's rules for timeouts say, a stand-in bot now plays for { $god } until they are back.
mail-timeout-take-back = To take your seat back, play your turn when it comes, or press "take my seat back" on the game's page.
mail-timeout-wait-you = The game waits for you: nothing was played.
mail-timeout-wait-other = The game waits for { $god }: nothing was played.

## stand_in

mail-stand-in-subject = A stand-in plays for { $god } in { $game }
mail-stand-in-back-subject = { $god } is back in { $game }
mail-stand-in-started = The deadline of { $god } in { $game } has passed. As the game's rules for timeouts say, a stand-in ({ $level }) now plays for { $god } until they are back.
mail-stand-in-back = { $god } took their seat back from the stand-in in { $game }: they play for themselves again.
# The stand-in's level, a code: `random` or `greedy`.
bot-level = { $level ->
    [random] a bot that plays at random
    [greedy] a greedy bot
   *[other] a { $level } bot
}

## game_over

mail-game-over-subject = Game over: { $game }
mail-game-over-intro = { $game } is over: { $reason }.
mail-game-over-winner = The winner is { $winner }.
mail-game-over-shared = The win is shared by { $winners } and { $last }.
mail-game-over-nobody = Nobody won.
mail-game-over-scores = Final scores:
mail-game-over-winner-mark = , winner
mail-game-over-column-god = God
mail-game-over-column-seat = Player
mail-game-over-column-score = Score
mail-game-over-last-round = The last round:
mail-game-over-last-round-picture = The last round (its picture is in the mail):
mail-game-over-last-round-title = The last round
mail-game-over-last-round-alt = The last round of { $game }, revealed
mail-game-over-final-board = The final board
mail-game-over-final-board-alt = The final board of { $game }
mail-game-over-seed = The seed of the game was secret until now.
mail-game-over-seed-check = With the log of turns it replays the whole game, so you can check every draw against the commitment shown when the game began.
mail-game-over-replay = Replay the game
mail-game-over-play-again = Play again
mail-game-over-rematch-text = Play again: the same table, the same kind and options. Reply "rematch" to this mail, or open the game and click Rematch; it starts once every player has accepted:
mail-game-over-rematch-html = The same table, the same kind and options: one click proposes a rematch, and it starts once every player has accepted. Reply { $rematch } to this mail, or open the game.
mail-rematch-button = Rematch

# How a score line calls a seat: `god 2` in Gods (as on its board), `seat 2` in Dreams.
seat-label-god = god { $n }
seat-label-seat = seat { $n }

## digest

mail-digest-subject = { $games ->
    [one] 1 game is waiting for you
   *[other] { $games } games are waiting for you
} ({ $date })
mail-digest-title = Your daily digest for { $date }
mail-digest-intro = Your daily digest for { $date }: { $games ->
    [one] 1 game is
   *[other] { $games } games are
} waiting for your turn.
mail-digest-deadline = deadline: { $deadline }
mail-digest-policy-auto_pass = then the service plays the smallest legal turn for you
mail-digest-policy-forfeit = then you drop out of the game
mail-digest-policy-stand_in = then a stand-in bot plays for you until you are back
mail-digest-policy-wait = then the game waits for you
mail-digest-when = You get one mail a day at 08:00 in your time zone, and only when a game waits for you. Change it in your preferences.

## Dreams: placing stars, guessing, the reveal

mail-dreams-stars-subject = Your turn in { $game }: place a star (round { $round })
mail-dreams-stars-intro = It is your turn in { $game }, round { $round }: place one of your stars on the firmament. You are seat { $seat }; { $dealer } deals this round.
mail-dreams-table-attached = The table is attached as board.png.
mail-dreams-stars-unplaced = Your stars still to place: { $stars }.
mail-dreams-stars-answer = To answer, send the star and the point, for example:
mail-dreams-stars-pass = Or send { $pass } to place no star this time around.
mail-dreams-guess-subject = Your turn in { $game }: time to guess (round { $round })
mail-dreams-guess-intro = All stars are placed in { $game }, round { $round }: it is time to guess.
mail-dreams-guess-god = Name the mortal: the seat you suspect does not know the true vision.
mail-dreams-guess-mortal = Name the true vision: the image you believe the gods were shown.
mail-dreams-guess-sealed = Every seat guesses at once; a guess is sealed, and nobody sees it until all are in. You are seat { $seat }.
mail-dreams-guess-answer = To answer, send your guess, for example:
mail-dreams-guess-pass-god = (any seat but your own), or { $pass } to make no guess.
mail-dreams-guess-pass-mortal = ({ $first } to { $last }), or { $pass } to make no guess.
mail-dreams-you-god = You are a god this round: the true vision is { $image }.
# A dream card of the round, by its number 1 to 4.
mail-dreams-image = image { $n }
mail-dreams-you-mortal = You are the mortal this round: you do not know which image is the true vision.
mail-dreams-firmament-alt = The firmament of { $game }
mail-dreams-images = The images
mail-dreams-stars-on = The stars on the firmament (x,y from 0,0 top left to 100,100 bottom right)
mail-dreams-star-line = { $player } (seat { $seat }): { $kind } at { $at }
mail-dreams-no-star = No star is on the firmament yet (x,y from 0,0 top left to 100,100 bottom right).
mail-dreams-scores = Scores
mail-dreams-you-mark = , you
# A star's kind, a code of the notation: `clear`, `grey` or `black`.
star-kind = { $kind ->
    [clear] clear star
    [grey] grey star
    [black] black star
   *[other] { $kind } star
}
mail-dreams-reveal-subject = Round { $round } revealed in { $game }: { $mortal } was the mortal
mail-dreams-reveal-intro = Every guess is in: { $game } reveals its round.
mail-dreams-reveal-attached = The picture of the round is attached as reveal.png.
mail-dreams-reveal-alt = Round { $round } of { $game }, revealed
mail-dreams-reveal-next = { $dealer } places the first star of the next round.
mail-dreams-revealed = Round { $round } revealed: the true vision was { $image } ({ $title }), and { $mortal } (seat { $mortal_seat }) was the mortal.
mail-dreams-revealed-seat-mortal = { $player } (seat { $seat }), the mortal: { $guess }
mail-dreams-revealed-seat-god = { $player } (seat { $seat }), a god: { $guess }
mail-dreams-right-mark = , right
mail-dreams-right = (right)
mail-dreams-revealed-points = { $points ->
    [one] 1 point this round
   *[other] { $points } points this round
}, { $score } in all.
mail-dreams-column-role = Role
mail-dreams-column-guess = Guess
mail-dreams-column-points = Points
mail-dreams-role-mortal = mortal
mail-dreams-role-god = god
mail-dreams-seals = The seals, to check that no guess changed after it was sealed: each commitment is the SHA-256 of { $formula } (docs/replay.md).

## reply_answer

mail-reply-played-turn = Your turn (turn { $turn }) in { $game } is played:
mail-reply-played = Your turn in { $game } is played:
mail-reply-happened = What happened
mail-reply-moved-on = Nothing was played: the game { $game } has moved on since the mail you answered.
mail-reply-refused = Nothing was played in { $game }. The problem:
mail-reply-noted = Your reply about { $game } is read.
mail-reply-said = You said at the table
mail-reply-not-posted = Not posted at the table
mail-reply-queue = Your turns queued in advance
mail-reply-rematch = Rematch
mail-reply-position = Where the game stands
mail-reply-legal = The steps you may take first
mail-reply-board = The board is attached as board.png.

## talk

mail-talk-subject = Talk at the table of { $game }
mail-talk-intro = The table of { $game } is talking.
mail-talk-how = You get talk by mail as it is posted (at most one mail a game every few minutes): your preferences change it.

## rematch

mail-rematch-subject = { $proposer } proposes a rematch of { $game }
mail-rematch-intro = { $proposer } proposes to play { $game } again: the same table, a new { $kind } game with the same options. It starts once every player has accepted; nobody needs to be online at the same time.
mail-rematch-accepted = Accepted: { $players }.
mail-rematch-waiting = Waiting for: { $players }.
mail-rematch-how-text = To accept, reply { $rematch } to this mail, or open the game and click Rematch:
mail-rematch-accept-button = Accept the rematch
mail-rematch-or-reply = Or reply { $rematch } to this mail.

## Lines above the body: how to answer a mail by replying

reply-hint-turn = Reply to this mail with your turn, e.g. { $example } (or { $legal } for your steps, { $board } for the board, { $say } to talk to the table).
reply-hint-answer = Reply to this mail to play, talk ({ $say }) or ask ({ $legal }, { $board }).
reply-hint-rematch = Reply { $rematch } to this mail to play the same table again.
reply-hint-talk = Reply to this mail to talk at the table: a line { $say } (or, when it is not your turn, just your words).
