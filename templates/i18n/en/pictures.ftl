# The words drawn in the pictures: the Gods board and Dreams' table and revealed round.
# Player names, game names and numbers are put in as values.

## The Gods board.

picture-gods-board = Gods board
picture-god = god { $seat }
# $name: the god's display name
picture-god-named = god { $seat } ({ $name })
# Two names or lists of names joined: "god 0 (Ada) and god 1 (Bo)".
picture-and = { $first } and { $second }
picture-game-over-after-turn = Game over after turn { $turn }: { $winners } won
picture-game-over-won = Game over: { $winners } won
picture-game-over = Game over
picture-turn = Turn { $turn }
picture-turn-god-to-move = Turn { $turn }: god { $seat } ({ $name }) to move
picture-god-to-move = God { $seat } ({ $name }) to move
picture-may-end = (may end the game)
picture-gods = Gods
picture-display = Display
picture-empty = (empty)
picture-left-in-pile = { $n ->
    [one] 1 tile left in the pile
   *[other] { $n } tiles left in the pile
}
picture-left-in-bag = { $n ->
    [one] 1 tile left in the bag
   *[other] { $n } tiles left in the bag
}
picture-key = Key
picture-key-temple = temple: its god's colour and number
picture-key-tribe = tribe (R/Y/G/B) with a god's marker
picture-key-empty = empty hex a tile may go on: q,r
picture-key-axes = q+1: one hex east (right); r+1: one hex south-east
picture-points = { $score } pts
picture-crystals = { $n ->
    [one] 1 crystal
   *[other] { $n } crystals
}
picture-temples = { $n ->
    [one] 1 temple
   *[other] { $n } temples
}
picture-markers = { $n ->
    [one] 1 marker
   *[other] { $n } markers
}
# $crystals, $temples, $markers: picture-crystals, picture-temples, picture-markers
picture-supplies = { $crystals } · supply: { $temples }, { $markers }
picture-extra = { $n } extra
picture-villages = villages
picture-vp = VP
picture-none = none

## Dreams: the table now, and a revealed round.

picture-dreams-round = Dreams, round { $round }
picture-dreams-round-revealed = Dreams, round { $round } revealed
picture-no-reveal = No round has been revealed yet
picture-card = card { $n }
picture-seat = seat { $seat }
picture-seat-named = { $name } (seat { $seat })
# $who: picture-seat or picture-seat-named
picture-round-stars-next = Round { $round }: stars — { $who } places next
picture-round-stars = Round { $round }: stars
picture-round-guesses = Round { $round }: guesses
# $who: the seats still to guess, joined by commas
picture-round-guesses-waiting = Round { $round }: guesses — waiting for { $who }
picture-round = Round { $round }
picture-image = image { $n }
# $vision: picture-image or "?"; $mortal: picture-seat(-named) or "?"
picture-round-revealed = Round { $round } revealed: the vision was { $vision }; the mortal was { $mortal }
picture-players = Players
picture-places-next = places next
picture-all-placed = all placed
# $stars: the star kinds still to place, joined by commas
picture-stars-left = left: { $stars }
picture-guess-sealed = guess sealed
picture-to-guess = to guess
picture-won = won
picture-stars = Stars
picture-star-clear = clear (white)
picture-star-grey = grey
picture-star-black = black
picture-outline = outline: the player's colour
picture-axes = x right, y down: 0,0 is top left
picture-you = You
picture-role-god-vision = a god: the vision is image { $image }
picture-role-god = a god
picture-role-mortal = the mortal: which image is it?
picture-role-watching = watching
# $role: a picture-role-… message
picture-you-seat = seat { $seat }, { $role }
# $guess: picture-seat(-named), picture-image or picture-no-guess
picture-your-guess = your sealed guess: { $guess }
picture-no-guess = no guess
picture-deck-standard = deck: standard
# $deck: the custom deck's name
picture-deck = deck: { $deck }
picture-deck-left = { $n } left
picture-set-aside = { $n } set aside
picture-the-vision = the vision
picture-your-vision = your vision
picture-guesses-and-points = Guesses and points
picture-role-mortal-short = mortal
picture-role-god-short = god
picture-named = named { $who }
picture-named-image = named image { $n }
picture-reveal-note = Dashed rings: the mortal's stars. Gold: the true vision. Points this round → score.
# A kind of star, as the key of Dreams' table lists them.
picture-star-kind = { $kind ->
    [clear] clear
    [grey] grey
    [black] black
   *[other] { $kind }
}

# A card's number in the deck, small, in its corner: $n is 0 to 71.
picture-card-number = no. { $n }
