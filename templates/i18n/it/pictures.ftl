# Le parole disegnate nelle immagini: il piano di gioco di Gods e il tavolo di Dreams.

## Il piano di gioco di Gods.

picture-gods-board = Piano di gioco di Gods
picture-god = dio { $seat }
picture-god-named = dio { $seat } ({ $name })
picture-and = { $first } e { $second }
picture-game-over-after-turn = Partita finita dopo il turno { $turn }: vittoria di { $winners }
picture-game-over-won = Partita finita: vittoria di { $winners }
picture-game-over = Partita finita
picture-turn = Turno { $turn }
picture-turn-god-to-move = Turno { $turn }: tocca al dio { $seat } ({ $name })
picture-god-to-move = Tocca al dio { $seat } ({ $name })
picture-may-end = (può chiudere la partita)
picture-gods = Divinità
picture-display = Tessere scoperte
picture-empty = (nessuna)
picture-left-in-pile = { $n ->
    [one] resta 1 tessera nella pila
   *[other] restano { $n } tessere nella pila
}
picture-left-in-bag = { $n ->
    [one] resta 1 tessera nel sacchetto
   *[other] restano { $n } tessere nel sacchetto
}
picture-key = Legenda
picture-key-temple = tempio: colore e numero del suo dio
picture-key-tribe = tribù (R/Y/G/B) con un gettone Dio
picture-key-empty = esagono vuoto dove può andare una tessera: q,r
picture-key-axes = q+1: un esagono a est (destra); r+1: un esagono a sud-est
picture-points = { $score } punti
picture-crystals = { $n ->
    [one] 1 cristallo
   *[other] { $n } cristalli
}
picture-temples = { $n ->
    [one] 1 tempio
   *[other] { $n } templi
}
picture-markers = { $n ->
    [one] 1 gettone
   *[other] { $n } gettoni
}
picture-supplies = { $crystals } · riserva: { $temples }, { $markers }
picture-extra = { $n } extra
picture-villages = villaggi
picture-vp = PV
picture-none = nessuno

## Dreams: il tavolo ora, e un giro rivelato.

picture-dreams-round = Dreams, giro { $round }
picture-dreams-round-revealed = Dreams, giro { $round } rivelato
picture-no-reveal = Nessun giro è stato ancora rivelato
picture-card = carta { $n }
picture-seat = posto { $seat }
picture-seat-named = { $name } (posto { $seat })
picture-round-stars-next = Giro { $round }: stelle — ora piazza { $who }
picture-round-stars = Giro { $round }: stelle
picture-round-guesses = Giro { $round }: puntate
picture-round-guesses-waiting = Giro { $round }: puntate — in attesa di { $who }
picture-round = Giro { $round }
picture-image = immagine { $n }
picture-round-revealed = Giro { $round } rivelato — vera visione: { $vision }; mortale: { $mortal }
picture-players = Giocatori
picture-places-next = piazza ora
picture-all-placed = tutte piazzate
picture-stars-left = restano: { $stars }
picture-guess-sealed = puntata sigillata
picture-to-guess = deve puntare
picture-won = ha vinto
picture-stars = Stelle
picture-star-clear = cristallo (trasparente)
picture-star-grey = grigia
picture-star-black = nera
picture-outline = contorno: il colore del giocatore
picture-axes = x a destra, y in basso: 0,0 è in alto a sinistra
picture-you = Tu
picture-role-god-vision = un dio: la vera visione è l'immagine { $image }
picture-role-god = un dio
picture-role-mortal = il mortale: quale immagine sarà?
picture-role-watching = spettatore
picture-you-seat = posto { $seat }, { $role }
picture-your-guess = la tua puntata sigillata: { $guess }
picture-no-guess = nessuna puntata
picture-deck-standard = mazzo: standard
picture-deck = mazzo: { $deck }
picture-deck-left = ne restano { $n }
picture-set-aside = { $n } messe da parte
picture-the-vision = la vera visione
picture-your-vision = la tua visione
picture-guesses-and-points = Puntate e punti
picture-role-mortal-short = mortale
picture-role-god-short = dio
picture-named = ha puntato su { $who }
picture-named-image = ha puntato sull'immagine { $n }
picture-reveal-note = Anelli tratteggiati: le stelle del mortale. Oro: la vera visione. Punti del giro → punteggio.
picture-star-kind = { $kind ->
    [clear] cristallo
    [grey] grigia
    [black] nera
   *[other] { $kind }
}

# A card's number in the deck, small, in its corner: $n is 0 to 71.
picture-card-number = n. { $n }
