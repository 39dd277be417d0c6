# Cosa è successo in una partita, a parole (vedi en/words.ftl).

## Sentences
words-sentence = { $text }.

## Counts
words-crystals = { $n ->
    [one] { $n } cristallo
   *[other] { $n } cristalli
}

## Gods: a turn's events
words-end-declared = { $god } ha dichiarato la fine della partita
words-played-on = { $god } ha continuato a giocare
words-power-gathered = { $god } ha raccolto energia: { $amount } (ora in tutto { $total })
words-tile-drawn = Si aggiunge alle tessere scoperte: { $tile }
words-tiles-returned = Due tessere uguali ({ $tile }) sono tornate nel sacchetto
words-tribe-placed = { $god } ha messo una { $tile } in { $at }
words-for = { " " }per { $amount }
words-worships = ; è fedele a { $god }
words-temple-placed = { $god } ha costruito un tempio in { $at }
words-converting = , convertendo { $n } tribù
words-desert-placed = { $god } ha messo un deserto in { $at }
words-gaining = { " " }e guadagna { $amount }
words-desert-blown = { $god } ha spostato con un vortice il deserto da { $from } a { $to }
words-desert-moved = { $god } ha spostato il deserto da { $from } a { $to } per { $amount }
words-extra-taken = { $god } ha preso una tessera mediazione
words-extra-played = { $god } ha giocato una tessera mediazione
words-discarded = { $god } ha scartato una tessera ({ $tile })
words-decay-placed = { $god } ha messo una tessera decadenza in { $at } accanto a un tempio di { $victim }, che perde { $lost }; { $god } guadagna { $amount }
words-village-founded = { $god } ha fondato un villaggio { $colour ->
    [red] rosso
    [yellow] giallo
    [green] verde
    [blue] blu
   *[other] ({ $colour })
}
words-village-founded-vp = { $god } ha fondato un villaggio { $colour ->
    [red] rosso
    [yellow] giallo
    [green] verde
    [blue] blu
   *[other] ({ $colour })
} e ha preso una tessera punti vittoria
words-village-lost = { $god } ha perso il villaggio { $colour ->
    [red] rosso
    [yellow] giallo
    [green] verde
    [blue] blu
   *[other] ({ $colour })
}
words-actions-forfeited = { $god } non aveva più azioni possibili e ha perso { $n ->
    [one] { $n } azione
   *[other] { $n } azioni
}
words-game-ended = La partita è finita: { $reason }

## Gods: why a game ended
words-end-game-end-tile = è uscita la tessera fine gioco
words-end-declared-by = { $god } ha dichiarato la fine
words-end-bag-empty = il sacchetto non bastava più a riempire le tessere scoperte
words-end-pile-empty = la pila è finita

## Turns the service played for a seat
words-by-resign = { $god } ha abbandonato la partita: Hermes passa per quel posto ogni volta che deve agire
words-by-forfeit = { $god } ha lasciato la partita allo scadere del tempo: Hermes passa per quel posto
words-by-timeout = Il tempo di { $god } è scaduto: Hermes ha passato al suo posto

## Dreams: a round's events
words-dreams-round-dealt = Comincia il giro { $round } con quattro nuove immagini; { $dealer } mette la prima stella.
words-dreams-star-placed = { $player } ha messo una { $star } in { $at }.
words-dreams-star-placed-you = Hai messo una { $star } in { $at }.
words-dreams-star-passed = { $player } non ha messo nessuna stella in questo passaggio (la sua { $star } resta da parte per questo giro).
words-dreams-star-passed-you = Hermes ha passato per te: nessuna stella in questo passaggio (la tua { $star } resta da parte per questo giro).
words-dreams-no-guess-you = Hermes ha passato per te: nessuna puntata in questo giro.
words-dreams-you-named-seat = Hai puntato su { $player } (posto { $seat }).
words-dreams-you-named-image = Hai puntato sull’immagine { $image }.
words-dreams-guess-sealed = { $player } ha sigillato la sua puntata.
words-dreams-revealed = Tutte le puntate sono arrivate: il giro { $round } è rivelato (la vera visione era l’immagine { $vision }, e il mortale era { $mortal }).
words-dreams-revealed-you = Tutte le puntate sono arrivate: il giro { $round } è rivelato (la vera visione era l’immagine { $vision }, e il mortale eri tu).
words-dreams-you-god = In questo giro sei un dio: la vera visione è l’immagine { $vision }.
words-dreams-you-mortal = In questo giro sei il mortale.
words-dreams-game-over = La partita è finita.

words-dreams-end = { $who } { $n ->
    [one] ha raggiunto
   *[other] hanno raggiunto
} { $points } punti nel giro { $round } (D-R8)

## Dreams: a sealed guess
words-guess-seat = ha puntato su { $player } (posto { $seat })
words-guess-image = ha puntato sull’immagine { $image }
words-guess-none = non ha puntato

## The answer to a reply by mail
answer-rematch-proposed = proposta: gli altri giocatori ricevono la domanda per email; comincia quando { $n ->
    [one] l’ha accettata
   *[other] l’hanno accettata tutti
}
answer-rematch-waiting = accettata; si aspetta { $names }
answer-rematch-started = accettata: è cominciata, e la tua email del turno (se tocca a te) sta arrivando
answer-rematch-not-taken = non presa in considerazione: { $problem }
answer-rematch-not-over = non presa in considerazione: la partita non è finita
answer-talk-refused = { $say }: { $problem }
answer-your-words = le tue parole: { $problem }
answer-say-past = { $n ->
    [one] { $n } altra riga { $say } non è stata letta
   *[other] altre { $n } righe { $say } non sono state lette
}: una risposta ne pubblica al massimo { $max }
answer-no-turn = nella tua risposta non c’è un turno, né { $say }, { $legal } o { $board }
answer-not-queued = Non messo in coda: { $problem }
answer-queue-empty = La tua coda è vuota: nessun turno sarà giocato al tuo posto.
answer-position-turns = Turni giocati: { $played }; il prossimo è il turno { $next }.
answer-position-not-running = La partita non è in corso (è finita, o non è ancora cominciata).
answer-position-your-turn = Tocca a te: rispondi a questa email con il tuo turno.
answer-position-waiting = Si aspetta: { $seats }.
answer-position-seat = { $player } (posto { $seat })

## Why a reply's turn, talk or queue was refused
answer-problem-rule_violation = il turno infrange la regola { $rule }
answer-problem-invalid_notation = non riesco a leggere il turno alla parola «{ $word }» (carattere { $offset })
answer-problem-invalid_turn = non è un turno di questa partita
answer-problem-stale_seq = la partita è andata avanti: è al turno { $current }
answer-problem-not_your_turn = non tocca a te
answer-problem-game_over = la partita è finita
answer-problem-resigned = hai abbandonato questa partita: Hermes gioca al tuo posto
answer-problem-game_not_started = la partita comincia quando tutti i posti sono occupati
answer-problem-rate_limited = troppi messaggi in poco tempo: riprova più tardi
answer-problem-other = richiesta rifiutata ({ $detail })

## Come è finita una partita, sulle sue pagine.
words-ended-aborted-by = { $name } (posto { $seat }) ha annullato la partita prima che qualcuno muovesse; nessuno ha vinto.
words-ended-aborted = La partita è stata annullata prima che qualcuno muovesse; nessuno ha vinto.
words-ended-rules = La partita è finita secondo le regole.
words-ended-rules-why = La partita è finita secondo le regole: { $reason }.
words-ended-resigned = { $n ->
    [one] { $names } si è ritirato (da allora Hermes passa per quel posto).
   *[other] { $names } si sono ritirati (da allora Hermes passa per quei posti).
}
words-ended-timed-out = { $n ->
    [one] { $names } è uscito dalla partita allo scadere del suo tempo.
   *[other] { $names } sono usciti dalla partita allo scadere del loro tempo.
}
