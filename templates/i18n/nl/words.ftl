# Wat er in een spel gebeurde, in woorden (zie en/words.ftl).

## Sentences
words-sentence = { $text }.

## Counts
words-crystals = { $n ->
    [one] { $n } kristal
   *[other] { $n } kristallen
}

## Gods: a turn's events
words-end-declared = { $god } heeft het einde van het spel aangekondigd
words-played-on = { $god } speelde door
words-power-gathered = { $god } verzamelde krachten, { $amount }, en heeft er nu { $total }
words-tile-drawn = Nieuw in de etalage: { $tile }
words-tiles-returned = Twee gelijke kaarten ({ $tile }) gingen terug in de zak
words-tribe-placed = { $god } legde een { $tile } op { $at }
words-for = { " " }voor { $amount }
words-worships = ; die hangt { $god } aan
words-temple-placed = { $god } bouwde een tempel op { $at }
words-converting = { " " }en bekeerde { $n ->
    [one] { $n } stam
   *[other] { $n } stammen
}
words-desert-placed = { $god } legde een woestijn op { $at }
words-gaining = { " " }en kreeg { $amount }
words-desert-blown = { $god } blies met een wervelstorm de woestijn van { $from } naar { $to }
words-desert-moved = { $god } verplaatste de woestijn van { $from } naar { $to } voor { $amount }
words-extra-taken = { $god } nam een aanvullende-actiekaart
words-extra-played = { $god } speelde een aanvullende-actiekaart
words-discarded = { $god } legde een kaart af ({ $tile })
words-decay-placed = { $god } legde een vervalkaart op { $at } naast een tempel van { $victim }, die { $lost } verloor; { $god } kreeg { $amount }
words-village-founded = { $god } vestigde een { $colour ->
    [red] rood
    [yellow] geel
    [green] groen
    [blue] blauw
   *[other] ({ $colour })
} volk
words-village-founded-vp = { $god } vestigde een { $colour ->
    [red] rood
    [yellow] geel
    [green] groen
    [blue] blauw
   *[other] ({ $colour })
} volk en nam een zegekaartje
words-village-lost = { $god } verloor het { $colour ->
    [red] rode
    [yellow] gele
    [green] groene
    [blue] blauwe
   *[other] ({ $colour })
} volk
words-actions-forfeited = { $god } had geen toegestane actie meer en verloor { $n ->
    [one] { $n } actie
   *[other] { $n } acties
}
words-game-ended = Het spel is afgelopen: { $reason }

## Gods: why a game ended
words-end-game-end-tile = de speleindekaart werd getrokken
words-end-declared-by = { $god } heeft het einde aangekondigd
words-end-bag-empty = de zak kon de etalage niet meer aanvullen
words-end-pile-empty = de stapel was op

## Turns the service played for a seat
words-by-resign = { $god } heeft opgegeven: Hermes past voor die plaats telkens als die aan de beurt is
words-by-forfeit = { $god } viel af toen de tijd op was: Hermes past voor die plaats
words-by-timeout = De tijd van { $god } was op: Hermes heeft voor die plaats gepast

## Dreams: a round's events
words-dreams-round-dealt = Ronde { $round } begint met vier nieuwe beelden; { $dealer } legt de eerste ster.
words-dreams-star-placed = { $player } legde een { $star } op { $at }.
words-dreams-star-placed-you = Je legde een { $star } op { $at }.
words-dreams-star-passed = { $player } legde deze keer geen ster (de { $star } blijft deze ronde aan de kant).
words-dreams-star-passed-you = Hermes heeft voor je gepast: deze keer geen ster (je { $star } blijft deze ronde aan de kant).
words-dreams-no-guess-you = Hermes heeft voor je gepast: geen gok deze ronde.
words-dreams-you-named-seat = Je gokte op { $player } (plaats { $seat }).
words-dreams-you-named-image = Je gokte op beeld { $image }.
words-dreams-guess-sealed = { $player } heeft een gok verzegeld.
words-dreams-revealed = Alle gokken zijn binnen: ronde { $round } is onthuld (het ware visioen was beeld { $vision }, en { $mortal } was de sterveling).
words-dreams-revealed-you = Alle gokken zijn binnen: ronde { $round } is onthuld (het ware visioen was beeld { $vision }, en jij was de sterveling).
words-dreams-you-god = Je bent deze ronde een god: het ware visioen is beeld { $vision }.
words-dreams-you-mortal = Je bent deze ronde de sterveling.
words-dreams-game-over = Het spel is afgelopen.

words-dreams-end = { $who } { $n ->
    [one] heeft
   *[other] hebben
} { $points } punten gehaald (ronde { $round }, D-R8)

## Dreams: a sealed guess
words-guess-seat = gokte op { $player } (plaats { $seat })
words-guess-image = gokte op beeld { $image }
words-guess-none = gokte niet

## The answer to a reply by mail
answer-rematch-proposed = voorgesteld: de andere spelers krijgen de vraag per e-mail; het begint zodra { $n ->
    [one] die heeft aangenomen
   *[other] iedereen heeft aangenomen
}
answer-rematch-waiting = aangenomen; we wachten op { $names }
answer-rematch-started = aangenomen: het is begonnen, en je beurtmail (als je aan de beurt bent) is onderweg
answer-rematch-not-taken = niet verwerkt: { $problem }
answer-rematch-not-over = niet verwerkt: het spel is nog niet afgelopen
answer-talk-refused = { $say }: { $problem }
answer-your-words = je woorden: { $problem }
answer-say-past = { $n ->
    [one] nog { $n } regel { $say } is niet gelezen
   *[other] nog { $n } regels { $say } zijn niet gelezen
}: één antwoord plaatst er hoogstens { $max }
answer-no-turn = er staat geen beurt, { $say }, { $legal } of { $board } in je antwoord
answer-not-queued = Niet in de wachtrij gezet: { $problem }
answer-queue-empty = Je wachtrij is leeg: er wordt niets voor je gespeeld.
answer-position-turns = Gespeelde beurten: { $played }; de volgende is beurt { $next }.
answer-position-not-running = Het spel loopt niet (het is afgelopen, of nog niet begonnen).
answer-position-your-turn = Je bent aan de beurt: beantwoord deze e-mail met je beurt.
answer-position-waiting = We wachten op: { $seats }.
answer-position-seat = { $player } (plaats { $seat })

## Why a reply's turn, talk or queue was refused
answer-problem-rule_violation = de beurt breekt regel { $rule }
answer-problem-invalid_notation = de beurt is niet te lezen bij het woord ‘{ $word }’ (teken { $offset })
answer-problem-invalid_turn = dit is geen beurt van dit spel
answer-problem-stale_seq = het spel is verder gegaan: het is bij beurt { $current }
answer-problem-not_your_turn = je bent niet aan de beurt
answer-problem-game_over = het spel is afgelopen
answer-problem-resigned = je hebt dit spel opgegeven: Hermes speelt voor je plaats
answer-problem-game_not_started = het spel begint zodra alle plaatsen bezet zijn
answer-problem-rate_limited = te veel berichten in korte tijd: probeer het later opnieuw
answer-problem-other = verzoek geweigerd ({ $detail })

## Hoe een afgelopen partij eindigde, op haar pagina's.
words-ended-aborted-by = { $name } (plaats { $seat }) heeft de partij afgebroken voordat iemand een zet deed; niemand heeft gewonnen.
words-ended-aborted = De partij is afgebroken voordat iemand een zet deed; niemand heeft gewonnen.
words-ended-rules = De partij eindigde zoals de regels een partij beëindigen.
words-ended-rules-why = De partij eindigde zoals de regels een partij beëindigen: { $reason }.
words-ended-resigned = { $n ->
    [one] { $names } gaf op (Hermes paste vanaf toen voor die plaats).
   *[other] { $names } gaven op (Hermes paste vanaf toen voor die plaatsen).
}
words-ended-timed-out = { $n ->
    [one] { $names } viel af toen de tijd om was.
   *[other] { $names } vielen af toen hun tijd om was.
}
