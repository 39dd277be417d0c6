# Die Wörter in den Bildern: die Spielfläche von Gods und der Tisch von Dreams.

## Die Spielfläche von Gods.

picture-gods-board = Spielfläche von Gods
picture-god = Gott { $seat }
picture-god-named = Gott { $seat } ({ $name })
picture-and = { $first } und { $second }
picture-game-over-after-turn = Spiel nach Zug { $turn } vorbei: Sieg für { $winners }
picture-game-over-won = Spiel vorbei: Sieg für { $winners }
picture-game-over = Spiel vorbei
picture-turn = Zug { $turn }
picture-turn-god-to-move = Zug { $turn }: Gott { $seat } ({ $name }) ist am Zug
picture-god-to-move = Gott { $seat } ({ $name }) ist am Zug
picture-may-end = (darf das Spiel beenden)
picture-gods = Götter
picture-display = Auslage
picture-empty = (leer)
picture-left-in-pile = { $n ->
    [one] noch 1 Plättchen im Stapel
   *[other] noch { $n } Plättchen im Stapel
}
picture-left-in-bag = { $n ->
    [one] noch 1 Plättchen im Beutel
   *[other] noch { $n } Plättchen im Beutel
}
picture-key = Legende
picture-key-temple = Tempel: Farbe und Nummer seines Gottes
picture-key-tribe = Stamm (R/Y/G/B) mit Götterstein
picture-key-empty = leeres Feld, auf das ein Plättchen darf: q,r
picture-key-axes = q+1: ein Feld östlich (rechts); r+1: südöstlich
picture-points = { $score } Pkt.
picture-crystals = { $n ->
    [one] 1 Kristall
   *[other] { $n } Kristalle
}
picture-temples = { $n ->
    [one] 1 Tempel
   *[other] { $n } Tempel
}
picture-markers = { $n ->
    [one] 1 Götterstein
   *[other] { $n } Göttersteine
}
picture-supplies = { $crystals } · Vorrat: { $temples }, { $markers }
picture-extra = { $n } extra
picture-villages = Völker
picture-vp = SP
picture-none = keine

## Dreams: der Tisch jetzt, und eine aufgedeckte Runde.

picture-dreams-round = Dreams, Runde { $round }
picture-dreams-round-revealed = Dreams, Runde { $round } aufgedeckt
picture-no-reveal = Noch keine Runde aufgedeckt
picture-card = Karte { $n }
picture-seat = Platz { $seat }
picture-seat-named = { $name } (Platz { $seat })
picture-round-stars-next = Runde { $round }: Sterne — { $who } legt als Nächstes
picture-round-stars = Runde { $round }: Sterne
picture-round-guesses = Runde { $round }: Tipps
picture-round-guesses-waiting = Runde { $round }: Tipps — Warten auf { $who }
picture-round = Runde { $round }
picture-image = Bild { $n }
picture-round-revealed = Runde { $round } aufgedeckt: Die wahre Vision war { $vision }; der Sterbliche war { $mortal }
picture-players = Spieler
picture-places-next = legt als Nächstes
picture-all-placed = alle gelegt
picture-stars-left = übrig: { $stars }
picture-guess-sealed = Tipp versiegelt
picture-to-guess = muss tippen
picture-won = gewonnen
picture-stars = Sterne
picture-star-clear = klar (weiß)
picture-star-grey = grau
picture-star-black = schwarz
picture-outline = Rand: die Farbe des Spielers
picture-axes = x nach rechts, y nach unten: 0,0 ist oben links
picture-you = Du
picture-role-god-vision = ein Gott: Die wahre Vision ist Bild { $image }
picture-role-god = ein Gott
picture-role-mortal = der Sterbliche: Welches Bild ist es?
picture-role-watching = Zuschauer
picture-you-seat = Platz { $seat }, { $role }
picture-your-guess = dein versiegelter Tipp: { $guess }
picture-no-guess = kein Tipp
picture-deck-standard = Kartensatz: Standard
picture-deck = Kartensatz: { $deck }
picture-deck-left = noch { $n }
picture-set-aside = { $n } beiseite
picture-the-vision = wahre Vision
picture-your-vision = deine Vision
picture-guesses-and-points = Tipps und Punkte
picture-role-mortal-short = Sterblicher
picture-role-god-short = Gott
picture-named = tippte auf { $who }
picture-named-image = tippte auf Bild { $n }
picture-reveal-note = Gestrichelte Ringe: die Sterne des Sterblichen. Gold: die wahre Vision. Punkte der Runde → Stand.
picture-star-kind = { $kind ->
    [clear] klar
    [grey] grau
    [black] schwarz
   *[other] { $kind }
}

# A card's number in the deck, small, in its corner: $n is 0 to 71.
picture-card-number = Nr. { $n }
