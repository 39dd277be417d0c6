# Posta: oggetti, testi e la cornice comune. Si dà del tu, come il regolamento di Dreams.

## La cornice

mail-hello-name = Ciao { $name },
mail-hello = Ciao,
mail-footer = Hermes: giochi da tavolo per email, un turno alla volta.
mail-unsubscribe-text = Per non ricevere più email da Hermes, apri questo link:
mail-unsubscribe-link = Annulla l’iscrizione
mail-unsubscribe-html = { $link } per non ricevere più email da Hermes.

## Righe comuni

mail-open-turn = Apri il tuo turno
mail-open-game = Apri la partita
mail-the-game = La partita:
mail-whole-game = Tutta la partita
mail-copy-link = Oppure copia questo link nel browser: { $url }
mail-your-deadline = La tua scadenza: { $deadline }.
mail-turn-number = Turno { $turn }

## welcome

mail-welcome-subject = Benvenuto su Hermes: conferma il tuo indirizzo
mail-welcome-intro = Benvenuto su Hermes, dove si gioca ai giochi da tavolo per email, un turno alla volta.
mail-welcome-confirm = Conferma che questo indirizzo è tuo aprendo questo link (vale per { $valid_for }):
mail-welcome-button = Conferma il mio indirizzo
mail-welcome-not-you = Se non ti sei iscritto, ignora questa email.

## register_attempt

mail-register-attempt-subject = Qualcuno ha provato a iscriversi a Hermes con il tuo indirizzo
mail-register-attempt-intro = Qualcuno, forse tu, ha appena provato a creare un account Hermes con questo indirizzo. L’indirizzo ha già un account, quindi non è stato creato né modificato nulla.
mail-register-attempt-you = Se eri tu: accedi con la tua password.
mail-register-attempt-not-you = Se non eri tu: non devi fare niente. Il tuo account e la tua password restano come prima. (Questo avviso arriva al massimo una volta al giorno.)

## password_reset

mail-password-reset-subject = Imposta una nuova password per Hermes
mail-password-reset-intro = Qualcuno, forse tu, ha chiesto di impostare una nuova password per l’account Hermes di questo indirizzo.
mail-password-reset-choose = Per sceglierla, apri questo link (funziona una sola volta, per { $valid_for }):
mail-password-reset-button = Imposta una nuova password
mail-password-reset-not-you = Se non eri tu: non devi fare niente. La tua password resta quella di prima.

## invitation

mail-invitation-subject-from = «{ $inviter }» ti invita a giocare a { $kind }: { $game }
mail-invitation-subject = Un invito a giocare a { $kind } su Hermes: { $game }
mail-invitation-title = Un invito a { $game }
mail-invitation-intro = { $inviter } ti invita a una partita di { $kind }: { $game }.
mail-invitation-intro-stranger = Un giocatore di Hermes che si fa chiamare «{ $inviter }» ti invita a una partita di { $kind }: { $game }.
mail-invitation-seats = Posti: { $seats }.
mail-invitation-joined = Finora si sono uniti: { $players }.
mail-invitation-nobody = Non si è ancora unito nessuno.
mail-invitation-turn-time = Ogni turno può durare fino a { $time }; quando tocca a te ricevi un’email.
mail-invitation-join = Unisciti alla partita:
mail-invitation-join-button = Unisciti alla partita

## game_deleted

mail-game-deleted-subject = La partita { $game } è stata cancellata prima di cominciare
mail-game-deleted-intro = { $creator }, che aveva creato { $game } (una partita di { $kind }), l’ha cancellata prima che tutti i posti fossero occupati. Il tuo posto non c’è più; non si è giocato niente.
mail-game-deleted-others = Altre partite in cerca di giocatori, o una nuova tutta tua:
mail-game-deleted-button = Trova un’altra partita

## your_turn (Gods)

mail-your-turn-subject = Tocca a te in { $game } (turno { $turn })
mail-your-turn-intro = Tocca a te in { $game } (turno { $turn }). Sul piano di gioco sei il dio { $seat }.
mail-your-turn-board-attached = Il piano di gioco è allegato come board.png.
mail-your-turn-board-alt = Il piano di gioco di { $game }
mail-your-turn-since = Dal tuo ultimo turno
mail-your-turn-played = { $god } (dio { $seat }) ha giocato
mail-your-turn-played-for = per { $god } (dio { $seat }) ha giocato
mail-your-turn-nobody = Nessuno ha giocato dal tuo ultimo turno.
mail-your-turn-position = La tua situazione
mail-your-turn-crystals = I tuoi cristalli: { $crystals }.
mail-your-turn-extra-actions = Tessere mediazione in tuo possesso: { $extra }.
mail-your-turn-display = { $tiles ->
    [one] Le tessere scoperte (resta 1 tessera da pescare)
   *[other] Le tessere scoperte (restano { $tiles } tessere da pescare)
}
mail-your-turn-display-empty = { $tiles ->
    [one] Non ci sono tessere scoperte (resta 1 tessera da pescare).
   *[other] Non ci sono tessere scoperte (restano { $tiles } tessere da pescare).
}
mail-your-turn-may-end = Ora puoi chiudere la partita: gioca { $end } per chiuderla, oppure { $continue } per andare avanti (quando prosegui raccogli energia e si scoprono nuove tessere).

## Le mosse in coda scartate

mail-queue-dropped = Le tue mosse in coda sono state scartate: la prima, { $notation }, non è più valida{ $rule }: { $message } { $count ->
    [one] La mossa in coda è stata ritirata; gioca tu questo turno.
   *[other] Tutte le { $count } mosse in coda sono state ritirate; gioca tu questo turno.
}

## Le chiacchiere al tavolo

mail-talk-at-table-earlier = { $count ->
    [one] Al tavolo (1 messaggio precedente sulla pagina della partita)
   *[other] Al tavolo ({ $count } messaggi precedenti sulla pagina della partita)
}
mail-talk-at-table = Al tavolo
mail-talk-earlier = { $count ->
    [one] 1 messaggio precedente sulla pagina della partita
   *[other] { $count } messaggi precedenti sulla pagina della partita
}
mail-talk-answer = Per rispondere, rispondi a questa email con una riga { $say }.

## reminder

mail-reminder-subject = Promemoria: il tuo turno in { $game } scade tra { $left }
mail-reminder-intro = Il tuo turno in { $game } è ancora aperto. La scadenza è { $deadline }, tra { $left }.
mail-reminder-policy-auto_pass = Se per allora non hai giocato, il servizio passa per te (in Gods scarta e non spende nulla; in Dreams questa volta non metti nessuna stella, o non fai nessuna puntata).
mail-reminder-policy-forfeit = Se per allora non hai giocato, esci dalla partita.
mail-reminder-policy-stand_in = Se per allora non hai giocato, un bot sostituto gioca per te finché non torni.
mail-reminder-policy-wait = La partita ti aspetta, e con lei gli altri giocatori.

## timeout

mail-timeout-subject-you = Il tuo tempo è scaduto in { $game }
mail-timeout-subject = Il tempo di { $god } è scaduto in { $game }
mail-timeout-passed-you = La tua scadenza in { $game } è passata.
mail-timeout-passed = La scadenza di { $god } in { $game } è passata.
mail-timeout-auto-pass-you = Come prevedono le regole della partita per i tempi scaduti, il servizio ha giocato per te il turno minimo consentito:
mail-timeout-auto-pass-other = Come prevedono le regole della partita per i tempi scaduti, il servizio ha giocato per { $god } il turno minimo consentito:
mail-timeout-forfeit-you = Come prevedono le regole della partita per i tempi scaduti, sei uscito dalla partita.
mail-timeout-forfeit-other = Come prevedono le regole della partita per i tempi scaduti, { $god } è uscito dalla partita.
mail-timeout-stand-in-you = Come prevedono le regole della partita per i tempi scaduti, ora un bot sostituto gioca per te finché non torni.
mail-timeout-stand-in-other = Come prevedono le regole della partita per i tempi scaduti, ora un bot sostituto gioca per { $god } finché non torna.
mail-timeout-take-back = Per riprenderti il posto, gioca il tuo turno quando arriva, oppure premi «riprendi il mio posto» sulla pagina della partita.
mail-timeout-wait-you = La partita ti aspetta: non è stato giocato niente.
mail-timeout-wait-other = La partita aspetta { $god }: non è stato giocato niente.

## stand_in

mail-stand-in-subject = Un sostituto gioca per { $god } in { $game }
mail-stand-in-back-subject = { $god } è tornato in { $game }
mail-stand-in-started = La scadenza di { $god } in { $game } è passata. Come prevedono le regole della partita per i tempi scaduti, ora un sostituto ({ $level }) gioca per { $god } finché non torna.
mail-stand-in-back = { $god } si è ripreso il posto dal sostituto in { $game }: ora gioca di nuovo da sé.
bot-level = { $level ->
    [random] un bot che gioca a caso
    [greedy] un bot avido
   *[other] un bot di livello { $level }
}

## game_over

mail-game-over-subject = Partita finita: { $game }
mail-game-over-intro = La partita { $game } è finita: { $reason }.
mail-game-over-winner = Vince { $winner }.
mail-game-over-shared = La vittoria è condivisa tra { $winners } e { $last }.
mail-game-over-nobody = Non ha vinto nessuno.
mail-game-over-scores = Punteggi finali:
mail-game-over-winner-mark = , vincitore
mail-game-over-column-god = Dio
mail-game-over-column-seat = Giocatore
mail-game-over-column-score = Punti
mail-game-over-last-round = L’ultimo giro:
mail-game-over-last-round-picture = L’ultimo giro (l’immagine è nell’email):
mail-game-over-last-round-title = L’ultimo giro
mail-game-over-last-round-alt = L’ultimo giro di { $game }, rivelato
mail-game-over-final-board = Il piano di gioco finale
mail-game-over-final-board-alt = Il piano di gioco finale di { $game }
mail-game-over-seed = Il seme della partita era segreto fino a ora.
mail-game-over-seed-check = Insieme al registro dei turni ricostruisce tutta la partita: puoi controllare ogni pescata con l’impegno mostrato all’inizio.
mail-game-over-replay = Rivedi la partita
mail-game-over-play-again = Gioca ancora
mail-game-over-rematch-text = Gioca ancora: stesso tavolo, stesso gioco, stesse opzioni. Rispondi «rivincita» a questa email, oppure apri la partita e clicca Rivincita; comincia quando tutti i giocatori hanno accettato:
mail-game-over-rematch-html = Stesso tavolo, stesso gioco, stesse opzioni: con un clic proponi la rivincita, che comincia quando tutti i giocatori hanno accettato. Rispondi { $rematch } a questa email, oppure apri la partita.
mail-rematch-button = Rivincita

seat-label-god = dio { $n }
seat-label-seat = posto { $n }

## digest

mail-digest-subject = { $games ->
    [one] 1 partita ti aspetta
   *[other] { $games } partite ti aspettano
} ({ $date })
mail-digest-title = Il tuo riepilogo di { $date }
mail-digest-intro = Il tuo riepilogo di { $date }: { $games ->
    [one] 1 partita aspetta
   *[other] { $games } partite aspettano
} il tuo turno.
mail-digest-deadline = scadenza: { $deadline }
mail-digest-policy-auto_pass = poi il servizio gioca per te il turno minimo consentito
mail-digest-policy-forfeit = poi esci dalla partita
mail-digest-policy-stand_in = poi un bot sostituto gioca per te finché non torni
mail-digest-policy-wait = poi la partita ti aspetta
mail-digest-when = Ricevi un’email al giorno alle 08:00 del tuo fuso orario, e solo quando una partita ti aspetta. Puoi cambiarlo nelle tue preferenze.

## Dreams

mail-dreams-stars-subject = Tocca a te in { $game }: metti una stella (giro { $round })
mail-dreams-stars-intro = Tocca a te in { $game }, giro { $round }: metti una delle tue stelle sul firmamento. Sei al posto { $seat }; in questo giro distribuisce { $dealer }.
mail-dreams-table-attached = Il tavolo è allegato come board.png.
mail-dreams-stars-unplaced = Le stelle che devi ancora mettere: { $stars }.
mail-dreams-stars-answer = Per rispondere, manda la stella e il punto, per esempio:
mail-dreams-stars-pass = Oppure manda { $pass } per non mettere nessuna stella questa volta.
mail-dreams-guess-subject = Tocca a te in { $game }: è ora di puntare (giro { $round })
mail-dreams-guess-intro = Tutte le stelle sono sul firmamento in { $game }, giro { $round }: è ora di puntare.
mail-dreams-guess-god = Indica il mortale: il posto che secondo te non conosce la vera visione.
mail-dreams-guess-mortal = Indica la vera visione: l’immagine che secondo te hanno visto gli dèi.
mail-dreams-guess-sealed = Tutti i posti puntano insieme; una puntata viene sigillata e nessuno la vede finché non sono arrivate tutte. Sei al posto { $seat }.
mail-dreams-guess-answer = Per rispondere, manda la tua puntata, per esempio:
mail-dreams-guess-pass-god = (qualunque posto tranne il tuo), oppure { $pass } per non puntare.
mail-dreams-guess-pass-mortal = (da { $first } a { $last }), oppure { $pass } per non puntare.
mail-dreams-you-god = In questo giro sei un dio: la vera visione è { $image }.
mail-dreams-image = l’immagine { $n }
mail-dreams-you-mortal = In questo giro sei il mortale: non sai quale immagine sia la vera visione.
mail-dreams-firmament-alt = Il firmamento di { $game }
mail-dreams-images = Le immagini
mail-dreams-stars-on = Le stelle sul firmamento (x,y da 0,0 in alto a sinistra a 100,100 in basso a destra)
mail-dreams-star-line = { $player } (posto { $seat }): { $kind } in { $at }
mail-dreams-no-star = Sul firmamento non c’è ancora nessuna stella (x,y da 0,0 in alto a sinistra a 100,100 in basso a destra).
mail-dreams-scores = Punteggi
mail-dreams-you-mark = , tu
star-kind = { $kind ->
    [clear] stella cristallo
    [grey] stella grigia
    [black] stella nera
   *[other] stella { $kind }
}
mail-dreams-reveal-subject = Giro { $round } rivelato in { $game }: il mortale era { $mortal }
mail-dreams-reveal-intro = Tutte le puntate sono arrivate: { $game } rivela il suo giro.
mail-dreams-reveal-attached = L’immagine del giro è allegata come reveal.png.
mail-dreams-reveal-alt = Il giro { $round } di { $game }, rivelato
mail-dreams-reveal-next = { $dealer } mette la prima stella del prossimo giro.
mail-dreams-revealed = Giro { $round } rivelato: la vera visione era { $image } ({ $title }), e il mortale era { $mortal } (posto { $mortal_seat }).
mail-dreams-revealed-seat-mortal = { $player } (posto { $seat }), il mortale: { $guess }
mail-dreams-revealed-seat-god = { $player } (posto { $seat }), un dio: { $guess }
mail-dreams-right-mark = , giusto
mail-dreams-right = (giusto)
mail-dreams-revealed-points = { $points ->
    [one] 1 punto in questo giro
   *[other] { $points } punti in questo giro
}, { $score } in tutto.
mail-dreams-column-role = Ruolo
mail-dreams-column-guess = Puntata
mail-dreams-column-points = Punti del giro
mail-dreams-role-mortal = mortale
mail-dreams-role-god = dio
mail-dreams-seals = I sigilli, per controllare che nessuna puntata sia cambiata dopo essere stata sigillata: ogni impegno è lo SHA-256 di { $formula } (docs/replay.md).

## reply_answer

mail-reply-played-turn = Il tuo turno (turno { $turn }) in { $game } è stato giocato:
mail-reply-played = Il tuo turno in { $game } è stato giocato:
mail-reply-happened = Cosa è successo
mail-reply-moved-on = Non è stato giocato niente: la partita { $game } è andata avanti dopo l’email a cui hai risposto.
mail-reply-refused = Non è stato giocato niente in { $game }. Il problema:
mail-reply-noted = Abbiamo letto la tua risposta su { $game }.
mail-reply-said = Hai detto al tavolo
mail-reply-not-posted = Non pubblicato al tavolo
mail-reply-queue = Le tue mosse messe in coda
mail-reply-rematch = Rivincita
mail-reply-position = A che punto è la partita
mail-reply-legal = Le prime mosse che puoi fare
mail-reply-board = Il piano di gioco è allegato come board.png.

## talk

mail-talk-subject = Si chiacchiera al tavolo di { $game }
mail-talk-intro = Al tavolo di { $game } si chiacchiera.
mail-talk-how = Ricevi le chiacchiere per email appena vengono scritte (al massimo un’email per partita ogni pochi minuti): puoi cambiarlo nelle tue preferenze.

## rematch

mail-rematch-subject = { $proposer } propone la rivincita di { $game }
mail-rematch-intro = { $proposer } propone di giocare ancora { $game }: stesso tavolo, una nuova partita di { $kind } con le stesse opzioni. Comincia quando tutti i giocatori hanno accettato; non serve essere online nello stesso momento.
mail-rematch-accepted = Hanno accettato: { $players }.
mail-rematch-waiting = Si aspetta: { $players }.
mail-rematch-how-text = Per accettare, rispondi { $rematch } a questa email, oppure apri la partita e clicca Rivincita:
mail-rematch-accept-button = Accetta la rivincita
mail-rematch-or-reply = Oppure rispondi { $rematch } a questa email.

## Come rispondere per email

reply-hint-turn = Rispondi a questa email con la tua mossa, per esempio { $example } (oppure { $legal } per le mosse possibili, { $board } per il piano di gioco, { $say } per parlare al tavolo).
reply-hint-answer = Rispondi a questa email per giocare, parlare ({ $say }) o chiedere ({ $legal }, { $board }).
reply-hint-rematch = Rispondi { $rematch } a questa email per giocare di nuovo con lo stesso tavolo.
reply-hint-talk = Rispondi a questa email per parlare al tavolo: una riga { $say } (oppure, quando non è il tuo turno, semplicemente le tue parole).
