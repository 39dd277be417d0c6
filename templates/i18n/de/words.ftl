# Was in einem Spiel geschah, in Worten (siehe en/words.ftl).

## Sentences
words-sentence = { $text }.

## Counts
words-crystals = { $n ->
    [one] { $n } Kristall
   *[other] { $n } Kristalle
}

## Gods: a turn's events
words-end-declared = { $god } erklärte das Ende des Spiels
words-played-on = { $god } spielte weiter
words-power-gathered = { $god } sammelte Kraft ({ $amount }) und hat jetzt { $total }
words-tile-drawn = Neu in der Auslage: { $tile }
words-tiles-returned = Zwei gleiche Plättchen ({ $tile }) kamen zurück in den Beutel
words-tribe-placed = { $god } legte einen { $colour ->
    [red] roten
    [yellow] gelben
    [green] grünen
    [blue] blauen
   *[other] ({ $colour })
} Stamm auf { $at }
words-for = , für { $amount }
words-worships = ; er betet { $god } an
words-temple-placed = { $god } baute einen Tempel auf { $at }
words-converting = { " " }und bekehrte { $n ->
    [one] { $n } Stamm
   *[other] { $n } Stämme
}
words-desert-placed = { $god } legte eine Wüste auf { $at }
words-gaining = { " " }und erhielt { $amount }
words-desert-blown = { $god } wehte mit einem Wirbelsturm die Wüste von { $from } nach { $to }
words-desert-moved = { $god } versetzte die Wüste von { $from } nach { $to } für { $amount }
words-extra-taken = { $god } nahm ein Zusatzaktion-Plättchen
words-extra-played = { $god } spielte ein Zusatzaktion-Plättchen
words-discarded = { $god } warf ein Plättchen ab ({ $tile })
words-decay-placed = { $god } legte ein Verfall-Plättchen auf { $at } neben einen Tempel von { $victim }, der { $lost } verlor; { $god } erhielt { $amount }
words-village-founded = { $god } gründete ein { $colour ->
    [red] rotes
    [yellow] gelbes
    [green] grünes
    [blue] blaues
   *[other] ({ $colour })
} Volk
words-village-founded-vp = { $god } gründete ein { $colour ->
    [red] rotes
    [yellow] gelbes
    [green] grünes
    [blue] blaues
   *[other] ({ $colour })
} Volk und nahm ein Siegpunkt-Plättchen
words-village-lost = { $god } verlor das { $colour ->
    [red] rote
    [yellow] gelbe
    [green] grüne
    [blue] blaue
   *[other] ({ $colour })
} Volk
words-actions-forfeited = { $god } hatte keine erlaubte Aktion mehr: { $n ->
    [one] { $n } Aktion verfiel
   *[other] { $n } Aktionen verfielen
}
words-game-ended = Das Spiel ist zu Ende: { $reason }

## Gods: why a game ended
words-end-game-end-tile = das Spielende-Plättchen wurde aufgedeckt
words-end-declared-by = { $god } erklärte das Ende
words-end-bag-empty = der Beutel konnte die Auslage nicht mehr auffüllen
words-end-pile-empty = der Stapel war aufgebraucht

## Turns the service played for a seat
words-by-resign = { $god } hat aufgegeben: Hermes passt für diesen Platz, wann immer er dran ist
words-by-forfeit = { $god } ist ausgeschieden, als die Zeit ablief: Hermes passt für diesen Platz
words-by-timeout = Die Zeit von { $god } ist abgelaufen: Hermes hat für diesen Platz gepasst

## Dreams: a round's events
words-dreams-round-dealt = Runde { $round } beginnt mit vier neuen Bildern; { $dealer } legt den ersten Stern.
words-dreams-star-placed = { $player } legte einen { $kind ->
    [clear] klaren
    [grey] grauen
    [black] schwarzen
   *[other] ({ $kind })
} Stern auf { $at }.
words-dreams-star-placed-you = Du hast einen { $kind ->
    [clear] klaren
    [grey] grauen
    [black] schwarzen
   *[other] ({ $kind })
} Stern auf { $at } gelegt.
words-dreams-star-passed = { $player } hat diesmal keinen Stern gelegt (der { $kind ->
    [clear] klare
    [grey] graue
    [black] schwarze
   *[other] ({ $kind })
} Stern bleibt in dieser Runde beiseite).
words-dreams-star-passed-you = Hermes hat für dich gepasst: diesmal kein Stern (dein { $star } bleibt in dieser Runde beiseite).
words-dreams-no-guess-you = Hermes hat für dich gepasst: kein Tipp in dieser Runde.
words-dreams-you-named-seat = Du hast auf { $player } (Platz { $seat }) getippt.
words-dreams-you-named-image = Du hast auf Bild { $image } getippt.
words-dreams-guess-sealed = { $player } hat einen Tipp versiegelt.
words-dreams-revealed = Alle Tipps sind da: Runde { $round } ist aufgedeckt (die wahre Vision war Bild { $vision }, und { $mortal } war der Sterbliche).
words-dreams-revealed-you = Alle Tipps sind da: Runde { $round } ist aufgedeckt (die wahre Vision war Bild { $vision }, und du warst der Sterbliche).
words-dreams-you-god = Du bist in dieser Runde ein Gott: Die wahre Vision ist Bild { $vision }.
words-dreams-you-mortal = Du bist in dieser Runde der Sterbliche.
words-dreams-game-over = Das Spiel ist zu Ende.

words-dreams-end = { $who } { $n ->
    [one] hat
   *[other] haben
} { $points } Punkte erreicht (Runde { $round }, D-R8)

## Dreams: a sealed guess
words-guess-seat = tippte auf { $player } (Platz { $seat })
words-guess-image = tippte auf Bild { $image }
words-guess-none = gab keinen Tipp ab

## The answer to a reply by mail
answer-rematch-proposed = vorgeschlagen: die anderen Spieler werden per E-Mail gefragt; die Revanche beginnt, sobald { $n ->
    [one] er zugestimmt hat
   *[other] alle zugestimmt haben
}
answer-rematch-waiting = angenommen; es fehlt noch { $names }
answer-rematch-started = angenommen: die Revanche hat begonnen, und deine Zug-Mail (falls du dran bist) ist unterwegs
answer-rematch-not-taken = nicht angenommen: { $problem }
answer-rematch-not-over = nicht angenommen: das Spiel ist nicht zu Ende
answer-talk-refused = { $say }: { $problem }
answer-your-words = deine Worte: { $problem }
answer-say-past = { $n ->
    [one] { $n } weitere Zeile { $say } wurde nicht gelesen
   *[other] { $n } weitere Zeilen { $say } wurden nicht gelesen
}: eine Antwort veröffentlicht höchstens { $max }
answer-no-turn = in deiner Antwort steht kein Zug, kein { $say }, { $legal } oder { $board }
answer-not-queued = Nicht vorgemerkt: { $problem }
answer-queue-empty = Deine Warteschlange ist leer: für dich wird nichts gespielt.
answer-position-turns = Gespielte Züge: { $played }; als Nächstes kommt Zug { $next }.
answer-position-not-running = Das Spiel läuft nicht (es ist zu Ende oder hat noch nicht begonnen).
answer-position-your-turn = Du bist dran: antworte auf diese Mail mit deinem Zug.
answer-position-waiting = Es fehlt noch: { $seats }.
answer-position-seat = { $player } (Platz { $seat })

## Why a reply's turn, talk or queue was refused
answer-problem-rule_violation = der Zug verstößt gegen Regel { $rule }
answer-problem-invalid_notation = der Zug ist beim Wort „{ $word }“ nicht lesbar (Zeichen { $offset })
answer-problem-invalid_turn = das ist kein Zug dieses Spiels
answer-problem-stale_seq = das Spiel ist weitergegangen: es steht bei Zug { $current }
answer-problem-not_your_turn = du bist nicht dran
answer-problem-game_over = das Spiel ist zu Ende
answer-problem-resigned = du hast dieses Spiel aufgegeben: Hermes spielt für deinen Platz
answer-problem-game_not_started = das Spiel beginnt, sobald alle Plätze besetzt sind
answer-problem-rate_limited = zu viele Nachrichten in kurzer Zeit: versuche es später noch einmal
answer-problem-other = Anfrage abgelehnt ({ $detail })

## Wie eine beendete Partie endete, auf ihren Seiten.
words-ended-aborted-by = { $name } (Platz { $seat }) hat die Partie abgebrochen, bevor jemand gezogen hatte; niemand hat gewonnen.
words-ended-aborted = Die Partie wurde abgebrochen, bevor jemand gezogen hatte; niemand hat gewonnen.
words-ended-rules = Die Partie endete, wie die Regeln eine Partie beenden.
words-ended-rules-why = Die Partie endete, wie die Regeln eine Partie beenden: { $reason }.
words-ended-resigned = { $n ->
    [one] { $names } hat aufgegeben (Hermes hat von da an für diesen Platz gepasst).
   *[other] { $names } haben aufgegeben (Hermes hat von da an für diese Plätze gepasst).
}
words-ended-timed-out = { $n ->
    [one] { $names } ist ausgeschieden, als die Zeit abgelaufen war.
   *[other] { $names } sind ausgeschieden, als ihre Zeit abgelaufen war.
}
