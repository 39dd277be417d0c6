# De woorden in de afbeeldingen: het speelveld van Gods en de tafel van Dreams.

## Het speelveld van Gods.

picture-gods-board = Speelveld van Gods
picture-god = god { $seat }
picture-god-named = god { $seat } ({ $name })
picture-and = { $first } en { $second }
picture-game-over-after-turn = Spel afgelopen na beurt { $turn }: gewonnen door { $winners }
picture-game-over-won = Spel afgelopen: gewonnen door { $winners }
picture-game-over = Spel afgelopen
picture-turn = Beurt { $turn }
picture-turn-god-to-move = Beurt { $turn }: god { $seat } ({ $name }) is aan zet
picture-god-to-move = God { $seat } ({ $name }) is aan zet
picture-may-end = (mag het spel beëindigen)
picture-gods = Goden
picture-display = Etalage
picture-empty = (leeg)
picture-left-in-pile = { $n ->
    [one] nog 1 kaart op de stapel
   *[other] nog { $n } kaarten op de stapel
}
picture-left-in-bag = { $n ->
    [one] nog 1 kaart in de zak
   *[other] nog { $n } kaarten in de zak
}
picture-key = Legenda
picture-key-temple = tempel: kleur en nummer van zijn god
picture-key-tribe = stam (R/Y/G/B) met het markeerkaartje van een god
picture-key-empty = leeg veld waar een kaart mag komen: q,r
picture-key-axes = q+1: één veld naar het oosten (rechts); r+1: één veld naar het zuidoosten
picture-points = { $score } ptn
picture-crystals = { $n ->
    [one] 1 kristal
   *[other] { $n } kristallen
}
picture-temples = { $n ->
    [one] 1 tempel
   *[other] { $n } tempels
}
picture-markers = { $n ->
    [one] 1 markeerkaartje
   *[other] { $n } markeerkaartjes
}
picture-supplies = { $crystals } · voorraad: { $temples }, { $markers }
picture-extra = { $n } extra
picture-villages = volken
picture-vp = zege
picture-none = geen

## Dreams: de tafel nu, en een onthulde ronde.

picture-dreams-round = Dreams, ronde { $round }
picture-dreams-round-revealed = Dreams, ronde { $round } onthuld
picture-no-reveal = Er is nog geen ronde onthuld
picture-card = kaart { $n }
picture-seat = plaats { $seat }
picture-seat-named = { $name } (plaats { $seat })
picture-round-stars-next = Ronde { $round }: sterren — { $who } legt nu
picture-round-stars = Ronde { $round }: sterren
picture-round-guesses = Ronde { $round }: gokken
picture-round-guesses-waiting = Ronde { $round }: gokken — wachten op { $who }
picture-round = Ronde { $round }
picture-image = beeld { $n }
picture-round-revealed = Ronde { $round } onthuld: het ware visioen was { $vision }; de sterveling was { $mortal }
picture-players = Spelers
picture-places-next = legt nu
picture-all-placed = alle gelegd
picture-stars-left = nog: { $stars }
picture-guess-sealed = gok verzegeld
picture-to-guess = moet gokken
picture-won = gewonnen
picture-stars = Sterren
picture-star-clear = helder (wit)
picture-star-grey = grijs
picture-star-black = zwart
picture-outline = rand: de kleur van de speler
picture-axes = x naar rechts, y naar beneden: 0,0 is linksboven
picture-you = Jij
picture-role-god-vision = een god: het ware visioen is beeld { $image }
picture-role-god = een god
picture-role-mortal = de sterveling: welk beeld is het?
picture-role-watching = kijker
picture-you-seat = plaats { $seat }, { $role }
picture-your-guess = je verzegelde gok: { $guess }
picture-no-guess = geen gok
picture-deck-standard = stapel: standaard
picture-deck = stapel: { $deck }
picture-deck-left = nog { $n }
picture-set-aside = { $n } apart gelegd
picture-the-vision = het ware visioen
picture-your-vision = jouw visioen
picture-guesses-and-points = Gokken en punten
picture-role-mortal-short = sterveling
picture-role-god-short = god
picture-named = gokte op { $who }
picture-named-image = gokte op beeld { $n }
picture-reveal-note = Gestippelde ringen: de sterren van de sterveling. Goud: het ware visioen. Punten van de ronde → stand.
picture-star-kind = { $kind ->
    [clear] heldere
    [grey] grijze
    [black] zwarte
   *[other] { $kind }
}

# A card's number in the deck, small, in its corner: $n is 0 to 71.
picture-card-number = nr. { $n }
