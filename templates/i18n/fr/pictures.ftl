# Les mots dessinés dans les images : le plateau de Gods et la table de Dreams.

## Le plateau de Gods.

picture-gods-board = Plateau de Gods
picture-god = dieu { $seat }
picture-god-named = dieu { $seat } ({ $name })
picture-and = { $first } et { $second }
picture-game-over-after-turn = Partie terminée après le tour { $turn } — victoire : { $winners }
picture-game-over-won = Partie terminée — victoire : { $winners }
picture-game-over = Partie terminée
picture-turn = Tour { $turn }
picture-turn-god-to-move = Tour { $turn } : au dieu { $seat } ({ $name }) de jouer
picture-god-to-move = Au dieu { $seat } ({ $name }) de jouer
picture-may-end = (peut terminer la partie)
picture-gods = Dieux
picture-display = Tuiles face visible
picture-empty = (aucune)
picture-left-in-pile = { $n ->
    [one] { $n } tuile restante dans la pile
   *[other] { $n } tuiles restantes dans la pile
}
picture-left-in-bag = { $n ->
    [one] { $n } tuile restante dans le sac
   *[other] { $n } tuiles restantes dans le sac
}
picture-key = Légende
picture-key-temple = temple : couleur et numéro de son dieu
picture-key-tribe = tribu (R/Y/G/B) avec le marqueur d'un dieu
picture-key-empty = case vide où poser une tuile : q,r
picture-key-axes = q+1 : une case à l'est (droite) ; r+1 : une case au sud-est
picture-points = { $score } pts
picture-crystals = { $n ->
    [one] { $n } cristal
   *[other] { $n } cristaux
}
picture-temples = { $n ->
    [one] { $n } temple
   *[other] { $n } temples
}
picture-markers = { $n ->
    [one] { $n } marqueur
   *[other] { $n } marqueurs
}
picture-supplies = { $crystals } · réserve : { $temples }, { $markers }
picture-extra = { $n } en plus
picture-villages = nations
picture-vp = PV
picture-none = aucune

## Dreams : la table maintenant, et une manche révélée.

picture-dreams-round = Dreams, manche { $round }
picture-dreams-round-revealed = Dreams, manche { $round } révélée
picture-no-reveal = Aucune manche n'a encore été révélée
picture-card = carte { $n }
picture-seat = place { $seat }
picture-seat-named = { $name } (place { $seat })
picture-round-stars-next = Manche { $round } : étoiles — { $who } pose maintenant
picture-round-stars = Manche { $round } : étoiles
picture-round-guesses = Manche { $round } : paris
picture-round-guesses-waiting = Manche { $round } : paris — on attend { $who }
picture-round = Manche { $round }
picture-image = image { $n }
picture-round-revealed = Manche { $round } révélée — vraie vision : { $vision } ; mortel : { $mortal }
picture-players = Joueurs
picture-places-next = pose maintenant
picture-all-placed = toutes posées
picture-stars-left = reste : { $stars }
picture-guess-sealed = pari scellé
picture-to-guess = doit parier
picture-won = a gagné
picture-stars = Étoiles
picture-star-clear = claire (blanche)
picture-star-grey = grise
picture-star-black = noire
picture-outline = contour : la couleur du joueur
picture-axes = x vers la droite, y vers le bas : 0,0 en haut à gauche
picture-you = Vous
picture-role-god-vision = un dieu : la vraie vision est l'image { $image }
picture-role-god = un dieu
picture-role-mortal = le mortel : quelle image est-ce ?
picture-role-watching = spectateur
picture-you-seat = place { $seat }, { $role }
picture-your-guess = votre pari scellé : { $guess }
picture-no-guess = aucun pari
picture-deck-standard = paquet : standard
picture-deck = paquet : { $deck }
picture-deck-left = { $n ->
    [one] { $n } restante
   *[other] { $n } restantes
}
picture-set-aside = { $n ->
    [one] { $n } mise de côté
   *[other] { $n } mises de côté
}
picture-the-vision = la vraie vision
picture-your-vision = votre vision
picture-guesses-and-points = Paris et points
picture-role-mortal-short = mortel
picture-role-god-short = dieu
picture-named = pari : { $who }
picture-named-image = pari : image { $n }
picture-reveal-note = Anneaux en pointillés : les étoiles du mortel. Or : la vraie vision. Points de la manche → score.
picture-star-kind = { $kind ->
    [clear] claire
    [grey] grise
    [black] noire
   *[other] { $kind }
}

# A card's number in the deck, small, in its corner: $n is 0 to 71.
picture-card-number = nº { $n }
