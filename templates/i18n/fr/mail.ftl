# Courrier : objets, corps et cadre commun. On vouvoie le lecteur, comme les règles.

## Le cadre

mail-hello-name = Bonjour { $name },
mail-hello = Bonjour,
mail-footer = Hermes : des jeux de société par e-mail, un tour à la fois.
mail-unsubscribe-text = Pour ne plus recevoir d’e-mails de Hermes, ouvrez ce lien :
mail-unsubscribe-link = Désabonnez-vous
mail-unsubscribe-html = { $link } pour ne plus recevoir d’e-mails de Hermes.

## Lignes communes

mail-open-turn = Ouvrir votre tour
mail-open-game = Ouvrir la partie
mail-the-game = La partie :
mail-whole-game = Toute la partie
mail-copy-link = Ou copiez ce lien dans votre navigateur : { $url }
mail-your-deadline = Votre date limite : { $deadline }.
mail-turn-number = Tour { $turn }

## welcome

mail-welcome-subject = Bienvenue sur Hermes : confirmez votre adresse
mail-welcome-intro = Bienvenue sur Hermes, où l’on joue à des jeux de société par e-mail, un tour à la fois.
mail-welcome-confirm = Confirmez que cette adresse est bien la vôtre en ouvrant ce lien (il est valable { $valid_for }) :
mail-welcome-button = Confirmer mon adresse
mail-welcome-not-you = Si vous ne vous êtes pas inscrit, ignorez cet e-mail.

## register_attempt

mail-register-attempt-subject = Quelqu’un a tenté de s’inscrire sur Hermes avec votre adresse
mail-register-attempt-intro = Quelqu’un, peut-être vous, vient d’essayer de créer un compte Hermes avec cette adresse. Cette adresse a déjà un compte : rien n’a été créé ni modifié.
mail-register-attempt-you = Si c’était vous : connectez-vous plutôt avec votre mot de passe.
mail-register-attempt-not-you = Si ce n’était pas vous : vous n’avez rien à faire. Votre compte et son mot de passe restent tels quels. (Cet avis est envoyé au plus une fois par jour.)

## password_reset

mail-password-reset-subject = Choisissez un nouveau mot de passe Hermes
mail-password-reset-intro = Quelqu’un, peut-être vous, a demandé un nouveau mot de passe pour le compte Hermes de cette adresse.
mail-password-reset-choose = Pour le choisir, ouvrez ce lien (il ne sert qu’une fois et reste valable { $valid_for }) :
mail-password-reset-button = Choisir un nouveau mot de passe
mail-password-reset-not-you = Si ce n’était pas vous : vous n’avez rien à faire. Votre mot de passe reste le même.

## invitation

mail-invitation-subject-from = « { $inviter } » vous invite à jouer à { $kind } : { $game }
mail-invitation-subject = Une invitation à jouer à { $kind } sur Hermes : { $game }
mail-invitation-title = Une invitation à { $game }
mail-invitation-intro = { $inviter } vous invite à une partie de { $kind } : { $game }.
mail-invitation-intro-stranger = Un joueur de Hermes qui se fait appeler « { $inviter } » vous invite à une partie de { $kind } : { $game }.
mail-invitation-seats = Places : { $seats }.
mail-invitation-joined = Ont déjà rejoint : { $players }.
mail-invitation-nobody = Personne n’a encore rejoint la partie.
mail-invitation-turn-time = Chaque tour peut durer jusqu’à { $time } ; vous recevez un e-mail quand c’est à vous.
mail-invitation-join = Rejoindre la partie :
mail-invitation-join-button = Rejoindre la partie

## game_deleted

mail-game-deleted-subject = La partie { $game } a été supprimée avant de commencer
mail-game-deleted-intro = { $creator }, qui avait créé { $game } (une partie de { $kind }), l’a supprimée avant que toutes les places soient prises. Votre place a disparu ; rien n’a été joué.
mail-game-deleted-others = D’autres parties attendent des joueurs, ou créez la vôtre :
mail-game-deleted-button = Trouver une autre partie

## your_turn (Gods)

mail-your-turn-subject = À vous de jouer dans { $game } (tour { $turn })
mail-your-turn-intro = C’est à vous de jouer dans { $game } (tour { $turn }). Sur le plateau, vous êtes le dieu { $seat }.
mail-your-turn-board-attached = Le plateau est joint : board.png.
mail-your-turn-board-alt = Le plateau de { $game }
mail-your-turn-since = Depuis votre dernier tour
mail-your-turn-played = { $god } (dieu { $seat }) a joué
mail-your-turn-played-for = pour { $god } (dieu { $seat }), Hermes a joué
mail-your-turn-nobody = Personne n’a joué depuis votre dernier tour.
mail-your-turn-position = Votre situation
mail-your-turn-crystals = Vos cristaux : { $crystals }.
mail-your-turn-extra-actions = Tuiles action supplémentaire en votre possession : { $extra }.
mail-your-turn-display = { $tiles ->
    [one] Les tuiles face visible (encore { $tiles } tuile à tirer)
   *[other] Les tuiles face visible (encore { $tiles } tuiles à tirer)
}
mail-your-turn-display-empty = { $tiles ->
    [one] Aucune tuile face visible (encore { $tiles } tuile à tirer).
   *[other] Aucune tuile face visible (encore { $tiles } tuiles à tirer).
}
mail-your-turn-may-end = Vous pouvez terminer la partie maintenant : jouez { $end } pour la finir, ou { $continue } pour continuer (vous récoltez du pouvoir et les tuiles face visible sont complétées quand vous continuez).

## Les tours en attente annulés

mail-queue-dropped = Vos tours en attente ont été annulés : le premier, { $notation }, n’est plus légal{ $rule } : { $message } { $count ->
    [one] Le tour en attente a été retiré ; jouez ce tour vous-même.
   *[other] Les { $count } tours en attente ont été retirés ; jouez ce tour vous-même.
}

## La discussion à la table

mail-talk-at-table-earlier = { $count ->
    [one] À la table ({ $count } message plus ancien sur la page de la partie)
   *[other] À la table ({ $count } messages plus anciens sur la page de la partie)
}
mail-talk-at-table = À la table
mail-talk-earlier = { $count ->
    [one] { $count } message plus ancien sur la page de la partie
   *[other] { $count } messages plus anciens sur la page de la partie
}
mail-talk-answer = Pour répondre, répondez à cet e-mail avec une ligne { $say }.

## reminder

mail-reminder-subject = Rappel : votre tour dans { $game } se termine dans { $left }
mail-reminder-intro = Votre tour dans { $game } est toujours ouvert. Votre date limite est { $deadline }, dans { $left }.
mail-reminder-policy-auto_pass = Si vous n’avez pas joué d’ici là, le service passe pour vous (dans Gods il défausse et ne dépense rien ; dans Dreams vous ne posez pas d’étoile cette fois-ci, ou ne pariez pas).
mail-reminder-policy-forfeit = Si vous n’avez pas joué d’ici là, vous quittez la partie.
mail-reminder-policy-stand_in = Si vous n’avez pas joué d’ici là, un robot remplaçant joue pour vous jusqu’à votre retour.
mail-reminder-policy-wait = La partie vous attend, et les autres joueurs aussi.

## timeout

mail-timeout-subject-you = Votre temps est écoulé dans { $game }
mail-timeout-subject = Le temps de { $god } est écoulé dans { $game }
mail-timeout-passed-you = Votre date limite dans { $game } est passée.
mail-timeout-passed = La date limite de { $god } dans { $game } est passée.
mail-timeout-auto-pass-you = Comme le prévoient les règles de la partie en cas de dépassement, le service a joué pour vous le plus petit tour légal :
mail-timeout-auto-pass-other = Comme le prévoient les règles de la partie en cas de dépassement, le service a joué pour { $god } le plus petit tour légal :
mail-timeout-forfeit-you = Comme le prévoient les règles de la partie en cas de dépassement, vous avez quitté la partie.
mail-timeout-forfeit-other = Comme le prévoient les règles de la partie en cas de dépassement, { $god } a quitté la partie.
mail-timeout-stand-in-you = Comme le prévoient les règles de la partie en cas de dépassement, un robot remplaçant joue désormais pour vous jusqu’à votre retour.
mail-timeout-stand-in-other = Comme le prévoient les règles de la partie en cas de dépassement, un robot remplaçant joue désormais pour { $god } jusqu’à son retour.
mail-timeout-take-back = Pour reprendre votre place, jouez votre tour quand il arrive, ou cliquez sur « reprendre ma place » sur la page de la partie.
mail-timeout-wait-you = La partie vous attend : rien n’a été joué.
mail-timeout-wait-other = La partie attend { $god } : rien n’a été joué.

## stand_in

mail-stand-in-subject = Un remplaçant joue pour { $god } dans { $game }
mail-stand-in-back-subject = { $god } est de retour dans { $game }
mail-stand-in-started = La date limite de { $god } dans { $game } est passée. Comme le prévoient les règles de la partie en cas de dépassement, un remplaçant ({ $level }) joue désormais pour { $god } jusqu’à son retour.
mail-stand-in-back = { $god } a repris sa place au remplaçant dans { $game } : il joue de nouveau lui-même.
bot-level = { $level ->
    [random] un robot qui joue au hasard
    [greedy] un robot glouton
   *[other] un robot de niveau { $level }
}

## game_over

mail-game-over-subject = Partie terminée : { $game }
mail-game-over-intro = La partie { $game } est terminée : { $reason }.
mail-game-over-winner = Le vainqueur est { $winner }.
mail-game-over-shared = La victoire est partagée entre { $winners } et { $last }.
mail-game-over-nobody = Personne n’a gagné.
mail-game-over-scores = Scores finaux :
mail-game-over-winner-mark = , vainqueur
mail-game-over-column-god = Dieu
mail-game-over-column-seat = Joueur
mail-game-over-column-score = Score
mail-game-over-last-round = La dernière manche :
mail-game-over-last-round-picture = La dernière manche (son image est dans l’e-mail) :
mail-game-over-last-round-title = La dernière manche
mail-game-over-last-round-alt = La dernière manche de { $game }, révélée
mail-game-over-final-board = Le plateau final
mail-game-over-final-board-alt = Le plateau final de { $game }
mail-game-over-seed = La graine de la partie était secrète jusqu’ici.
mail-game-over-seed-check = Avec le journal des tours, elle rejoue toute la partie : vous pouvez vérifier chaque tirage par rapport à l’engagement affiché au début.
mail-game-over-replay = Revoir la partie
mail-game-over-play-again = Rejouer
mail-game-over-rematch-text = Rejouer : la même table, le même jeu, les mêmes options. Répondez « revanche » à cet e-mail, ou ouvrez la partie et cliquez sur Revanche ; elle commence dès que tous les joueurs ont accepté :
mail-game-over-rematch-html = La même table, le même jeu, les mêmes options : un clic propose une revanche, qui commence dès que tous les joueurs ont accepté. Répondez { $rematch } à cet e-mail, ou ouvrez la partie.
mail-rematch-button = Revanche

seat-label-god = dieu { $n }
seat-label-seat = place { $n }

## digest

mail-digest-subject = { $games ->
    [one] { $games } partie vous attend
   *[other] { $games } parties vous attendent
} ({ $date })
mail-digest-title = Votre résumé du { $date }
mail-digest-intro = Votre résumé du { $date } : { $games ->
    [one] { $games } partie attend
   *[other] { $games } parties attendent
} votre tour.
mail-digest-deadline = date limite : { $deadline }
mail-digest-policy-auto_pass = ensuite le service joue pour vous le plus petit tour légal
mail-digest-policy-forfeit = ensuite vous quittez la partie
mail-digest-policy-stand_in = ensuite un robot remplaçant joue pour vous jusqu’à votre retour
mail-digest-policy-wait = ensuite la partie vous attend
mail-digest-when = Vous recevez un e-mail par jour à 08:00 dans votre fuseau horaire, et seulement quand une partie vous attend. Vous pouvez modifier ce réglage dans vos préférences.

## Dreams

mail-dreams-stars-subject = À vous de jouer dans { $game } : posez une étoile (manche { $round })
mail-dreams-stars-intro = C’est à vous de jouer dans { $game }, manche { $round } : posez une de vos étoiles sur le firmament. Vous êtes à la place { $seat } ; { $dealer } distribue cette manche.
mail-dreams-table-attached = La table est jointe : board.png.
mail-dreams-stars-unplaced = Vos étoiles encore à poser : { $stars }.
mail-dreams-stars-answer = Pour répondre, envoyez l’étoile et le point, par exemple :
mail-dreams-stars-pass = Ou envoyez { $pass } pour ne poser aucune étoile cette fois-ci.
mail-dreams-guess-subject = À vous de jouer dans { $game } : l’heure de parier (manche { $round })
mail-dreams-guess-intro = Toutes les étoiles sont posées dans { $game }, manche { $round } : c’est l’heure de parier.
mail-dreams-guess-god = Désignez le mortel : la place qui, selon vous, ne connaît pas la vraie vision.
mail-dreams-guess-mortal = Désignez la vraie vision : l’image que les dieux ont vue, selon vous.
mail-dreams-guess-sealed = Toutes les places parient en même temps ; un pari est scellé et personne ne le voit avant que tous soient arrivés. Vous êtes à la place { $seat }.
mail-dreams-guess-answer = Pour répondre, envoyez votre pari, par exemple :
mail-dreams-guess-pass-god = (n’importe quelle place sauf la vôtre), ou { $pass } pour ne pas parier.
mail-dreams-guess-pass-mortal = (de { $first } à { $last }), ou { $pass } pour ne pas parier.
mail-dreams-you-god = Vous êtes un dieu pendant cette manche : la vraie vision est { $image }.
mail-dreams-image = l’image { $n }
mail-dreams-you-mortal = Vous êtes le mortel pendant cette manche : vous ne savez pas quelle image est la vraie vision.
mail-dreams-firmament-alt = Le firmament de { $game }
mail-dreams-images = Les images
mail-dreams-stars-on = Les étoiles sur le firmament (x,y de 0,0 en haut à gauche à 100,100 en bas à droite)
mail-dreams-star-line = { $player } (place { $seat }) : { $kind } en { $at }
mail-dreams-no-star = Aucune étoile sur le firmament pour l’instant (x,y de 0,0 en haut à gauche à 100,100 en bas à droite).
mail-dreams-scores = Scores
mail-dreams-you-mark = , vous
star-kind = { $kind ->
    [clear] étoile claire
    [grey] étoile grise
    [black] étoile noire
   *[other] étoile { $kind }
}
mail-dreams-reveal-subject = Manche { $round } révélée dans { $game } : { $mortal } était le mortel
mail-dreams-reveal-intro = Tous les paris sont arrivés : { $game } révèle sa manche.
mail-dreams-reveal-attached = L’image de la manche est jointe : reveal.png.
mail-dreams-reveal-alt = La manche { $round } de { $game }, révélée
mail-dreams-reveal-next = { $dealer } pose la première étoile de la manche suivante.
mail-dreams-revealed = Manche { $round } révélée : la vraie vision était { $image } ({ $title }), et { $mortal } (place { $mortal_seat }) était le mortel.
mail-dreams-revealed-seat-mortal = { $player } (place { $seat }), le mortel : { $guess }
mail-dreams-revealed-seat-god = { $player } (place { $seat }), un dieu : { $guess }
mail-dreams-right-mark = , juste
mail-dreams-right = (juste)
mail-dreams-revealed-points = { $points ->
    [one] { $points } point cette manche
   *[other] { $points } points cette manche
}, { $score } en tout.
mail-dreams-column-role = Rôle
mail-dreams-column-guess = Pari
mail-dreams-column-points = Points de la manche
mail-dreams-role-mortal = mortel
mail-dreams-role-god = dieu
mail-dreams-seals = Les sceaux, pour vérifier qu’aucun pari n’a changé après avoir été scellé : chaque engagement est le SHA-256 de { $formula } (docs/replay.md).

## reply_answer

mail-reply-played-turn = Votre tour (tour { $turn }) dans { $game } est joué :
mail-reply-played = Votre tour dans { $game } est joué :
mail-reply-happened = Ce qui s’est passé
mail-reply-moved-on = Rien n’a été joué : la partie { $game } a avancé depuis l’e-mail auquel vous avez répondu.
mail-reply-refused = Rien n’a été joué dans { $game }. Le problème :
mail-reply-noted = Votre réponse au sujet de { $game } a bien été lue.
mail-reply-said = Vous avez dit à la table
mail-reply-not-posted = Non publié à la table
mail-reply-queue = Vos tours mis en attente
mail-reply-rematch = Revanche
mail-reply-position = Où en est la partie
mail-reply-legal = Les premières étapes permises
mail-reply-board = Le plateau est joint : board.png.

## talk

mail-talk-subject = On discute à la table de { $game }
mail-talk-intro = On discute à la table de { $game }.
mail-talk-how = Vous recevez la discussion par e-mail dès qu’elle est écrite (au plus un e-mail par partie toutes les quelques minutes) : vous pouvez modifier ce réglage dans vos préférences.

## rematch

mail-rematch-subject = { $proposer } propose une revanche de { $game }
mail-rematch-intro = { $proposer } propose de rejouer { $game } : la même table, une nouvelle partie de { $kind } avec les mêmes options. Elle commence dès que tous les joueurs ont accepté ; personne n’a besoin d’être en ligne en même temps.
mail-rematch-accepted = Ont accepté : { $players }.
mail-rematch-waiting = En attente de : { $players }.
mail-rematch-how-text = Pour accepter, répondez { $rematch } à cet e-mail, ou ouvrez la partie et cliquez sur Revanche :
mail-rematch-accept-button = Accepter la revanche
mail-rematch-or-reply = Ou répondez { $rematch } à cet e-mail.

## Répondre par e-mail

reply-hint-turn = Répondez à cet e-mail avec votre tour, par exemple { $example } (ou { $legal } pour vos coups possibles, { $board } pour le plateau, { $say } pour parler à la table).
reply-hint-answer = Répondez à cet e-mail pour jouer, parler ({ $say }) ou demander ({ $legal }, { $board }).
reply-hint-rematch = Répondez { $rematch } à cet e-mail pour rejouer avec la même table.
reply-hint-talk = Répondez à cet e-mail pour parler à la table : une ligne { $say } (ou, quand ce n’est pas votre tour, simplement vos mots).
