# Ce qui s’est passé dans une partie, en toutes lettres (voir en/words.ftl).

## Sentences
words-sentence = { $text }.

## Counts
words-crystals = { $n ->
    [one] { $n } cristal
   *[other] { $n } cristaux
}

## Gods: a turn's events
words-end-declared = { $god } a déclaré la fin de la partie
words-played-on = { $god } a continué à jouer
words-power-gathered = { $god } a récolté du pouvoir ({ $amount }) et possède maintenant { $total }
words-tile-drawn = Retournée face visible : { $tile }
words-tiles-returned = Deux tuiles identiques ({ $tile }) sont retournées dans le sac
words-tribe-placed = { $god } a placé une { $tile } en { $at }
words-for = { " " }pour { $amount }
words-worships = ; elle adore { $god }
words-temple-placed = { $god } a construit un temple en { $at }
words-converting = , convertissant { $n ->
    [one] { $n } tribu
   *[other] { $n } tribus
}
words-desert-placed = { $god } a placé une friche en { $at }
words-gaining = { " " }et gagne { $amount }
words-desert-blown = { $god } a déplacé la friche de { $from } en { $to } avec une tornade
words-desert-moved = { $god } a déplacé la friche de { $from } en { $to } pour { $amount }
words-extra-taken = { $god } a pris une tuile action supplémentaire
words-extra-played = { $god } a joué une tuile action supplémentaire
words-discarded = { $god } a défaussé une tuile ({ $tile })
words-decay-placed = { $god } a placé une tuile déclin en { $at } à côté d’un temple de { $victim }, qui perd { $lost } ; { $god } gagne { $amount }
words-village-founded = { $god } a fondé une nation { $colour ->
    [red] rouge
    [yellow] jaune
    [green] verte
    [blue] bleue
   *[other] ({ $colour })
}
words-village-founded-vp = { $god } a fondé une nation { $colour ->
    [red] rouge
    [yellow] jaune
    [green] verte
    [blue] bleue
   *[other] ({ $colour })
} et a pris une tuile points de victoire
words-village-lost = { $god } a perdu la nation { $colour ->
    [red] rouge
    [yellow] jaune
    [green] verte
    [blue] bleue
   *[other] ({ $colour })
}
words-actions-forfeited = { $god } n’avait plus aucune action permise et a perdu { $n ->
    [one] { $n } action
   *[other] { $n } actions
}
words-game-ended = La partie est terminée : { $reason }

## Gods: why a game ended
words-end-game-end-tile = la tuile fin de partie a été tirée
words-end-declared-by = { $god } a déclaré la fin
words-end-bag-empty = le sac ne suffisait plus à compléter les tuiles face visible
words-end-pile-empty = la pile est épuisée

## Turns the service played for a seat
words-by-resign = { $god } a abandonné : Hermes passe pour cette place chaque fois qu’elle doit jouer
words-by-forfeit = { $god } a quitté la partie à la fin de son temps : Hermes passe pour cette place
words-by-timeout = Le temps de { $god } est écoulé : Hermes a passé pour cette place

## Dreams: a round's events
words-dreams-round-dealt = La manche { $round } commence avec quatre nouvelles images ; { $dealer } pose la première étoile.
words-dreams-star-placed = { $player } a posé une { $star } en { $at }.
words-dreams-star-placed-you = Vous avez posé une { $star } en { $at }.
words-dreams-star-passed = { $player } n’a posé aucune étoile à ce tour de table (son { $star } est mise de côté pour cette manche).
words-dreams-star-passed-you = Hermes a passé pour vous : aucune étoile à ce tour de table (votre { $star } est mise de côté pour cette manche).
words-dreams-no-guess-you = Hermes a passé pour vous : aucun pari cette manche.
words-dreams-you-named-seat = Vous avez parié sur { $player } (place { $seat }).
words-dreams-you-named-image = Vous avez parié sur l’image { $image }.
words-dreams-guess-sealed = { $player } a scellé son pari.
words-dreams-revealed = Tous les paris sont là : la manche { $round } est révélée (la vraie vision était l’image { $vision }, et { $mortal } était le mortel).
words-dreams-revealed-you = Tous les paris sont là : la manche { $round } est révélée (la vraie vision était l’image { $vision }, et vous étiez le mortel).
words-dreams-you-god = Vous êtes un dieu cette manche : la vraie vision est l’image { $vision }.
words-dreams-you-mortal = Vous êtes le mortel cette manche.
words-dreams-game-over = La partie est terminée.

words-dreams-end = { $who } { $n ->
    [one] a atteint
   *[other] ont atteint
} { $points } points à la manche { $round } (D-R8)

## Dreams: a sealed guess
words-guess-seat = a parié sur { $player } (place { $seat })
words-guess-image = a parié sur l’image { $image }
words-guess-none = n’a pas parié

## The answer to a reply by mail
answer-rematch-proposed = proposée : les autres joueurs sont sollicités par e-mail ; elle commence quand { $n ->
    [one] il a accepté
   *[other] tous ont accepté
}
answer-rematch-waiting = acceptée ; en attente de { $names }
answer-rematch-started = acceptée : elle a commencé, et votre e-mail de tour (si c’est à vous) est en route
answer-rematch-not-taken = non prise en compte : { $problem }
answer-rematch-not-over = non prise en compte : la partie n’est pas terminée
answer-talk-refused = { $say } : { $problem }
answer-your-words = vos mots : { $problem }
answer-say-past = { $n ->
    [one] { $n } ligne { $say } de plus n’a pas été lue
   *[other] { $n } lignes { $say } de plus n’ont pas été lues
} : une réponse en publie au plus { $max }
answer-no-turn = votre réponse ne contient ni tour, ni { $say }, { $legal } ou { $board }
answer-not-queued = Non mis en attente : { $problem }
answer-queue-empty = Votre file est vide : rien ne sera joué pour vous.
answer-position-turns = Tours joués : { $played } ; le prochain est le tour { $next }.
answer-position-not-running = La partie n’est pas en cours (elle est terminée, ou n’a pas commencé).
answer-position-your-turn = C’est à vous : répondez à cet e-mail avec votre tour.
answer-position-waiting = En attente de : { $seats }.
answer-position-seat = { $player } (place { $seat })

## Why a reply's turn, talk or queue was refused
answer-problem-rule_violation = le tour enfreint la règle { $rule }
answer-problem-invalid_notation = impossible de lire le tour au mot « { $word } » (caractère { $offset })
answer-problem-invalid_turn = ce n’est pas un tour de cette partie
answer-problem-stale_seq = la partie a avancé : elle en est au tour { $current }
answer-problem-not_your_turn = ce n’est pas à vous de jouer
answer-problem-game_over = la partie est terminée
answer-problem-resigned = vous avez abandonné cette partie : Hermes joue pour votre place
answer-problem-game_not_started = la partie commence quand toutes les places sont prises
answer-problem-rate_limited = trop de messages en peu de temps : réessayez plus tard
answer-problem-other = demande refusée ({ $detail })

## Comment une partie terminée a fini, sur ses pages.
words-ended-aborted-by = { $name } (place { $seat }) a annulé la partie avant que quiconque ait joué ; personne n’a gagné.
words-ended-aborted = La partie a été annulée avant que quiconque ait joué ; personne n’a gagné.
words-ended-rules = La partie s’est terminée selon les règles.
words-ended-rules-why = La partie s’est terminée selon les règles : { $reason }.
words-ended-resigned = { $n ->
    [one] { $names } a abandonné (Hermes a passé pour cette place depuis).
   *[other] { $names } ont abandonné (Hermes a passé pour ces places depuis).
}
words-ended-timed-out = { $n ->
    [one] { $names } est sorti de la partie quand son temps s’est écoulé.
   *[other] { $names } sont sortis de la partie quand leur temps s’est écoulé.
}
