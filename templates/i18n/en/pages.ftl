## The web pages: the layout, every page's own words.
## The pages address the reader as the mail does (see the glossary).

## The layout

# $hermes: the site's name, a link home.
page-tagline = { $hermes }, the messenger of the gods
page-nav-rules = Rules
page-rules-gods = Rules of Gods
page-rules-dreams = Rules of Dreams
page-notation = Notation
page-nav-account = Account
page-log-out = Log out
page-log-in = Log in
page-sign-up = Sign up
# The language switcher at the foot of every page (for screen readers).
page-languages = Languages

## Stopping mail (the unsubscribe link)

page-unsub-title = Stop mail
page-unsub-heading = Stop mail from Hermes?
page-unsub-already = Mail to { $email } is already stopped. You can send the form again; it changes nothing.
page-unsub-sends = Hermes sends mail to { $email } about your games.
page-unsub-button = Stop mail to { $email }
# $preferences: a link whose text is page-your-preferences; $api: the API call.
page-unsub-again = You can receive game mail again at any time in your { $preferences } (or with { $api }).
page-your-preferences = preferences
page-unsubscribed-title = Mail stopped
page-unsubscribed-done = Hermes will send no more game mail to { $email }.
# $field: the preference's name in the API (`mail`).
page-unsubscribed-again = To receive it again, choose it in your { $preferences } (log in first if you are not), or set { $field } with { $api }.

## Confirming an address

page-verified-title = Address confirmed
page-verified-done = Thank you, { $name }: { $email } is confirmed as your address.

## A join link

# $kind: the game's name (Gods, Dreams).
page-join-title = Join a game of { $kind }
page-join-heading = A game of { $kind }
page-join-created-by = Created by
page-join-seats = Seats
page-join-players = Players so far
page-join-no-players = none
page-join-status = Status
page-join-seated = You have a seat in this game.
page-join-open-game = Open the game
page-join-take-seat = Take a seat
page-join-sign-up-first = To take a seat, { $signup } (it takes a minute) or { $login }; you come back here.
page-join-sign-up-link = sign up
page-join-log-in-link = log in
page-join-how-it-starts = The game starts when every seat is taken. When it is your turn, Hermes mails you a link to your turn.
page-join-api = Joining with the API
page-join-api-how = Log in ({ $login }) for an access token, then take a seat with this game's join code:
page-join-started = This game has started: every seat is taken.
page-join-status-open = waiting for players
page-join-status-running = being played

## Logging in, signing up, a forgotten password

page-email = Email
page-password = Password
page-forgot-link = Forgot your password?
page-no-account = No account yet? { $signup }
page-have-account = Already have an account? { $login }
page-signup-intro = Hermes plays board games by mail, one turn at a time. An account needs an address that reaches you: we send a link to confirm it.
page-signup-name = Your name, as other players see it
page-password-min = Password (at least { $n } characters)
page-signup-zone = Your time zone (deadlines are shown in it)
page-mail-language = Language of your mail
page-signup-later = You may change them later in your preferences.
page-signed-up-title = Check your mail
page-signed-up-sent = We sent a mail to { $email }. If the address is new to Hermes, the mail has a link that confirms it; if it already has an account, the mail says so and nothing changed.
page-signed-up-log-in-now = You can log in now, before confirming:
page-forgot-title = Forgot your password
page-forgot-sent = If an account has the address { $email }, a mail with a link to set a new password is on its way. The link works once, for an hour.
page-forgot-intro = Say your account's address; we mail it a link to set a new password.
page-forgot-button = Mail me a link
page-reset-title = Set a new password
page-reset-for = For the account of { $email }. Setting it logs this account out everywhere.
page-reset-new = New password (at least { $n } characters)
page-reset-again = The same again
page-reset-button = Set the password
page-reset-done-title = Password set
page-reset-done = The account of { $email } has its new password, and every browser that was logged in to it is logged out.

## The welcome page (signed out)

page-welcome-title = Welcome
page-welcome-heading = Board games by mail, one turn at a time
# $gods, $dreams: the games' names.
page-welcome-intro = Hermes keeps the board, the turns and the clock. When it is your turn, it mails you the board and a link; you play from the page or by replying to the mail. Two games: { $gods } (2 to 4 players, a map of hexes and temples) and { $dreams } (3 to 6 players, one mortal among gods guessing the true vision).
page-welcome-invited = Invited to a game? Open the link in your invitation: it lets you sign up and take your seat.

## Preferences

page-prefs-title = Preferences
page-prefs-for = For { $email }.
page-prefs-mail = Game mail
page-prefs-mail-bot = Game mail (none for a bot: it follows its event stream)
page-prefs-every-turn = A mail at every turn of mine
page-prefs-digest = One mail a day with the games waiting for me
page-prefs-none = No game mail (unsubscribed)
page-talk = Table talk
page-prefs-talk-with-turn = In my next turn mail
page-prefs-talk-at-once = By mail as it is posted too (at most one mail a game every few minutes; reply to answer)
page-prefs-zone = Time zone (deadlines are shown in it)
page-prefs-save = Save
page-prefs-bot-heading = Bot account
page-prefs-bot-account = bot account
# $bot: page-prefs-bot-account in bold; $token: the token's scope (bot:play).
page-prefs-bot-is = This is a { $bot }: a program plays it through the API with its { $token } token, following its event stream. It gets no game mail, the pages play nothing for it, and its seats show "(bot)" beside its name.
page-prefs-bot-may = A program of yours can play as a { $bot } through the API, with a token that plays and reads only. An account becomes one for good, and only before it has taken a seat in any game; its seats then show "(bot)" beside its name.
page-prefs-bot-button = Make this a bot account
page-your-games = Your games

## Vacation

page-vacation-title = Vacation
# $days: days a year; $left: days left this year.
page-vacation-intro = While you are on vacation, the clocks of all your games stand still: every deadline of yours moves later by the time away. You have { $days } days a year; { $left } are left this year.
page-vacation-until = You are on vacation until { $until }.
page-vacation-end-now = End the vacation now
# $zone: the reader's time zone (an IANA name).
page-vacation-move-to = Move the end to (the start of that day, { $zone })
page-vacation-away-until = Away until (the start of that day, { $zone })
page-vacation-move = Move the end
page-vacation-start = Start the vacation

## Leaving a game

# $game: the game's name.
page-leave-resign-q = Resign from { $game }?
page-leave-abort-q = Abort { $game }?
page-leave-delete-q = Delete { $game }?
page-leave-final = This cannot be undone.
page-leave-back = No, go back
page-leave-heading = Leave this game
page-leave-abort = Abort the game
page-leave-abort-note = Nobody has moved yet: the game ends and nobody wins.
page-leave-resign = Resign
page-leave-resign-note = Your seat drops out and Hermes passes for it; a page asks you to confirm first.

## The lobby (your games)

page-lobby-your-turn-n = Your turn ({ $n })
page-lobby-seats = { $n ->
    [one] { $n } seat
   *[other] { $n } seats
}
# $deadline: when the turn is due, in full.
page-lobby-by = by { $deadline }
page-lobby-joined = Joined: { $players }
page-lobby-no-players = no players yet
page-lobby-invited-not-joined = Invited, not joined yet: { $addresses }
# $who: page-lobby-watchers-*.
page-lobby-watched-by = watched by { $who }
page-lobby-watchers-players = players only
page-lobby-watchers-invited = players and invited spectators
page-lobby-watchers-signed-in = anyone signed in
page-lobby-status-open = waiting for players ({ $n } of { $of })
page-lobby-status-over = over
page-lobby-status-my-turn = your turn
page-lobby-status-playing = being played
page-lobby-join-link = Join link:
page-lobby-join-link-of = The join link of { $game }
page-lobby-copy = Copy the link
page-lobby-invite = Invite
page-lobby-invite-address = Address to invite to this game
page-lobby-let-watch = Let watch
page-lobby-watch-address = Address that may watch this game
page-lobby-allow = Allow
page-lobby-delete = Delete this game
page-lobby-delete-note = (a page asks you to confirm first)
# $preferences: a link whose text is page-your-preferences.
page-lobby-times-in = Times are in { $zone } ({ $preferences }).
page-lobby-waiting = Waiting for you
page-lobby-waiting-none = No game is waiting for you.
page-lobby-invitations = Invitations
page-lobby-invitations-none = No invitation to an open game. (Invitations show here once your address is confirmed.)
page-lobby-playing = Being played
page-lobby-none = None.
page-lobby-open = Waiting for players
page-lobby-new = New game
page-lobby-game = Game
page-lobby-players-range = { $min } to { $max } players
page-lobby-players = Players
page-lobby-draw = Tiles drawn from
page-lobby-draw-pile = the pile (the game-end tile near its bottom)
page-lobby-draw-bag = the bag
# $standard: the standard deck's id.
page-lobby-deck = Deck ({ $standard }, or the id of a deck you uploaded)
page-lobby-bots = Bots
page-lobby-bot-seats = Seats played by bots (you play with them; a bot plays within seconds)
page-lobby-bots-play = Bots play
page-lobby-level-random = at random
page-lobby-level-greedy = greedily (the best turn now)
page-lobby-level-strong = strongly (looking ahead)
page-lobby-hours = Hours per turn ({ $min } to { $max })
page-lobby-timeout = When a player's time runs out
page-lobby-timeout-stand-in = a bot stands in until they are back
page-lobby-timeout-pass = Hermes plays a pass for them
page-lobby-timeout-forfeit = they forfeit
page-lobby-timeout-wait = the game waits
page-lobby-stand-in-plays = A stand-in plays
page-lobby-who-watches = Who may watch
page-lobby-watch-signed-in = anyone signed in
page-lobby-watch-players = the players only
page-lobby-watch-invited = the players and spectators they invite
page-lobby-invite-list = Invite (addresses, separated by commas or lines)
page-lobby-create = Create the game
page-lobby-watchable = Games to watch
page-lobby-watchable-none = No game to watch right now.
page-lobby-over = Finished
page-lobby-none-yet = None yet.
page-lobby-created = Your game is created. Invite players, or share its join link.
page-lobby-invited = { $address } is invited.
page-lobby-spectator = { $address } may watch the game once their address is confirmed.
page-lobby-deleted = The game is deleted.
page-lobby-not-created = The game was not created: see the field marked below.
page-lobby-whole-number = A whole number, please.

## Error pages: a title (`…-title`) and what to do

page-error-internal-title = Something went wrong
page-error-internal = The server failed; the failure is logged. Try again in a moment.
page-error-log-in-to-send-title = Log in first
page-error-log-in-to-send = Log in, then send the form again.
page-error-log-in-to-open-title = Log in first
page-error-log-in-to-open = Log in to open this game, or open the whole link from your mail (some mail programs cut long links in two).
page-error-signed-out-title = Log in first
page-error-signed-out = This page is for signed-in players. Log in and open it again.
page-error-no-join-code-title = No such game
page-error-no-join-code = No game has this join code. Check the link in your invitation.
page-error-game-gone-title = No such game
page-error-game-gone = This game does not exist any more.
page-error-not-your-game-title = Not your game
page-error-not-your-game = This link's player has no seat in this game.
page-error-other-game-title = This link is for another game
page-error-other-game = A turn link opens only the game it was sent for.
page-error-no-expected-seq-title = The form is incomplete
# expected_seq: the form field's name, a code.
page-error-no-expected-seq = The form did not say which state of the game your turn is for (expected_seq). Reload the page and play again.
page-error-turn-too-long-title = Too long
page-error-turn-too-long = A turn is at most { $n } bytes.
page-error-talk-too-long-title = Too long
page-error-talk-too-long = A message is at most { $n } characters.
page-error-form-too-long-title = Too long
page-error-form-too-long = A form is at most { $n } bytes.
page-error-leave-too-long-title = Too long
page-error-leave-too-long = This form is short; this was not it.
page-error-leave-how-title = Leave how?
page-error-leave-how = The form said neither resign, abort nor delete. Go back to the game and use its buttons.
page-error-reset-used-title = This link has been used
page-error-reset-used = This link set a password already (or the password changed since it was sent). Ask for a new one if you need it.
page-error-link-account-gone-title = No such account
page-error-link-account-gone = The account this link was made for no longer exists.
page-error-account-gone-title = No such account
page-error-account-gone = This account no longer exists.
page-error-form-expired-title = This form has expired
page-error-form-expired = The form was not sent from this site's page, or the page is too old. Go back, reload the page and send it again.
page-error-bot-title = A bot plays through the API
# bot:play: a token's scope, a code.
page-error-bot = This is a bot account: it plays with its bot:play token through the API (see docs/clients/bots.md), not from these pages.
page-error-which-step-title = Which step?
page-error-which-step = `at` is the number of a log entry: 0 for the start.
page-error-no-step-title = No such step
page-error-no-step = This game's log has entries 0 to { $last }.
page-error-no-token-title = This link is incomplete
page-error-no-token = The link has no token. Open the whole link from your mail; some mail programs cut long links in two.
page-error-link-broken-title = This link does not work
page-error-link-expired-title = This link does not work
page-error-link-expired = This link has expired. A newer mail from Hermes has a fresh one.
page-error-link-purpose-title = This link does not work
page-error-link-purpose = This link was made for something else.
page-error-link-invalid-title = This link does not work
page-error-link-invalid = This link is not valid. Open the whole link from your mail.
page-error-address-not-yours-title = This address is no longer yours
page-error-address-not-yours = This link confirms an address that is no longer the one on your account. Ask for a new link from the account's current address.
page-leave-refused-resigned = You have resigned already
page-leave-refused-moved = Too late to abort
page-leave-refused-started = The game has started
page-leave-refused-over = The game is over
page-leave-refused-not-creator = Not yours to delete
page-leave-refused = Not done

## The game pages (both games)

page-play-your-turn = Your turn
# The page's title: $name the reader's name, $game the game's.
page-play-title = { $name } in { $game }
page-play-your-game = your game, { $name }
# $level: the bot's level (random, greedy, strong).
page-play-stand-in = Your time ran out: a stand-in ({ $level } bot) plays for you until you are back. Playing a turn takes your seat back, or:
page-play-take-back = Take my seat back
page-play-the-rules = The rules:
page-play-your-deadline = Your turn must be played by { $deadline }.
page-play-deadline = The turn must be played by { $deadline }.
page-play-send = Play this turn
page-play-last-turns = The last turns
page-play-no-turn-yet = No turn has been played yet.
page-play-board = The board
page-play-board-how = Hexes are named by their coordinates q,r.
page-play-board-keys = With a keyboard: Tab to the board, the arrow keys move between hexes, Enter chooses a lit one.
# $name: who played it, in bold; the notation follows.
page-play-last-move = The last move, turn { $turn } by { $name }:
page-play-last-move-ringed = its hexes are ringed in blue
page-play-key = Key
page-play-god-n = god { $seat }
# $colour: red, yellow, green or blue; $letter: its letter on the board.
page-play-key-tribe = { $colour ->
    [red] red tribe
    [yellow] yellow tribe
    [green] green tribe
    [blue] blue tribe
   *[other] { $colour } tribe
} ({ $letter })
page-play-key-temple = temple: its god's colour and number
page-play-key-desert = desert
page-play-key-empty = empty hex a tile may go on
page-play-key-lit = lit: where the step you chose may go
page-play-key-placed = a step of the turn you are building
page-play-key-last = the last move
page-play-board-words = The board in words
page-play-board-picture = The board as a picture
page-play-whole-game = The whole game, turn by turn
page-play-what-to-play = What to play
page-play-choices = Choices for this step
page-play-so-far = Your turn so far:
page-play-undo = Undo the last step
page-play-reset = Start again
page-play-your-god = Your god (god { $seat })
page-play-crystals = Crystals: { $n }
page-play-temples = Temples in your supply: { $supply }; on the board: { $board }
page-play-markers = Markers in your supply: { $supply }; on the board: { $board }
page-play-extra-actions = Extra-action tiles kept: { $n }
page-play-villages = Village tiles: { $n }
page-play-vp = VP tiles: { $n }
page-play-display = The display
page-play-display-empty = The display is empty.
page-play-tiles-left = Tiles left: { $n }.
page-play-points-now = Points if the game ended now
page-play-col-god = God
page-play-col-points = Points
page-play-col-seat = Seat
page-play-col-crystals = Crystals
page-play-col-temples = Temples (supply)
page-play-col-markers = Markers (supply)
page-play-col-villages = Villages
page-play-col-vp = VP tiles
# $end, $continue: the words to write (codes).
page-play-may-end = You may end the game now: write { $end }. Or write { $continue } to gather your crystals and see the display; you then send your actions.
# $sep: the separator (;); $example: a turn in the notation.
page-play-owe = You owe { $n ->
    [one] { $n } action
   *[other] { $n } actions
}. Write your whole turn, steps separated by { $sep }, e.g. { $example }.
page-play-legal-first = Legal first steps ({ $n })
page-play-notation-label = Your turn, in the notation
# $guide: a link whose text is page-play-notation-guide; $rules: page-play-rules-of.
page-play-how-to-write = How to write a turn: { $guide }; { $rules }.
page-play-notation-guide = the notation guide
# $kind: the game's name (Gods, Dreams).
page-play-rules-of = the rules of { $kind }
page-play-rules-of-cap = The rules of { $kind }
page-play-gods = The gods
page-play-replay = Replay the whole game
page-play-how-to = How to write a turn
page-or = or
page-sealed-guess = a sealed guess

## Dreams

page-dreams-round = Round { $round }
# $dealer: who dealt; $phase: page-dreams-phase-*.
page-dreams-round-line = Round { $round }, dealt by { $dealer }; phase: { $phase }.
page-dreams-firmament = The firmament
page-dreams-firmament-label = The firmament after turn { $turn }: images 1 to 4 of this round and the stars placed, x across and y down from 0,0 at the top left to 100,100.
page-dreams-picture = The firmament as a picture
page-dreams-place-star = Place a star
page-dreams-star-help = Click the firmament where your star goes, choose the star, then place it.
page-dreams-star = Star
page-dreams-x = x (across)
page-dreams-y = y (down)
page-dreams-bounds = The firmament runs from 0,0 (top left) to { $max },{ $max } (bottom right); two stars may not share a point.
page-dreams-taken = Taken:
page-dreams-place-this = Place this star
# $star: the star's kind (star-kind).
page-dreams-pass-star = Pass: place no star now (your { $star } is set aside this round)
page-dreams-your-guess = Your guess
page-dreams-sealed-note = Your guess is sealed at once: final, and shown to nobody before every guess is in.
page-dreams-seal = Seal my guess
page-dreams-no-guess = No guess (pass)
page-dreams-or-notation = Or write your turn in the notation
page-dreams-eg = e.g.
page-dreams-images = The images of round { $round }
page-dreams-card = card { $card }
page-dreams-deck = Deck: { $deck }; { $n ->
    [one] { $n } card left to draw.
   *[other] { $n } cards left to draw.
}
page-dreams-stars = The stars of round { $round }
page-dreams-col-player = Player
page-dreams-no-star = No star is placed yet.
page-dreams-players = The players
page-dreams-col-score = Score
page-dreams-col-unplaced = Stars to place
page-dreams-col-guess = Guess
page-dreams-you = you
page-dreams-dealer = dealer
page-dreams-revealed = revealed: { $guess }

## Table talk

page-talk-after-turn = after turn { $turn }
page-talk-none = Nobody has said anything yet.
page-talk-say = Say something to the table
page-talk-post = Post

## Turns queued in advance

page-queue-heading = Turns queued in advance
page-queue-note = Played the moment your turn comes, if still legal (else all are dropped and your turn mail says why). Nobody else sees them.
page-queue-withdraw = Withdraw them
# $notation: a link whose text is page-queue-notation.
page-queue-many = It is not your turn: queue up to { $n } turns, one per line, in the { $notation }.
page-queue-one = It is not your turn: queue your next turn, in the { $notation }.
page-queue-notation = notation
page-queue-replaces = (this replaces the turns above)
page-queue-button = Queue this turn

## A rematch

# $game: a link whose text is page-rematch-of-link.
page-rematch-of = This game is a rematch: { $game }.
page-rematch-of-link = the game it plays again
page-rematch-again = Play again
page-rematch-how = The same table, the same kind and options. It starts once every player has accepted; nobody needs to be online at the same time.
page-rematch-propose = Propose a rematch
page-rematch = Rematch
page-rematch-started = The rematch has started: { $open }.
page-rematch-open = open it
page-rematch-accepted = Accepted: { $names }.
page-rematch-waiting = Waiting for: { $names }.
page-rematch-you-accepted = You have accepted; it starts once everyone has.
page-rematch-accept = Accept the rematch

## Since the last visit, the points, a round revealed

page-since = Since your last visit
page-points-result = The result
page-points-by-source = The points by source, if the game ended now
page-points-col-villages = Village tiles ×3
page-points-col-vp = VP tiles ×2
page-points-col-temples = Temples on the board
page-points-won = won
page-points-the-most = the most
# $majority: what the temple majority is worth (page-points-majority-*); $e3, $e4: links to the rules.
page-points-how = 3 points a village tile, 2 a VP tile; the god with the most temples on the board, the start temple included, gets { $majority }, every god tied for most alike ({ $e3 }). A tie on points goes to the most crystals ({ $e4 }).
page-points-negative = Why a score is below zero:
# $total: the score; $majority: what the temple majority gave (negative); $temples: how many; $tiles: the points from tiles.
page-points-below-zero = { $name } has { $total } points: { $majority } for the most temples on the board ({ $temples }) and only { $tiles } from tiles.
page-reveal-heading = Round { $round } revealed
page-reveal-line = The true vision was { $vision }; { $mortal } was the mortal.
page-reveal-col-role = Role

## The replay

page-replay-of = Replay of { $game }
page-replay-steps = Steps
page-replay-first = First
page-replay-prev = Previous
page-replay-next = Next
page-replay-last = Last
page-replay-start = The start
page-replay-turn-of = Turn { $turn } of { $last }
page-replay-board-start = The board at the start
page-replay-board-after = The board after turn { $turn }
page-replay-firmament-start = The firmament at the start
page-replay-firmament-after = The firmament after turn { $turn }
page-replay-turn-by = Turn { $turn }: { $name }
page-replay-nobody-yet = Nobody has played yet at this step.
page-replay-back = Back to the game
page-replay-log = The whole log
page-replay-before = Before the first turn:

## Sentences the game pages build

page-play-hex-empty = empty, a tile may go here
# $hex: a hex's coordinates; $name: the god whose marker stands on it.
page-play-words-marked = { $hex } (marker of { $name })
page-play-words-temples = Temples of { $name } (god { $seat }): { $hexes }.
page-play-words-tribes = { $colour ->
    [red] Red tribes
    [yellow] Yellow tribes
    [green] Green tribes
    [blue] Blue tribes
   *[other] Tribes ({ $colour })
}: { $hexes }.
page-play-words-deserts = Deserts: { $hexes }.
page-play-words-decay = Decay tiles: { $hexes }.
page-play-words-empty = Empty hexes a tile may go on ({ $n }): { $hexes }.
page-play-per-colour = { $colour ->
    [red] red
    [yellow] yellow
    [green] green
    [blue] blue
   *[other] { $colour }
} { $n }
page-play-none = none
# Names in a list: $first is every name but the last, with commas.
page-play-and = { $first } and { $last }
# $n: how many won.
page-play-over-won = The game is over: { $names } won.
page-play-over = The game is over.
page-play-is-your-turn = It is your turn.
page-play-is-turn-of = It is { $names }'s turn.
page-source-timeout = played by Hermes: the time ran out
page-source-stand-in = played by a stand-in bot: the player is away
page-source-forfeit = the god dropped out: the time ran out
page-source-dropped-out = dropped out: the time ran out
page-source-queued = queued in advance
page-source-resign = resigned: Hermes passed for the seat
page-flash-played = Your turn was played: it is turn { $turn } of the game.
page-flash-queue-withdrawn = Your queued turns were withdrawn.
page-flash-queued = Queued: { $n ->
    [one] { $n } turn, played when your turn comes.
   *[other] { $n } turns, played when your turn comes.
}
page-flash-seat-back = Your seat is yours again: the stand-in plays no more.
page-refused-rules = The rules do not allow this turn
page-refused-unreadable = This turn cannot be read
page-refused-not-a-turn = This is not a turn of this game
page-refused-stale = The game has moved on since you loaded this page; nothing was played
page-refused-not-your-turn = It is not your turn
page-refused-over = The game is over
page-refused-not-started = The game has not started
page-refused-no-seat = You have no seat in this game
page-refused = Your turn was not played
page-dreams-top-left = top left
page-dreams-top-right = top right
page-dreams-bottom-left = bottom left
page-dreams-bottom-right = bottom right
page-dreams-seat = seat { $seat }
page-dreams-name-seat = { $name } (seat { $seat })
page-dreams-image = image { $n }
page-dreams-no-guess-words = no guess
page-dreams-phase-stars = placing stars
page-dreams-phase-guess = guessing
page-dreams-phase-over = over
page-dreams-sealed = sealed
page-dreams-not-yet = not yet
# $title: the card's title.
page-dreams-role-god-titled = You are a god: the true vision is image { $n }, { $title }.
page-dreams-role-god-vision = You are a god: the true vision is image { $n }.
page-dreams-role-god = You are a god.
page-dreams-role-mortal = You are the mortal: you do not know which image is the true vision.
page-dreams-my-guess = Your sealed guess: { $guess }. It is final, and nobody else sees it before the reveal.
page-dreams-my-pass = You sealed no guess this round (a pass).
page-dreams-waiting-guesses = Waiting for the guesses of { $names }.
page-dreams-your-turn-guess = It is your turn: every seat guesses at once, in secret.
page-dreams-guess-in = Your guess is in.
page-dreams-your-turn-star = It is your turn: place a star.
page-dreams-turn-star-of = It is { $names }'s turn to place a star.
page-dreams-legend-seat = Name the seat you suspect is the mortal
page-dreams-legend-image = Name the image you believe is the true vision
page-dreams-the-mortal = the mortal
page-dreams-a-god = a god
page-dreams-ev-dealt = Round { $round } is dealt by { $name }.
page-dreams-ev-dealt-shuffled = Round { $round } is dealt by { $name }; the set-aside cards were shuffled back in.
page-dreams-ev-god = { $name } is a god in round { $round }.
page-dreams-ev-mortal = { $name } is the mortal in round { $round }.
page-dreams-ev-you-mortal = You are the mortal.
# $star: the star's kind (star-kind); $point: x,y.
page-dreams-ev-star = { $name } placed a { $star } at { $point }.
page-dreams-ev-star-passed = { $name } placed no star; their { $star } is set aside this round.
page-dreams-ev-sealed = { $name } sealed a guess.
page-dreams-ev-their-guess = { $name }'s sealed guess: { $guess }.
page-dreams-ev-your-guess = Your sealed guess: { $guess }.
# $n: the true vision's image; $points: each name with its points.
page-dreams-ev-revealed = Round { $round } revealed: the true vision was image { $n }, { $mortal } was the mortal; points: { $points }.
# A star's kind alone, in a table or a choice (the kinds are codes in the notation).
page-dreams-kind = { $kind ->
    [clear] clear
    [grey] grey
    [black] black
   *[other] { $kind }
}
page-login-wrong = Wrong email or password.
page-password-length = A password is { $min } to { $max } characters long.
page-password-differ = The two passwords differ.
page-vacation-give-day = Give the day the vacation ends, e.g. 2026-08-01.
page-saved = Saved.
page-leave-resign-means = Your seat drops out for good: from now on Hermes passes for it whenever it must act, and it cannot win. The game goes on for the others, who are told you resigned.
page-leave-abort-means = Nobody has moved yet: the game ends at once, nobody wins, and every player is told by mail.
page-leave-delete-means = The game has not started: it is gone, with its seats and invitations. The players who joined are told by mail.
page-leave-yes-resign = Yes, resign
page-leave-yes-abort = Yes, abort the game
page-leave-yes-delete = Yes, delete the game
page-leave-resigned = You resigned: Hermes passes for your seat from now on. You may still watch the game here.
page-leave-aborted = You aborted the game: it is over, and nobody won.
page-replay-goes-on = The game goes on: { $n ->
    [one] { $n } turn played so far.
   *[other] { $n } turns played so far.
}

## The words the pages' scripts show (`%n`, `%name`, `%zone` are filled in by the script)

page-js-no-answer = The server did not answer.
page-js-zoom-in = Zoom in
page-js-zoom-out = Zoom out
page-js-zoom-fit = Whole board
page-js-nothing-yet = (nothing yet)
page-js-may-end = You may end the game now, or play on: you then gather your crystals and see the display.
page-js-end-game = End the game
page-js-play-on = Play on
page-js-owe-one = You owe 1 action. Pick a tile of the display, a temple or a desert to move; the hexes you may use light up.
# $n: how many actions (more than one).
page-js-owe = You owe { $n } actions. Pick a tile of the display, a temple or a desert to move; the hexes you may use light up.
page-js-complete = Your turn is complete: play it, or undo a step.
page-js-no-action-left = No action is possible any more: play the turn as it stands.
page-js-place-temple = Place a temple
page-js-move-desert = Move a desert (2 crystals)
page-js-play-extra = Play an extra-action tile
page-js-discard-it = Discard it
page-js-keep-it = Keep it for a later turn
page-js-play-it-now = Play it now
page-js-take-crystal = Take a crystal from { $name }
page-js-god-n = god { $n }
page-js-choose-desert = Choose the desert to move (it is lit).
page-js-choose-where = Choose where it goes: a lit hex.
page-js-choose-lit = Choose a lit hex.
page-js-choose-lit-n = Choose a lit hex ({ $n } lit; the arrow keys go between them).
page-js-unreachable = The server cannot be reached; use the form below.
page-js-image = Image { $n }
page-js-show-large = Show it large
page-js-image-large = Image { $n }, large
page-js-guess-image = Guess image { $n }
page-js-close = Close
page-js-moved-on = The game has moved on.
page-js-show-it = Show it
page-js-will-be-lost = (what you have begun here will be lost)
page-js-notify = Tell me when it is my turn
page-js-notify-yes = This tab will tell you when it is your turn.
page-js-notify-no = No notifications: the browser was told not to.
page-js-copied = Copied
page-js-zone-chosen = Your browser's time zone, { $zone }, is chosen.

## Forms refused

page-talk-not-posted = Your message was not posted
page-rematch-refused = No rematch
page-check-form = Check the form.
page-dreams-form-star = Choose a star: clear, grey or black.
page-dreams-form-point = Give the point as two whole numbers from 0 to 100: x across, y down, 0,0 the top left corner.
page-dreams-form-seat = Choose the seat you suspect is the mortal.
page-dreams-form-image = Choose an image, 1 to 4.

## What stands on a hex, for a screen reader (the board on the turn page).
page-cell-god = god { $seat }
page-cell-god-named = { $name } (god { $seat })
# $tribe: tile-tribe; $god: page-cell-god(-named)
page-cell-marked = { $tribe } with the marker of { $god }
page-cell-temple = temple of { $god }
# $what: what stands on the hex (page-cell-*, tile-*)
page-cell-last-move = last move, { $what }

# The web app manifest's description (a browser shows it when it offers to install the site).
page-manifest-description = Your games of Gods and Dreams, played turn by turn.
