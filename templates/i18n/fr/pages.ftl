## Les pages web : la mise en page et les mots de chaque page (vouvoiement).

## La mise en page

page-tagline = { $hermes }, le messager des dieux
page-nav-rules = Règles
page-rules-gods = Règles de Gods
page-rules-dreams = Règles de Dreams
page-notation = Notation
page-nav-account = Compte
page-log-out = Se déconnecter
page-log-in = Se connecter
page-sign-up = S’inscrire
page-languages = Langues

## Ne plus recevoir de mails

page-unsub-title = Ne plus recevoir de mails
page-unsub-heading = Ne plus recevoir de mails d’Hermes ?
page-unsub-already = Les mails à { $email } sont déjà arrêtés. Vous pouvez renvoyer le formulaire ; cela ne change rien.
page-unsub-sends = Hermes envoie à { $email } des mails sur vos parties.
page-unsub-button = Arrêter les mails à { $email }
page-unsub-again = Vous pouvez recevoir à nouveau les mails de jeu à tout moment dans vos { $preferences } (ou avec { $api }).
page-your-preferences = préférences
page-unsubscribed-title = Mails arrêtés
page-unsubscribed-done = Hermes n’enverra plus de mails de jeu à { $email }.
page-unsubscribed-again = Pour les recevoir à nouveau, choisissez-les dans vos { $preferences } (connectez-vous d’abord si besoin), ou réglez { $field } avec { $api }.

## Adresse confirmée

page-verified-title = Adresse confirmée
page-verified-done = Merci, { $name } : { $email } est confirmée comme votre adresse.

## Un lien pour rejoindre

page-join-title = Rejoindre une partie de { $kind }
page-join-heading = Une partie de { $kind }
page-join-created-by = Créée par
page-join-seats = Places
page-join-players = Joueurs inscrits
page-join-no-players = aucun
page-join-status = État
page-join-seated = Vous avez une place dans cette partie.
page-join-open-game = Ouvrir la partie
page-join-take-seat = Prendre une place
page-join-sign-up-first = Pour prendre une place, { $signup } (cela prend une minute) ou { $login } ; vous revenez ensuite ici.
page-join-sign-up-link = inscrivez-vous
page-join-log-in-link = connectez-vous
page-join-how-it-starts = La partie commence quand toutes les places sont prises. Quand c’est votre tour, Hermes vous envoie par mail un lien vers votre tour.
page-join-api = Rejoindre par l’API
page-join-api-how = Connectez-vous ({ $login }) pour obtenir un jeton d’accès, puis prenez une place avec le code de cette partie :
page-join-started = Cette partie a commencé : toutes les places sont prises.
page-join-status-open = en attente de joueurs
page-join-status-running = en cours

## Connexion, inscription, mot de passe oublié

page-email = E-mail
page-password = Mot de passe
page-forgot-link = Mot de passe oublié ?
page-no-account = Pas encore de compte ? { $signup }
page-have-account = Déjà un compte ? { $login }
page-signup-intro = Hermes fait jouer des jeux de société par e-mail, un tour à la fois. Un compte demande une adresse où l’on peut vous joindre : nous y envoyons un lien pour la confirmer.
page-signup-name = Votre nom, tel que les autres joueurs le voient
page-password-min = Mot de passe (au moins { $n } caractères)
page-signup-zone = Votre fuseau horaire (les échéances y sont affichées)
page-mail-language = Langue de vos mails
page-signup-later = Vous pourrez les changer plus tard dans vos préférences.
page-signed-up-title = Consultez vos mails
page-signed-up-sent = Nous avons envoyé un mail à { $email }. Si l’adresse est nouvelle pour Hermes, le mail contient un lien qui la confirme ; si elle a déjà un compte, le mail le dit et rien n’a changé.
page-signed-up-log-in-now = Vous pouvez vous connecter dès maintenant, avant de confirmer :
page-forgot-title = Mot de passe oublié
page-forgot-sent = Si un compte a l’adresse { $email }, un mail avec un lien pour choisir un nouveau mot de passe est en route. Le lien sert une fois, pendant une heure.
page-forgot-intro = Indiquez l’adresse de votre compte ; nous y envoyons un lien pour choisir un nouveau mot de passe.
page-forgot-button = M’envoyer un lien
page-reset-title = Choisir un nouveau mot de passe
page-reset-for = Pour le compte de { $email }. Le choisir déconnecte ce compte partout.
page-reset-new = Nouveau mot de passe (au moins { $n } caractères)
page-reset-again = Confirmez le nouveau mot de passe
page-reset-button = Enregistrer le mot de passe
page-reset-done-title = Mot de passe enregistré
page-reset-done = Le compte de { $email } a son nouveau mot de passe, et chaque navigateur qui y était connecté est déconnecté.

## Bienvenue

page-welcome-title = Bienvenue
page-welcome-heading = Des jeux de société par e-mail, un tour à la fois
page-welcome-intro = Hermes garde le plateau, les tours et l’horloge. Quand c’est votre tour, il vous envoie le plateau et un lien ; vous jouez depuis la page ou en répondant au mail. Deux jeux : { $gods } (2 à 4 joueurs, un plateau de cases et de temples) et { $dreams } (3 à 6 joueurs, un mortel parmi des dieux qui devinent la vraie vision).
page-welcome-invited = Invité à une partie ? Ouvrez le lien de votre invitation : il vous permet de vous inscrire et de prendre votre place.

## Préférences

page-prefs-title = Préférences
page-prefs-for = Pour { $email }.
page-prefs-mail = Mails de jeu
page-prefs-mail-bot = Mails de jeu (aucun pour un bot : il suit son flux d’événements)
page-prefs-every-turn = Un mail à chacun de mes tours
page-prefs-digest = Un mail par jour avec les parties qui m’attendent
page-prefs-none = Aucun mail de jeu (désabonné)
page-talk = Discussion à la table
page-prefs-talk-with-turn = Dans mon prochain mail de tour
page-prefs-talk-at-once = Aussi par mail dès que c’est écrit (au plus un mail par partie toutes les quelques minutes ; répondez au mail pour répondre)
page-prefs-zone = Fuseau horaire (les échéances y sont affichées)
page-prefs-save = Enregistrer
page-prefs-bot-heading = Compte bot
page-prefs-bot-account = compte bot
page-prefs-bot-is = Ceci est un { $bot } : un programme le joue par l’API avec son jeton { $token }, en suivant son flux d’événements. Il ne reçoit aucun mail de jeu, les pages ne jouent rien pour lui, et ses places affichent « (bot) » à côté de son nom.
page-prefs-bot-may = Un de vos programmes peut jouer comme { $bot } par l’API, avec un jeton qui ne fait que jouer et lire. Ce choix est définitif, et possible seulement avant d’avoir pris une place dans une partie ; ses places affichent alors « (bot) » à côté de son nom.
page-prefs-bot-button = Faire de ce compte un compte bot
page-your-games = Vos parties

## Vacances

page-vacation-title = Vacances
page-vacation-intro = Pendant vos vacances, les horloges de toutes vos parties s’arrêtent : chacune de vos échéances est repoussée du temps de votre absence. Vous avez { $days } jours par an ; il vous en reste { $left } cette année.
page-vacation-until = Vous êtes en vacances jusqu’au { $until }.
page-vacation-end-now = Finir les vacances maintenant
page-vacation-move-to = Reporter la fin au (début de ce jour, { $zone })
page-vacation-away-until = Absent jusqu’au (début de ce jour, { $zone })
page-vacation-move = Reporter la fin
page-vacation-start = Commencer les vacances

## Quitter une partie

page-leave-resign-q = Abandonner { $game } ?
page-leave-abort-q = Annuler { $game } ?
page-leave-delete-q = Supprimer { $game } ?
page-leave-final = C’est irréversible.
page-leave-back = Non, revenir
page-leave-heading = Quitter cette partie
page-leave-abort = Annuler la partie
page-leave-abort-note = Personne n’a encore joué : la partie se termine et personne ne gagne.
page-leave-resign = Abandonner
page-leave-resign-note = Vous quittez la partie et Hermes passe pour votre place ; une page vous demande d’abord de confirmer.

## Le salon (vos parties)

page-lobby-your-turn-n = À vous ({ $n })
page-lobby-seats = { $n ->
    [one] { $n } place
   *[other] { $n } places
}
page-lobby-by = avant le { $deadline }
page-lobby-joined = Inscrits : { $players }
page-lobby-no-players = encore aucun joueur
page-lobby-invited-not-joined = Invités, pas encore inscrits : { $addresses }
page-lobby-watched-by = spectateurs : { $who }
page-lobby-watchers-players = les joueurs seulement
page-lobby-watchers-invited = les joueurs et les spectateurs invités
page-lobby-watchers-signed-in = toute personne connectée
page-lobby-status-open = en attente de joueurs ({ $n } sur { $of })
page-lobby-status-over = terminée
page-lobby-status-my-turn = à vous de jouer
page-lobby-status-playing = en cours
page-lobby-join-link = Lien pour rejoindre :
page-lobby-join-link-of = Le lien pour rejoindre { $game }
page-lobby-copy = Copier le lien
page-lobby-invite = Inviter
page-lobby-invite-address = Adresse à inviter à cette partie
page-lobby-let-watch = Laisser regarder
page-lobby-watch-address = Adresse qui peut regarder cette partie
page-lobby-allow = Autoriser
page-lobby-delete = Supprimer cette partie
page-lobby-delete-note = (une page vous demande d’abord de confirmer)
page-lobby-times-in = Heures en { $zone } ({ $preferences }).
page-lobby-waiting = Elles vous attendent
page-lobby-waiting-none = Aucune partie ne vous attend.
page-lobby-invitations = Invitations
page-lobby-invitations-none = Aucune invitation à une partie ouverte. (Les invitations apparaissent ici une fois votre adresse confirmée.)
page-lobby-playing = En cours
page-lobby-none = Aucune.
page-lobby-open = En attente de joueurs
page-lobby-new = Nouvelle partie
page-lobby-game = Jeu
page-lobby-players-range = { $min } à { $max } joueurs
page-lobby-players = Joueurs
page-lobby-draw = Tuiles tirées
page-lobby-draw-pile = de la pile (la tuile fin de partie près du fond)
page-lobby-draw-bag = du sac
page-lobby-deck = Paquet ({ $standard }, ou l’identifiant d’un paquet que vous avez envoyé)
page-lobby-bots = Bots
page-lobby-bot-seats = Places jouées par des bots (vous jouez avec eux ; un bot joue en quelques secondes)
page-lobby-bots-play = Les bots jouent
page-lobby-level-random = au hasard
page-lobby-level-greedy = en glouton (le meilleur tour immédiat)
page-lobby-level-strong = fort (en anticipant)
page-lobby-hours = Heures par tour ({ $min } à { $max })
page-lobby-timeout = Quand le temps d’un joueur est écoulé
page-lobby-timeout-stand-in = un bot le remplace jusqu’à son retour
page-lobby-timeout-pass = Hermes passe pour lui
page-lobby-timeout-forfeit = il est éliminé
page-lobby-timeout-wait = la partie attend
page-lobby-stand-in-plays = Un remplaçant joue
page-lobby-who-watches = Qui peut regarder
page-lobby-watch-signed-in = toute personne connectée
page-lobby-watch-players = les joueurs seulement
page-lobby-watch-invited = les joueurs et les spectateurs qu’ils invitent
page-lobby-invite-list = Inviter (adresses, séparées par des virgules ou des lignes)
page-lobby-create = Créer la partie
page-lobby-watchable = Parties à regarder
page-lobby-watchable-none = Aucune partie à regarder pour l’instant.
page-lobby-over = Terminées
page-lobby-none-yet = Aucune pour l’instant.
page-lobby-created = Votre partie est créée. Invitez des joueurs, ou partagez son lien.
page-lobby-invited = { $address } est invité.
page-lobby-spectator = { $address } pourra regarder la partie une fois son adresse confirmée.
page-lobby-deleted = La partie est supprimée.
page-lobby-not-created = La partie n’a pas été créée : voyez le champ signalé plus bas.
page-lobby-whole-number = Un nombre entier, s’il vous plaît.

## Pages d’erreur

page-error-internal-title = Une erreur s’est produite
page-error-internal = Le serveur a rencontré une erreur ; elle a été consignée. Réessayez dans un instant.
page-error-log-in-to-send-title = Connectez-vous d’abord
page-error-log-in-to-send = Connectez-vous, puis renvoyez le formulaire.
page-error-log-in-to-open-title = Connectez-vous d’abord
page-error-log-in-to-open = Connectez-vous pour ouvrir cette partie, ou ouvrez le lien complet de votre mail (certains logiciels de messagerie coupent les longs liens en deux).
page-error-signed-out-title = Connectez-vous d’abord
page-error-signed-out = Cette page est réservée aux joueurs connectés. Connectez-vous et rouvrez-la.
page-error-no-join-code-title = Partie introuvable
page-error-no-join-code = Aucune partie n’a ce code. Vérifiez le lien de votre invitation.
page-error-game-gone-title = Partie introuvable
page-error-game-gone = Cette partie n’existe plus.
page-error-not-your-game-title = Pas votre partie
page-error-not-your-game = Le joueur de ce lien n’a pas de place dans cette partie.
page-error-other-game-title = Ce lien est pour une autre partie
page-error-other-game = Un lien de tour n’ouvre que la partie pour laquelle il a été envoyé.
page-error-no-expected-seq-title = Le formulaire est incomplet
page-error-no-expected-seq = Le formulaire n’a pas dit pour quel état de la partie est votre tour (expected_seq). Rechargez la page et rejouez.
page-error-turn-too-long-title = Trop long
page-error-turn-too-long = Un tour fait au plus { $n } octets.
page-error-talk-too-long-title = Trop long
page-error-talk-too-long = Un message fait au plus { $n } caractères.
page-error-form-too-long-title = Trop long
page-error-form-too-long = Un formulaire fait au plus { $n } octets.
page-error-leave-too-long-title = Trop long
page-error-leave-too-long = Ce formulaire est court ; celui-ci ne l’était pas.
page-error-leave-how-title = Quitter comment ?
page-error-leave-how = Le formulaire ne disait ni abandonner, ni annuler, ni supprimer. Revenez à la partie et utilisez ses boutons.
page-error-reset-used-title = Ce lien a déjà servi
page-error-reset-used = Ce lien a déjà servi à choisir un mot de passe (ou le mot de passe a changé depuis son envoi). Demandez-en un nouveau si besoin.
page-error-link-account-gone-title = Compte introuvable
page-error-link-account-gone = Le compte pour lequel ce lien a été fait n’existe plus.
page-error-account-gone-title = Compte introuvable
page-error-account-gone = Ce compte n’existe plus.
page-error-form-expired-title = Ce formulaire a expiré
page-error-form-expired = Le formulaire n’a pas été envoyé depuis une page de ce site, ou la page est trop ancienne. Revenez en arrière, rechargez la page et renvoyez-le.
page-error-bot-title = Un bot joue par l’API
page-error-bot = Ceci est un compte bot : il joue avec son jeton bot:play par l’API (voir docs/clients/bots.md), pas depuis ces pages.
page-error-which-step-title = Quelle étape ?
page-error-which-step = `at` est le numéro d’une entrée du journal : 0 pour le début.
page-error-no-step-title = Étape introuvable
page-error-no-step = Le journal de cette partie a les entrées 0 à { $last }.
page-error-no-token-title = Ce lien est incomplet
page-error-no-token = Le lien n’a pas de jeton. Ouvrez le lien complet de votre mail ; certains logiciels de messagerie coupent les longs liens en deux.
page-error-link-broken-title = Ce lien ne fonctionne pas
page-error-link-expired-title = Ce lien ne fonctionne pas
page-error-link-expired = Ce lien a expiré. Un mail plus récent d’Hermes en contient un neuf.
page-error-link-purpose-title = Ce lien ne fonctionne pas
page-error-link-purpose = Ce lien a été fait pour autre chose.
page-error-link-invalid-title = Ce lien ne fonctionne pas
page-error-link-invalid = Ce lien n’est pas valable. Ouvrez le lien complet de votre mail.
page-error-address-not-yours-title = Cette adresse n’est plus la vôtre
page-error-address-not-yours = Ce lien confirme une adresse qui n’est plus celle de votre compte. Demandez un nouveau lien depuis l’adresse actuelle du compte.
page-leave-refused-resigned = Vous avez déjà abandonné
page-leave-refused-moved = Trop tard pour annuler
page-leave-refused-started = La partie a commencé
page-leave-refused-over = La partie est terminée
page-leave-refused-not-creator = Ce n’est pas à vous de la supprimer
page-leave-refused = Rien n’a été fait

## Les pages de partie (les deux jeux)

page-play-your-turn = À vous de jouer
page-play-title = { $name } dans { $game }
page-play-your-game = votre partie, { $name }
page-play-stand-in = Votre temps est écoulé : un remplaçant (bot { $level }) joue pour vous jusqu’à votre retour. Jouer un tour vous rend votre place, ou :
page-play-take-back = Reprendre ma place
page-play-the-rules = Les règles :
page-play-your-deadline = Votre tour doit être joué avant le { $deadline }.
page-play-deadline = Le tour doit être joué avant le { $deadline }.
page-play-send = Jouer ce tour
page-play-last-turns = Les derniers tours
page-play-no-turn-yet = Aucun tour n’a encore été joué.
page-play-board = Le plateau
page-play-board-how = Les cases sont nommées par leurs coordonnées q,r.
page-play-board-keys = Au clavier : Tab jusqu’au plateau, les flèches passent d’une case à l’autre, Entrée choisit une case allumée.
page-play-last-move = Le dernier coup, tour { $turn } de { $name } :
page-play-last-move-ringed = ses cases sont cerclées de bleu
page-play-key = Légende
page-play-god-n = dieu { $seat }
page-play-key-tribe = { $colour ->
    [red] tribu rouge
    [yellow] tribu jaune
    [green] tribu verte
    [blue] tribu bleue
   *[other] tribu ({ $colour })
} ({ $letter })
page-play-key-temple = temple : la couleur et le numéro de son dieu
page-play-key-desert = friche
page-play-key-empty = case vide où une tuile peut aller
page-play-key-lit = allumée : où l’étape choisie peut aller
page-play-key-placed = une étape du tour que vous construisez
page-play-key-last = le dernier coup
page-play-board-words = Le plateau en mots
page-play-board-picture = Le plateau en image
page-play-whole-game = Toute la partie, tour par tour
page-play-what-to-play = Quoi jouer
page-play-choices = Choix pour cette étape
page-play-so-far = Votre tour jusqu’ici :
page-play-undo = Annuler la dernière étape
page-play-reset = Recommencer
page-play-your-god = Votre dieu (dieu { $seat })
page-play-crystals = Cristaux : { $n }
page-play-temples = Temples dans votre réserve : { $supply } ; sur le plateau : { $board }
page-play-markers = Marqueurs dans votre réserve : { $supply } ; sur le plateau : { $board }
page-play-extra-actions = Tuiles action supplémentaire gardées : { $n }
page-play-villages = Tuiles nation : { $n }
page-play-vp = Tuiles PV : { $n }
page-play-display = Les tuiles face visible
page-play-display-empty = Il n’y a plus de tuile face visible.
page-play-tiles-left = Tuiles restantes : { $n }.
page-play-points-now = Les points si la partie finissait maintenant
page-play-col-god = Dieu
page-play-col-points = Points
page-play-col-seat = Place
page-play-col-crystals = Cristaux
page-play-col-temples = Temples (réserve)
page-play-col-markers = Marqueurs (réserve)
page-play-col-villages = Nations
page-play-col-vp = Tuiles PV
page-play-may-end = Vous pouvez finir la partie maintenant : écrivez { $end }. Ou écrivez { $continue } pour récolter vos cristaux et voir les tuiles face visible ; vous envoyez ensuite vos actions.
page-play-owe = Vous devez { $n ->
    [one] { $n } action
   *[other] { $n } actions
}. Écrivez votre tour entier, les étapes séparées par { $sep }, par exemple { $example }.
page-play-legal-first = Premières étapes permises ({ $n })
page-play-notation-label = Votre tour, dans la notation
page-play-how-to-write = Comment écrire un tour : { $guide } ; { $rules }.
page-play-notation-guide = le guide de la notation
page-play-rules-of = les règles de { $kind }
page-play-rules-of-cap = Les règles de { $kind }
page-play-gods = Les dieux
page-play-replay = Revoir toute la partie
page-play-how-to = Comment écrire un tour
page-or = ou
page-sealed-guess = un pari scellé

## Dreams

page-dreams-round = Manche { $round }
page-dreams-round-line = Manche { $round }, distribuée par { $dealer } ; phase : { $phase }.
page-dreams-firmament = Le firmament
page-dreams-firmament-label = Le firmament après le tour { $turn } : les images 1 à 4 de cette manche et les étoiles posées, x vers la droite et y vers le bas, de 0,0 en haut à gauche à 100,100.
page-dreams-picture = Le firmament en image
page-dreams-place-star = Poser une étoile
page-dreams-star-help = Cliquez sur le firmament là où va votre étoile, choisissez l’étoile, puis posez-la.
page-dreams-star = Étoile
page-dreams-x = x (vers la droite)
page-dreams-y = y (vers le bas)
page-dreams-bounds = Le firmament va de 0,0 (en haut à gauche) à { $max },{ $max } (en bas à droite) ; deux étoiles ne peuvent pas partager un point.
page-dreams-taken = Occupés :
page-dreams-place-this = Poser cette étoile
page-dreams-pass-star = Passer : ne poser aucune étoile maintenant (votre { $star } est mise de côté pour cette manche)
page-dreams-your-guess = Votre pari
page-dreams-sealed-note = Votre pari est scellé aussitôt : il est définitif, et personne ne le voit avant que tous les paris soient faits.
page-dreams-seal = Sceller mon pari
page-dreams-no-guess = Pas de pari (passer)
page-dreams-or-notation = Ou écrivez votre tour dans la notation
page-dreams-eg = par exemple
page-dreams-images = Les images de la manche { $round }
page-dreams-card = carte { $card }
page-dreams-deck = Paquet : { $deck } ; { $n ->
    [one] { $n } carte reste à piocher.
   *[other] { $n } cartes restent à piocher.
}
page-dreams-stars = Les étoiles de la manche { $round }
page-dreams-col-player = Joueur
page-dreams-no-star = Aucune étoile n’est encore posée.
page-dreams-players = Les joueurs
page-dreams-col-score = Score
page-dreams-col-unplaced = Étoiles à poser
page-dreams-col-guess = Pari
page-dreams-you = vous
page-dreams-dealer = donneur
page-dreams-revealed = révélé : { $guess }

## Discussion à la table

page-talk-after-turn = après le tour { $turn }
page-talk-none = Personne n’a encore rien dit.
page-talk-say = Dire quelque chose à la table
page-talk-post = Envoyer

## Tours mis en attente

page-queue-heading = Tours mis en attente
page-queue-note = Joués dès que votre tour arrive, s’ils sont encore permis (sinon tous sont abandonnés et votre mail de tour dit pourquoi). Personne d’autre ne les voit.
page-queue-withdraw = Les retirer
page-queue-many = Ce n’est pas votre tour : mettez en attente jusqu’à { $n } tours, un par ligne, dans la { $notation }.
page-queue-one = Ce n’est pas votre tour : mettez en attente votre prochain tour, dans la { $notation }.
page-queue-notation = notation
page-queue-replaces = (cela remplace les tours ci-dessus)
page-queue-button = Mettre ce tour en attente

## Revanche

page-rematch-of = Cette partie est une revanche : { $game }.
page-rematch-of-link = la partie qu’elle rejoue
page-rematch-again = Rejouer
page-rematch-how = La même table, le même jeu et les mêmes options. Elle commence quand chaque joueur a accepté ; personne n’a besoin d’être en ligne en même temps.
page-rematch-propose = Proposer une revanche
page-rematch = Revanche
page-rematch-started = La revanche a commencé : { $open }.
page-rematch-open = l’ouvrir
page-rematch-accepted = Ont accepté : { $names }.
page-rematch-waiting = On attend : { $names }.
page-rematch-you-accepted = Vous avez accepté ; elle commence quand tout le monde aura accepté.
page-rematch-accept = Accepter la revanche

## Depuis la dernière visite, les points, une manche révélée

page-since = Depuis votre dernière visite
page-points-result = Le résultat
page-points-by-source = Les points par origine, si la partie finissait maintenant
page-points-col-villages = Tuiles nation ×3
page-points-col-vp = Tuiles PV ×2
page-points-col-temples = Temples sur le plateau
page-points-won = gagne
page-points-the-most = le plus
page-points-how = 3 points par tuile nation, 2 par tuile PV ; le dieu qui a le plus de temples sur le plateau, temple de départ compris, reçoit { $majority }, de même pour chaque dieu à égalité ({ $e3 }). Une égalité de points va au plus de cristaux ({ $e4 }).
page-points-negative = Pourquoi un score est sous zéro :
page-points-below-zero = { $name } a { $total } points : { $majority } pour le plus de temples sur le plateau ({ $temples }) et seulement { $tiles } grâce aux tuiles.
page-reveal-heading = Manche { $round } révélée
page-reveal-line = La vraie vision était { $vision } ; { $mortal } était le mortel.
page-reveal-col-role = Rôle

## Le replay

page-replay-of = Revoir { $game }
page-replay-steps = Étapes
page-replay-first = Début
page-replay-prev = Précédent
page-replay-next = Suivant
page-replay-last = Fin
page-replay-start = Le début
page-replay-turn-of = Tour { $turn } sur { $last }
page-replay-board-start = Le plateau au début
page-replay-board-after = Le plateau après le tour { $turn }
page-replay-firmament-start = Le firmament au début
page-replay-firmament-after = Le firmament après le tour { $turn }
page-replay-turn-by = Tour { $turn } : { $name }
page-replay-nobody-yet = Personne n’a encore joué à cette étape.
page-replay-back = Retour à la partie
page-replay-log = Tout le journal
page-replay-before = Avant le premier tour :

## Les phrases que construisent les pages de partie

page-play-hex-empty = vide, une tuile peut aller ici
page-play-words-marked = { $hex } (marqueur de { $name })
page-play-words-temples = Temples de { $name } (dieu { $seat }) : { $hexes }.
page-play-words-tribes = { $colour ->
    [red] Tribus rouges
    [yellow] Tribus jaunes
    [green] Tribus vertes
    [blue] Tribus bleues
   *[other] Tribus ({ $colour })
} : { $hexes }.
page-play-words-deserts = Friches : { $hexes }.
page-play-words-decay = Tuiles déclin : { $hexes }.
page-play-words-empty = Cases vides où une tuile peut aller ({ $n }) : { $hexes }.
page-play-per-colour = { $colour ->
    [red] rouge
    [yellow] jaune
    [green] verte
    [blue] bleue
   *[other] { $colour }
} { $n }
page-play-none = aucune
page-play-and = { $first } et { $last }
page-play-over-won = La partie est terminée : { $n ->
    [one] { $names } a gagné.
   *[other] { $names } ont gagné.
}
page-play-over = La partie est terminée.
page-play-is-your-turn = C’est votre tour.
page-play-is-turn-of = C’est au tour de { $names }.
page-source-timeout = joué par Hermes : le temps était écoulé
page-source-stand-in = joué par un bot remplaçant : le joueur est absent
page-source-forfeit = le dieu s’est retiré : le temps était écoulé
page-source-dropped-out = retiré : le temps était écoulé
page-source-queued = mis en attente
page-source-resign = abandon : Hermes a passé pour la place
page-flash-played = Votre tour est joué : c’est le tour { $turn } de la partie.
page-flash-queue-withdrawn = Vos tours en attente sont retirés.
page-flash-queued = En attente : { $n ->
    [one] { $n } tour, joué quand votre tour arrive.
   *[other] { $n } tours, joués quand votre tour arrive.
}
page-flash-seat-back = Votre place vous revient : le remplaçant ne joue plus.
page-refused-rules = Les règles ne permettent pas ce tour
page-refused-unreadable = Ce tour est illisible
page-refused-not-a-turn = Ce n’est pas un tour de ce jeu
page-refused-stale = La partie a avancé depuis le chargement de cette page ; rien n’a été joué
page-refused-not-your-turn = Ce n’est pas votre tour
page-refused-over = La partie est terminée
page-refused-not-started = La partie n’a pas commencé
page-refused-no-seat = Vous n’avez pas de place dans cette partie
page-refused = Votre tour n’a pas été joué
page-dreams-top-left = en haut à gauche
page-dreams-top-right = en haut à droite
page-dreams-bottom-left = en bas à gauche
page-dreams-bottom-right = en bas à droite
page-dreams-seat = place { $seat }
page-dreams-name-seat = { $name } (place { $seat })
page-dreams-image = image { $n }
page-dreams-no-guess-words = pas de pari
page-dreams-phase-stars = pose des étoiles
page-dreams-phase-guess = paris
page-dreams-phase-over = terminée
page-dreams-sealed = scellé
page-dreams-not-yet = pas encore
page-dreams-role-god-titled = Vous êtes un dieu : la vraie vision est l’image { $n }, { $title }.
page-dreams-role-god-vision = Vous êtes un dieu : la vraie vision est l’image { $n }.
page-dreams-role-god = Vous êtes un dieu.
page-dreams-role-mortal = Vous êtes le mortel : vous ne savez pas quelle image est la vraie vision.
page-dreams-my-guess = Votre pari scellé : { $guess }. Il est définitif, et personne d’autre ne le voit avant la révélation.
page-dreams-my-pass = Vous n’avez scellé aucun pari cette manche (vous avez passé).
page-dreams-waiting-guesses = On attend les paris de { $names }.
page-dreams-your-turn-guess = C’est votre tour : toutes les places parient en même temps, en secret.
page-dreams-guess-in = Votre pari est fait.
page-dreams-your-turn-star = C’est votre tour : posez une étoile.
page-dreams-turn-star-of = C’est au tour de { $names } de poser une étoile.
page-dreams-legend-seat = Désignez la place que vous soupçonnez d’être le mortel
page-dreams-legend-image = Désignez l’image que vous croyez être la vraie vision
page-dreams-the-mortal = le mortel
page-dreams-a-god = un dieu
page-dreams-ev-dealt = La manche { $round } est distribuée par { $name }.
page-dreams-ev-dealt-shuffled = La manche { $round } est distribuée par { $name } ; les cartes mises de côté ont été remélangées.
page-dreams-ev-god = { $name } est un dieu dans la manche { $round }.
page-dreams-ev-mortal = { $name } est le mortel dans la manche { $round }.
page-dreams-ev-you-mortal = Vous êtes le mortel.
page-dreams-ev-star = { $name } a posé une { $star } en { $point }.
page-dreams-ev-star-passed = { $name } n’a posé aucune étoile ; son { $star } est mise de côté pour cette manche.
page-dreams-ev-sealed = { $name } a scellé un pari.
page-dreams-ev-their-guess = Le pari scellé de { $name } : { $guess }.
page-dreams-ev-your-guess = Votre pari scellé : { $guess }.
page-dreams-ev-revealed = Manche { $round } révélée : la vraie vision était l’image { $n }, { $mortal } était le mortel ; points : { $points }.
page-dreams-kind = { $kind ->
    [clear] claire
    [grey] grise
    [black] noire
   *[other] { $kind }
}
page-login-wrong = E-mail ou mot de passe erroné.
page-password-length = Un mot de passe fait { $min } à { $max } caractères.
page-password-differ = Les deux mots de passe diffèrent.
page-vacation-give-day = Indiquez le jour où finissent les vacances, par exemple 2026-08-01.
page-saved = Enregistré.
page-leave-resign-means = Vous quittez la partie pour de bon : désormais Hermes passe pour votre place chaque fois qu’elle doit agir, et elle ne peut pas gagner. La partie continue pour les autres, qui apprennent votre abandon.
page-leave-abort-means = Personne n’a encore joué : la partie se termine aussitôt, personne ne gagne, et chaque joueur est prévenu par mail.
page-leave-delete-means = La partie n’a pas commencé : elle disparaît, avec ses places et ses invitations. Les joueurs inscrits sont prévenus par mail.
page-leave-yes-resign = Oui, abandonner
page-leave-yes-abort = Oui, annuler la partie
page-leave-yes-delete = Oui, supprimer la partie
page-leave-resigned = Vous avez abandonné : Hermes passe désormais pour votre place. Vous pouvez encore regarder la partie ici.
page-leave-aborted = Vous avez annulé la partie : elle est terminée, et personne n’a gagné.
page-replay-goes-on = La partie continue : { $n ->
    [one] { $n } tour joué jusqu’ici.
   *[other] { $n } tours joués jusqu’ici.
}

## Les mots des scripts des pages

page-js-no-answer = Le serveur n’a pas répondu.
page-js-zoom-in = Agrandir
page-js-zoom-out = Réduire
page-js-zoom-fit = Tout le plateau
page-js-nothing-yet = (rien encore)
page-js-may-end = Vous pouvez finir la partie maintenant, ou continuer : vous récoltez alors vos cristaux et voyez les tuiles face visible.
page-js-end-game = Finir la partie
page-js-play-on = Continuer
page-js-owe-one = Vous devez 1 action. Choisissez une tuile face visible, un temple ou une friche à déplacer ; les cases utilisables s’allument.
page-js-owe = Vous devez { $n } actions. Choisissez une tuile face visible, un temple ou une friche à déplacer ; les cases utilisables s’allument.
page-js-complete = Votre tour est complet : jouez-le, ou annulez une étape.
page-js-no-action-left = Plus aucune action n’est possible : jouez le tour tel quel.
page-js-place-temple = Placer un temple
page-js-move-desert = Déplacer une friche (2 cristaux)
page-js-play-extra = Jouer une tuile action supplémentaire
page-js-discard-it = La défausser
page-js-keep-it = La garder pour un tour suivant
page-js-play-it-now = La jouer maintenant
page-js-take-crystal = Prendre un cristal à { $name }
page-js-god-n = dieu { $n }
page-js-choose-desert = Choisissez la friche à déplacer (elle est allumée).
page-js-choose-where = Choisissez où elle va : une case allumée.
page-js-choose-lit = Choisissez une case allumée.
page-js-choose-lit-n = Choisissez une case allumée ({ $n } allumées ; les flèches passent de l’une à l’autre).
page-js-unreachable = Le serveur est injoignable ; utilisez le formulaire ci-dessous.
page-js-image = Image { $n }
page-js-show-large = L’afficher en grand
page-js-image-large = Image { $n }, en grand
page-js-guess-image = Parier sur l’image { $n }
page-js-close = Fermer
page-js-moved-on = La partie a avancé.
page-js-show-it = Afficher
page-js-will-be-lost = (ce que vous avez commencé ici sera perdu)
page-js-notify = Me prévenir quand c’est mon tour
page-js-notify-yes = Cet onglet vous préviendra quand ce sera votre tour.
page-js-notify-no = Pas de notifications : le navigateur les refuse.
page-js-copied = Copié
page-js-zone-chosen = Le fuseau horaire de votre navigateur, { $zone }, est choisi.

## Formulaires refusés

page-talk-not-posted = Votre message n’a pas été publié
page-rematch-refused = Pas de revanche
page-check-form = Vérifiez le formulaire.
page-dreams-form-star = Choisissez une étoile : claire, grise ou noire.
page-dreams-form-point = Donnez le point en deux nombres entiers de 0 à 100 : x vers la droite, y vers le bas, 0,0 le coin en haut à gauche.
page-dreams-form-seat = Choisissez la place que vous soupçonnez d’être le mortel.
page-dreams-form-image = Choisissez une image, de 1 à 4.

## What stands on a hex, for a screen reader (the board on the turn page).
page-cell-god = dieu { $seat }
page-cell-god-named = { $name } (dieu { $seat })
page-cell-marked = { $tribe } avec le marqueur de dieu de { $god }
page-cell-temple = temple de { $god }
page-cell-last-move = dernier coup : { $what }

# The web app manifest's description (a browser shows it when it offers to install the site).
page-manifest-description = Vos parties de Gods et de Dreams, tour après tour.
