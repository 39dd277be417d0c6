# The API's refusals (problem+json `title` and `detail`), in the reader's language.
# `type`, `code`, `field` and rule ids are codes: they are never translated.

## The title: the HTTP status's name.

problem-status-400 = Bad Request
problem-status-401 = Unauthorized
problem-status-403 = Forbidden
problem-status-404 = Not Found
problem-status-405 = Method Not Allowed
problem-status-406 = Not Acceptable
problem-status-408 = Request Timeout
problem-status-409 = Conflict
problem-status-410 = Gone
problem-status-411 = Length Required
problem-status-412 = Precondition Failed
problem-status-413 = Payload Too Large
problem-status-414 = URI Too Long
problem-status-415 = Unsupported Media Type
problem-status-422 = Unprocessable Entity
problem-status-428 = Precondition Required
problem-status-429 = Too Many Requests
problem-status-431 = Request Header Fields Too Large
problem-status-500 = Internal Server Error
problem-status-502 = Bad Gateway
problem-status-503 = Service Unavailable
problem-status-504 = Gateway Timeout

## A refusal by a rule of the game: the rule's id, and what the rule asks.
## $rule: the rule's id (G-T5); $step: the step of the turn, from 1; $reason: a rule-… message

problem-rule = { $rule }: { $reason }
problem-rule-step = { $rule }: step { $step }: { $reason }

## What each rule asks, said when a turn breaks it.

rule-G-A1 = a tribe is taken from the display and placed on an empty hex that touches a tile, and paid for
rule-G-A3 = you place one of your own temples, at most once per turn, on an empty hex that touches a tile, and pay for it
rule-G-A4 = a tile taken from the display is used as it allows: a desert is placed, a whirlwind moves a desert (only while one is on the board), an extra-action tile is kept
rule-G-A6 = a desert moves, for 2 crystals, to another empty hex that touches a tile besides it
rule-G-A7 = an extra-action tile is played only from those you kept, while your turn still has actions to take
rule-G-B2 = a tile goes on an empty hex that touches at least one tile
rule-G-B5 = there is no such god in this game
rule-G-BAG5 = the decay tile goes next to a temple of another god of this game, whom you name
rule-G-E1 = the game is over
rule-G-E2 = in the bag variant nobody may end the game unless the option sudden_death is on
rule-G-T1 = ending the game takes the whole turn, at its start, and only for a god who holds the villages it needs
rule-G-T4 = you take the actions you have this turn: no more, and no fewer while one is allowed
rule-G-T5 = it is another god's turn
rule-G-T6 = first send `end` or `continue`: you will see the display and send your actions after
rule-G-T7 = a slot number counts the display as it stands at that step, from 1
rule-G-X1 = you have no temple left to place
rule-D-C0 = there is no such seat in this game
rule-D-R4 = in the stars phase, each in turn places one star that is not yet in the firmament, on a free point
rule-D-R5 = each god names a seat other than their own as the mortal, and the mortal names a picture from 1 to 4, once
rule-D-R8 = the game is over

## Sentences with values, said where the code knows more than its code.

# $limit: the largest body, in bytes
problem-body-too-large = the body is larger than { $limit } bytes
# $error: the parser's own words (in English)
problem-body-does-not-fit = the body does not fit: { $error }
problem-body-not-json = the body is not JSON: { $error }
problem-bad-query = bad query string: { $error }
# $limit: the largest `partial`, in bytes
problem-partial-too-long = `partial` is longer than { $limit } bytes
problem-partial-not-json = `partial` is not JSON: { $error }
# $name: where the id was sent (`since` or the Last-Event-ID header)
problem-event-id = `{ $name }` must be an event id (a whole number, 0 or more) from this stream
problem-no-such-path = no such path: { $path }
problem-method-not-allowed = { $method } is not allowed on { $path }
problem-stale-seq = the game has moved on: it is at turn { $current } (sequence { $current })
problem-queue-stale-seq = the game has moved on: it is at sequence { $current }
problem-not-your-turn = it is not seat { $seat }'s turn
problem-limit = `limit` must be 1 to { $max }
problem-lang-one-of = `lang` must be one of: { $codes }
problem-since-seq-and-limit = `since_seq` must be 0 or more and `limit` 1 to { $max }
problem-since-and-limit = `since` must be 0 or more and `limit` 1 to { $max }
problem-entry-not-found = `at` must be 0 to { $last }
problem-queue-too-long = at most { $limit } turns in one request
# $limit: the turns that may be queued now; $count: the turns sent
problem-queue-limit = at most { $limit } turn(s) may be queued now, not { $count }
problem-wrong-card-count = a deck has exactly { $size } cards; this one has { $count }
problem-deck-name = `name` must be 1 to { $max } characters, without control characters
# $uploads: the caller's uploads being drawn; $limit: the setting deck_uploads_per_user
problem-deck-upload-in-progress = you have { $uploads } deck upload(s) being drawn, as many as this server allows one user at once (`deck_uploads_per_user` = { $limit }); retry when it is done
# $limit: the setting deck_uploads_at_once
problem-decks-busy = this server is drawing as many decks as it draws at once (`deck_uploads_at_once` = { $limit }); retry shortly
problem-card-not-found = cards are numbered 0 to { $last }
problem-too-many-webhooks = an account has at most { $max } webhooks; delete one first
# $formats, $scopes, $codes, $levels, $kinds: codes, joined by ", "
problem-webhook-format = `format` is one of { $formats }
problem-too-many-invitations = a user may invite at most { $limit } addresses that no confirmed account has in 24 hours (invite_unconfirmed_per_user_per_day); this request invites { $requested }: invite fewer
problem-invitation-limit = a user may invite at most { $limit } addresses that no confirmed account has in 24 hours (invite_unconfirmed_per_user_per_day); { $remaining } left now, this request needs { $requested }: try again in { $retry } seconds
problem-player-seed = `player_seed` must be 1 to { $max } characters without control characters, or left out for the server to draw one
# $given, $deck, $watchers, $extra: what was sent or stored, quoted ("…"); $kind: a game kind's name
problem-unknown-kind = no game kind { $given }; known: { $kinds }
problem-seats = { $kind } is for { $min } to { $max } players
problem-no-such-deck = options: there is no deck { $deck } (use "standard" or the id of a deck from POST /decks)
problem-watchers = `watchers` must be one of { $codes }, not { $given }
problem-watchers-not-invited = this game's watchers are { $watchers }: spectators are invited only to a game created with "watchers": "invited"
# $field: the item at fault (bots[0]); $example: a bot seat in JSON
problem-bot-not-object = `{ $field }` must be an object, e.g. { $example }
problem-bot-extra-field = `{ $field }` has a field { $extra }; a bot seat has only `level`
problem-bot-level = `{ $field }.level` must be one of { $levels }
# $count: the bot seats asked for; $seats: the game's seats; $max: the bot seats it may have
problem-too-many-bots = { $count } bot seats in a game of { $seats }: at most { $max }, one seat is yours
problem-stand-in-level = `stand_in_level` must be one of { $levels }, not { $given }
problem-turn-hours = `turn_hours` must be a whole number of hours from { $min } to { $max } (14 days), not { $given }
problem-timeout-policy = `timeout_policy` must be one of { $codes }, not { $given }
# $game: the id of the finished game
problem-rematch-seats = this game is the rematch of game { $game }: its seats are for that game's players, who accept it with POST /games/{ $game }/rematch
problem-game-moved = a turn has been played (the game is at sequence { $seq }): resign instead
# $error: the game's own words for what is wrong (in English); $rule: a rule's id
problem-not-a-turn = not a turn of this game: { $error }
problem-not-a-turn-under = { $rule }: not a turn of this game: { $error }
problem-message-body = `body` must be 1 to { $max } characters
# $purpose: what the token is for, a code (access, turn_link, verify, …)
problem-wrong-token-purpose = this token was not issued for { $purpose }
problem-scopes = `scopes` must be one or more of { $scopes }
# $field: the field that holds the address
problem-email = `{ $field }` must be one address like name@example.org
problem-password-length = `password` must be { $min } to { $max } characters long
problem-unknown-preference = no preference `{ $field }`
problem-until = `until` must be an RFC 3339 time, e.g. 2026-08-01T00:00:00Z: { $error }
# $wanted, $left: days, with two decimals; $budget: the days of vacation a year
problem-vacation-over-budget = that is { $wanted } more days of vacation; { $left } of { $budget } are left this year

## Each code's sentence, said in a language other than English when the refusal names no
## sentence of its own.

problem-already_resigned = you have already resigned this game
problem-already_seated = you already have a seat in this game
problem-bad_join_code = this join code is not valid for this game
problem-bad_request = the request cannot be read
problem-bot_after_games = only an account that has never taken a seat may become a bot
problem-bot_token_scope = a bot account's token holds `bot:play` alone, and only a bot account's token holds it
problem-busy = the server is busy with other logins and registrations; retry shortly
problem-calendar_not_found = no calendar feed has this address (it may have been replaced or revoked)
problem-card_external_resource = a card's picture may not load anything from outside it
problem-card_not_found = there is no card with this number
problem-card_too_complex = a card's picture is too complex to draw
problem-card_too_large = a card's picture is too large
problem-client_gone = the client went away
problem-conflicting_preconditions = `expected_seq` and If-Match name different sequences
problem-database_busy = the database is busy with another writer; retry shortly
problem-database_unavailable = the database does not answer; retry shortly
problem-deck_not_found = no deck has this id
problem-deck_too_slow = a card's picture takes too long to draw
problem-deck_upload_in_progress = you have as many deck uploads being drawn as this server allows; wait for one to finish
problem-decks_busy = this server is drawing as many decks as it can at once; retry shortly
problem-email_unconfirmed = an invitation is taken by the confirmed owner of the address: open the link in the welcome mail first, or join with the game's join code
problem-entry_not_found = the game's log has no such entry
problem-error = the request failed
problem-forbidden = this is not allowed
problem-game_full = every seat of this game is taken
problem-game_moved = a turn has been played since: resign instead
problem-game_not_found = there is no game with this id
problem-game_not_open = this game takes no more players
problem-game_not_over = a rematch is proposed once the game is over
problem-game_not_started = the game starts when every seat is taken
problem-game_over = the game is over
problem-game_started = the game has already started
problem-headers_too_large = the request's headers are too large
problem-idempotency_key_reused = this Idempotency-Key was used for a different request
problem-idempotency_key_taken = a request with this Idempotency-Key was written first
problem-inbound_off = this server takes no mail
problem-insufficient_scope = this API token lacks the scope this request needs
problem-internal_error = the server failed; the failure is logged
problem-invalid_body = the body does not fit what this request takes
problem-invalid_bots = the bots asked for are not valid
problem-invalid_card_svg = a card's picture is not an SVG that can be read
problem-invalid_credentials = the address or the password is wrong
problem-invalid_cursor = `cursor` must be a `next_cursor` this server gave
problem-invalid_display_name = the display name is not valid
problem-invalid_email = the address is not valid
problem-invalid_event_id = the event id must be a whole number, 0 or more, from this stream
problem-invalid_expires_at = `expires_at` must be in the future
problem-invalid_idempotency_key = Idempotency-Key must be 1 to 255 visible ASCII characters
problem-invalid_if_match = If-Match must be the game's ETag, e.g. "12"
problem-invalid_inbound_secret = send the inbound secret (Authorization: Bearer or X-Hermes-Signature)
problem-invalid_message = the message is not valid
problem-invalid_name = the name is not valid
problem-invalid_notation = this turn cannot be read in the notation
problem-invalid_options = the game's options are not valid
problem-invalid_player_seed = the player's seed is not valid
problem-invalid_preference = a preference is not valid
problem-invalid_query = the query string is not valid
problem-invalid_scopes = the scopes asked for are not valid
problem-invalid_seats = the number of seats is not valid for this game
problem-invalid_stand_in_level = the stand-in's level is not valid
problem-invalid_text = a text/plain turn must be UTF-8
problem-invalid_timeout_policy = the timeout policy is not valid
problem-invalid_title = a card's title is not valid
problem-invalid_token = this token is not valid (unknown, revoked, or issued elsewhere); log in again
problem-invalid_turn = this is not a turn of this game
problem-invalid_turn_hours = the hours for a turn are not valid
problem-invalid_until = `until` is not a valid time
problem-invalid_watchers = the watchers are not valid
problem-invalid_webhook_events = the webhook's events are not valid
problem-invalid_webhook_format = the webhook's format is not valid
problem-invalid_webhook_url = the webhook's address is not valid
problem-invitation_limit = you have invited as many new addresses as you may in 24 hours
problem-length_required = send the body's length
problem-malformed_json = the body is not JSON
problem-message_too_large = the message is too long
problem-method_not_allowed = this method is not allowed on this path
problem-metrics_token_required = this server's metrics need its metrics token
problem-missing_credentials = log in first
problem-missing_token = send `Authorization: Bearer TOKEN` (log in at POST /auth/login)
problem-no_board = this game has no board picture
problem-no_rematch = no rematch of this game was proposed, and it is no rematch
problem-no_stand_in = no stand-in plays for this seat
problem-no_svg = a custom deck's cards are served as PNG only: ask for .png
problem-not_a_message = the body is not a mail message (RFC 5322)
problem-not_a_player = you have no seat in this game
problem-not_acceptable = this path cannot answer in the type asked for
problem-not_found = there is nothing at this address
problem-not_invited = you are not invited to this game; ask a player for its join code
problem-not_the_creator = only the game's creator may do this
problem-not_your_turn = it is not your turn
problem-payload_too_large = the body is too large
problem-precondition_required = name the sequence your turn is based on: `expected_seq` in the body or If-Match: "SEQ"
problem-queue_too_long = too many turns in one request
problem-rate_limited = too many attempts; wait before you try again
problem-rematch_race = another player proposed the rematch at the same moment: try again to accept it
problem-rematch_seats = this game is a rematch: its seats are for the players of the game before
problem-request_timeout = the request took too long
problem-resigned = you resigned this game: the service plays for your seat
problem-rule_violation = the rules do not allow this turn
problem-stale_seq = the game has moved on since; load it again
problem-streams_full = this server has as many event streams open as it keeps; retry shortly
problem-token_expired = the token has expired; log in again
problem-token_not_found = you have no token with this id
problem-too_many_bots = you have as many bots as an account may
problem-too_many_invitations = this request invites more new addresses than you may in 24 hours
problem-too_many_streams = you have as many event streams open as one user may; close one
problem-too_many_webhooks = you have as many webhooks as an account may; delete one first
problem-unauthorized = log in first
problem-unknown_field = there is no such preference
problem-unknown_game = there is no game with this `game_id`
problem-unknown_kind = there is no game of this kind
problem-unsupported_media_type = this request's body is of a type this path does not take
problem-uri_too_long = the address is too long
problem-vacation_over_budget = this vacation is longer than the days of vacation you have left this year
problem-watchers_not_invited = spectators are invited only to a game whose watchers are invited
problem-weak_password = the password is too weak
problem-webhook_disabled = this webhook is disabled; re-enable it (PATCH `active: true`) first
problem-webhook_not_found = you have no webhook with this id
problem-webhook_url_refused = the webhook's address is not one this server calls
problem-wrong_card_count = a deck has the wrong number of cards
problem-wrong_game = this turn link is for another game
problem-wrong_token_purpose = this token was not issued for this
problem-your_turn_now = it is your turn now: play it instead
