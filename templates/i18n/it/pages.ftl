## Le pagine web: l'impaginazione e le parole di ogni pagina (si dà del tu).

## L'impaginazione

page-tagline = { $hermes }, il messaggero degli dèi
page-nav-rules = Regole
page-rules-gods = Regole di Gods
page-rules-dreams = Regole di Dreams
page-notation = Notazione
page-nav-account = Account
page-log-out = Esci
page-log-in = Accedi
page-sign-up = Registrati
page-languages = Lingue

## Niente più mail

page-unsub-title = Niente più mail
page-unsub-heading = Niente più mail da Hermes?
page-unsub-already = Le mail a { $email } sono già sospese. Puoi inviare di nuovo il modulo; non cambia nulla.
page-unsub-sends = Hermes manda mail a { $email } sulle tue partite.
page-unsub-button = Sospendi le mail a { $email }
page-unsub-again = Puoi tornare a ricevere le mail di gioco in qualsiasi momento dalle tue { $preferences } (o con { $api }).
page-your-preferences = preferenze
page-unsubscribed-title = Mail sospese
page-unsubscribed-done = Hermes non manderà più mail di gioco a { $email }.
page-unsubscribed-again = Per riceverle di nuovo, sceglile nelle tue { $preferences } (prima accedi, se serve), o imposta { $field } con { $api }.

## Indirizzo confermato

page-verified-title = Indirizzo confermato
page-verified-done = Grazie, { $name }: { $email } è confermato come tuo indirizzo.

## Un link per unirsi

page-join-title = Unisciti a una partita di { $kind }
page-join-heading = Una partita di { $kind }
page-join-created-by = Creata da
page-join-seats = Posti
page-join-players = Giocatori finora
page-join-no-players = nessuno
page-join-status = Stato
page-join-seated = Hai un posto in questa partita.
page-join-open-game = Apri la partita
page-join-take-seat = Prendi un posto
page-join-sign-up-first = Per prendere un posto, { $signup } (ci vuole un minuto) o { $login }; poi torni qui.
page-join-sign-up-link = registrati
page-join-log-in-link = accedi
page-join-how-it-starts = La partita comincia quando tutti i posti sono presi. Quando tocca a te, Hermes ti manda per mail un link al tuo turno.
page-join-api = Unirsi con l'API
page-join-api-how = Accedi ({ $login }) per avere un token di accesso, poi prendi un posto con il codice di questa partita:
page-join-started = Questa partita è cominciata: tutti i posti sono presi.
page-join-status-open = in attesa di giocatori
page-join-status-running = in corso

## Accesso, registrazione, password dimenticata

page-email = Email
page-password = Password
page-forgot-link = Password dimenticata?
page-no-account = Non hai ancora un account? { $signup }
page-have-account = Hai già un account? { $login }
page-signup-intro = Hermes fa giocare giochi da tavolo per email, un turno alla volta. Un account ha bisogno di un indirizzo che ti raggiunga: ti mandiamo un link per confermarlo.
page-signup-name = Il tuo nome, come lo vedono gli altri giocatori
page-password-min = Password (almeno { $n } caratteri)
page-signup-zone = Il tuo fuso orario (le scadenze si vedono in questo fuso)
page-mail-language = Lingua delle tue mail
page-signup-later = Potrai cambiarli più tardi nelle tue preferenze.
page-signed-up-title = Controlla la posta
page-signed-up-sent = Abbiamo mandato una mail a { $email }. Se l'indirizzo è nuovo per Hermes, la mail contiene un link che lo conferma; se ha già un account, la mail lo dice e non è cambiato nulla.
page-signed-up-log-in-now = Puoi accedere già ora, prima di confermare:
page-forgot-title = Password dimenticata
page-forgot-sent = Se un account ha l'indirizzo { $email }, è in arrivo una mail con un link per impostare una nuova password. Il link vale una volta, per un'ora.
page-forgot-intro = Indica l'indirizzo del tuo account: ti mandiamo lì un link per impostare una nuova password.
page-forgot-button = Mandami un link
page-reset-title = Imposta una nuova password
page-reset-for = Per l'account di { $email }. Impostandola, l'account viene disconnesso ovunque.
page-reset-new = Nuova password (almeno { $n } caratteri)
page-reset-again = Ripeti la password
page-reset-button = Imposta la password
page-reset-done-title = Password impostata
page-reset-done = L'account di { $email } ha la sua nuova password, e ogni browser che vi aveva accesso ne è uscito.

## Benvenuto

page-welcome-title = Benvenuto
page-welcome-heading = Giochi da tavolo per email, un turno alla volta
page-welcome-intro = Hermes tiene il piano di gioco, i turni e l'orologio. Quando tocca a te, ti manda per mail il piano di gioco e un link; giochi dalla pagina o rispondendo alla mail. Due giochi: { $gods } (da 2 a 4 giocatori, una mappa di esagoni e templi) e { $dreams } (da 3 a 6 giocatori, un mortale tra gli dèi che indovinano la vera visione).
page-welcome-invited = Invitato a una partita? Apri il link del tuo invito: ti permette di registrarti e prendere il tuo posto.

## Preferenze

page-prefs-title = Preferenze
page-prefs-for = Per { $email }.
page-prefs-mail = Mail di gioco
page-prefs-mail-bot = Mail di gioco (nessuna per un bot: segue il suo flusso di eventi)
page-prefs-every-turn = Una mail a ogni mio turno
page-prefs-digest = Una mail al giorno con le partite che mi aspettano
page-prefs-none = Nessuna mail di gioco (disiscritto)
page-talk = Chiacchiere al tavolo
page-prefs-talk-with-turn = Nella mia prossima mail del turno
page-prefs-talk-at-once = Anche per mail, appena vengono scritte (al massimo una mail per partita ogni pochi minuti; rispondi alla mail per replicare)
page-prefs-zone = Fuso orario (le scadenze si vedono in questo fuso)
page-prefs-save = Salva
page-prefs-bot-heading = Account bot
page-prefs-bot-account = account bot
page-prefs-bot-is = Questo è un { $bot }: un programma lo gioca attraverso l'API con il suo token { $token }, seguendo il suo flusso di eventi. Non riceve mail di gioco, le pagine non giocano nulla per lui, e i suoi posti mostrano "(bot)" accanto al nome.
page-prefs-bot-may = Un tuo programma può giocare come { $bot } attraverso l'API, con un token che sa solo giocare e leggere. Un account lo diventa per sempre, e solo prima di aver preso posto in una partita; i suoi posti mostrano poi "(bot)" accanto al nome.
page-prefs-bot-button = Fai di questo un account bot
page-your-games = Le tue partite

## Vacanza

page-vacation-title = Vacanza
page-vacation-intro = Mentre sei in vacanza, gli orologi di tutte le tue partite si fermano: ogni tua scadenza slitta del tempo in cui sei via. Hai { $days } giorni all'anno; quest'anno te ne restano { $left }.
page-vacation-until = Sei in vacanza fino a { $until }.
page-vacation-end-now = Finisci ora la vacanza
page-vacation-move-to = Sposta la fine a (l'inizio di quel giorno, { $zone })
page-vacation-away-until = Via fino a (l'inizio di quel giorno, { $zone })
page-vacation-move = Sposta la fine
page-vacation-start = Comincia la vacanza

## Lasciare una partita

page-leave-resign-q = Ritirarti da { $game }?
page-leave-abort-q = Annullare { $game }?
page-leave-delete-q = Eliminare { $game }?
page-leave-final = Non si può tornare indietro.
page-leave-back = No, torna indietro
page-leave-heading = Lascia questa partita
page-leave-abort = Annulla la partita
page-leave-abort-note = Nessuno ha ancora mosso: la partita finisce e nessuno vince.
page-leave-resign = Ritirati
page-leave-resign-note = Il tuo posto esce e Hermes passa per lui; una pagina ti chiede prima di confermare.

## La sala (le tue partite)

page-lobby-your-turn-n = Tocca a te ({ $n })
page-lobby-seats = { $n ->
    [one] { $n } posto
   *[other] { $n } posti
}
page-lobby-by = entro { $deadline }
page-lobby-joined = Iscritti: { $players }
page-lobby-no-players = ancora nessun giocatore
page-lobby-invited-not-joined = Invitati, non ancora iscritti: { $addresses }
page-lobby-watched-by = possono guardare { $who }
page-lobby-watchers-players = solo i giocatori
page-lobby-watchers-invited = i giocatori e gli spettatori invitati
page-lobby-watchers-signed-in = tutti quelli che hanno fatto l'accesso
page-lobby-status-open = in attesa di giocatori ({ $n } su { $of })
page-lobby-status-over = finita
page-lobby-status-my-turn = tocca a te
page-lobby-status-playing = in corso
page-lobby-join-link = Link per unirsi:
page-lobby-join-link-of = Il link per unirsi a { $game }
page-lobby-copy = Copia il link
page-lobby-invite = Invita
page-lobby-invite-address = Indirizzo da invitare a questa partita
page-lobby-let-watch = Fai guardare
page-lobby-watch-address = Indirizzo che può guardare questa partita
page-lobby-allow = Permetti
page-lobby-delete = Elimina questa partita
page-lobby-delete-note = (una pagina ti chiede prima di confermare)
page-lobby-times-in = Orari in { $zone } ({ $preferences }).
page-lobby-waiting = Aspettano te
page-lobby-waiting-none = Nessuna partita ti aspetta.
page-lobby-invitations = Inviti
page-lobby-invitations-none = Nessun invito a una partita aperta. (Gli inviti compaiono qui quando il tuo indirizzo è confermato.)
page-lobby-playing = In corso
page-lobby-none = Nessuna.
page-lobby-open = In attesa di giocatori
page-lobby-new = Nuova partita
page-lobby-game = Gioco
page-lobby-players-range = da { $min } a { $max } giocatori
page-lobby-players = Giocatori
page-lobby-draw = Tessere pescate da
page-lobby-draw-pile = la pila (la tessera fine gioco vicino al fondo)
page-lobby-draw-bag = il sacchetto
page-lobby-deck = Mazzo ({ $standard }, o l'id di un mazzo che hai caricato)
page-lobby-bots = Bot
page-lobby-bot-seats = Posti giocati da bot (giochi con loro; un bot gioca in pochi secondi)
page-lobby-bots-play = I bot giocano
page-lobby-level-random = a caso
page-lobby-level-greedy = avidamente (il turno migliore subito)
page-lobby-level-strong = forte (guardando avanti)
page-lobby-hours = Ore per turno (da { $min } a { $max })
page-lobby-timeout = Quando il tempo di un giocatore scade
page-lobby-timeout-stand-in = un bot lo sostituisce finché non torna
page-lobby-timeout-pass = Hermes passa per lui
page-lobby-timeout-forfeit = è eliminato
page-lobby-timeout-wait = la partita aspetta
page-lobby-stand-in-plays = Un sostituto gioca
page-lobby-who-watches = Chi può guardare
page-lobby-watch-signed-in = tutti quelli che hanno fatto l'accesso
page-lobby-watch-players = solo i giocatori
page-lobby-watch-invited = i giocatori e gli spettatori che invitano
page-lobby-invite-list = Invita (indirizzi, separati da virgole o righe)
page-lobby-create = Crea la partita
page-lobby-watchable = Partite da guardare
page-lobby-watchable-none = Nessuna partita da guardare al momento.
page-lobby-over = Finite
page-lobby-none-yet = Ancora nessuna.
page-lobby-created = La tua partita è stata creata. Invita dei giocatori, o condividi il suo link.
page-lobby-invited = { $address } è invitato.
page-lobby-spectator = { $address } potrà guardare la partita quando il suo indirizzo sarà confermato.
page-lobby-deleted = La partita è stata eliminata.
page-lobby-not-created = La partita non è stata creata: guarda il campo segnato qui sotto.
page-lobby-whole-number = Un numero intero, per favore.

## Pagine di errore

page-error-internal-title = Qualcosa è andato storto
page-error-internal = Si è verificato un errore nel server, che è stato registrato. Riprova tra un momento.
page-error-log-in-to-send-title = Prima accedi
page-error-log-in-to-send = Accedi, poi invia di nuovo il modulo.
page-error-log-in-to-open-title = Prima accedi
page-error-log-in-to-open = Accedi per aprire questa partita, o apri il link completo dalla tua mail (alcuni programmi di posta spezzano in due i link lunghi).
page-error-signed-out-title = Prima accedi
page-error-signed-out = Questa pagina è per i giocatori che hanno fatto l'accesso. Accedi e aprila di nuovo.
page-error-no-join-code-title = Partita inesistente
page-error-no-join-code = Nessuna partita ha questo codice. Controlla il link del tuo invito.
page-error-game-gone-title = Partita inesistente
page-error-game-gone = Questa partita non esiste più.
page-error-not-your-game-title = Non è la tua partita
page-error-not-your-game = Il giocatore di questo link non ha un posto in questa partita.
page-error-other-game-title = Questo link è per un'altra partita
page-error-other-game = Un link del turno apre solo la partita per cui è stato mandato.
page-error-no-expected-seq-title = Il modulo è incompleto
page-error-no-expected-seq = Il modulo non diceva per quale stato della partita è il tuo turno (expected_seq). Ricarica la pagina e gioca di nuovo.
page-error-turn-too-long-title = Troppo lungo
page-error-turn-too-long = Un turno può essere lungo al massimo { $n } byte.
page-error-talk-too-long-title = Troppo lungo
page-error-talk-too-long = Un messaggio può essere lungo al massimo { $n } caratteri.
page-error-form-too-long-title = Troppo lungo
page-error-form-too-long = Un modulo può essere lungo al massimo { $n } byte.
page-error-leave-too-long-title = Troppo lungo
page-error-leave-too-long = Questo modulo è breve, ma quello arrivato non lo era.
page-error-leave-how-title = Lasciare come?
page-error-leave-how = Il modulo non diceva né ritirarsi, né annullare, né eliminare. Torna alla partita e usa i suoi pulsanti.
page-error-reset-used-title = Questo link è già stato usato
page-error-reset-used = Questo link ha già impostato una password (o la password è cambiata da quando è stato mandato). Chiedine uno nuovo se ti serve.
page-error-link-account-gone-title = Account inesistente
page-error-link-account-gone = L'account per cui è stato fatto questo link non esiste più.
page-error-account-gone-title = Account inesistente
page-error-account-gone = Questo account non esiste più.
page-error-form-expired-title = Questo modulo è scaduto
page-error-form-expired = Il modulo non è stato inviato da una pagina di questo sito, o la pagina è troppo vecchia. Torna indietro, ricarica la pagina e invialo di nuovo.
page-error-bot-title = Un bot gioca attraverso l'API
page-error-bot = Questo è un account bot: gioca con il suo token bot:play attraverso l'API (vedi docs/clients/bots.md), non da queste pagine.
page-error-which-step-title = Quale passo?
page-error-which-step = `at` è il numero di una voce del registro: 0 per l'inizio.
page-error-no-step-title = Passo inesistente
page-error-no-step = Il registro di questa partita ha le voci da 0 a { $last }.
page-error-no-token-title = Questo link è incompleto
page-error-no-token = Il link non ha un token. Apri il link completo dalla tua mail; alcuni programmi di posta spezzano in due i link lunghi.
page-error-link-broken-title = Questo link non funziona
page-error-link-expired-title = Questo link non funziona
page-error-link-expired = Questo link è scaduto. Una mail più recente di Hermes ne ha uno nuovo.
page-error-link-purpose-title = Questo link non funziona
page-error-link-purpose = Questo link serve a qualcos'altro.
page-error-link-invalid-title = Questo link non funziona
page-error-link-invalid = Questo link non è valido. Apri il link completo dalla tua mail.
page-error-address-not-yours-title = Questo indirizzo non è più tuo
page-error-address-not-yours = Questo link conferma un indirizzo che non è più quello del tuo account. Chiedi un nuovo link dall'indirizzo attuale dell'account.
page-leave-refused-resigned = Ti sei già ritirato
page-leave-refused-moved = Troppo tardi per annullare
page-leave-refused-started = La partita è cominciata
page-leave-refused-over = La partita è finita
page-leave-refused-not-creator = Non tocca a te eliminarla
page-leave-refused = Non fatto

## Le pagine della partita (entrambi i giochi)

page-play-your-turn = Tocca a te
page-play-title = { $name } in { $game }
page-play-your-game = la tua partita, { $name }
page-play-stand-in = Il tuo tempo è scaduto: un sostituto (bot { $level }) gioca per te finché non torni. Giocare un turno ti ridà il posto, oppure:
page-play-take-back = Riprendi il mio posto
page-play-the-rules = Le regole:
page-play-your-deadline = Il tuo turno va giocato entro { $deadline }.
page-play-deadline = Il turno va giocato entro { $deadline }.
page-play-send = Gioca questo turno
page-play-last-turns = Gli ultimi turni
page-play-no-turn-yet = Non è ancora stato giocato nessun turno.
page-play-board = Il piano di gioco
page-play-board-how = Gli esagoni si chiamano con le coordinate q,r.
page-play-board-keys = Con la tastiera: Tab fino al piano di gioco, le frecce passano da un esagono all'altro, Invio sceglie quello illuminato.
page-play-last-move = L'ultima mossa, turno { $turn } di { $name }:
page-play-last-move-ringed = i suoi esagoni sono cerchiati di blu
page-play-key = Legenda
page-play-god-n = dio { $seat }
page-play-key-tribe = { $colour ->
    [red] tribù rossa
    [yellow] tribù gialla
    [green] tribù verde
    [blue] tribù blu
   *[other] tribù ({ $colour })
} ({ $letter })
page-play-key-temple = tempio: il colore e il numero del suo dio
page-play-key-desert = deserto
page-play-key-empty = esagono vuoto dove può andare una tessera
page-play-key-lit = illuminato: dove può andare il passo scelto
page-play-key-placed = un passo del turno che stai costruendo
page-play-key-last = l'ultima mossa
page-play-board-words = Il piano di gioco a parole
page-play-board-picture = Il piano di gioco come immagine
page-play-whole-game = Tutta la partita, turno per turno
page-play-what-to-play = Cosa giocare
page-play-choices = Scelte per questo passo
page-play-so-far = Il tuo turno finora:
page-play-undo = Annulla l'ultimo passo
page-play-reset = Ricomincia
page-play-your-god = Il tuo dio (dio { $seat })
page-play-crystals = Cristalli: { $n }
page-play-temples = Templi nella tua riserva: { $supply }; sul piano di gioco: { $board }
page-play-markers = Gettoni Dio nella tua riserva: { $supply }; sul piano di gioco: { $board }
page-play-extra-actions = Tessere mediazione tenute: { $n }
page-play-villages = Tessere villaggio: { $n }
page-play-vp = Tessere PV: { $n }
page-play-display = Le tessere scoperte
page-play-display-empty = Non ci sono tessere scoperte.
page-play-tiles-left = Tessere rimaste: { $n }.
page-play-points-now = I punti se la partita finisse ora
page-play-col-god = Dio
page-play-col-points = Punti
page-play-col-seat = Posto
page-play-col-crystals = Cristalli
page-play-col-temples = Templi (riserva)
page-play-col-markers = Gettoni Dio (riserva)
page-play-col-villages = Villaggi
page-play-col-vp = Tessere PV
page-play-may-end = Puoi finire la partita ora: scrivi { $end }. Oppure scrivi { $continue } per raccogliere i tuoi cristalli e vedere le tessere scoperte; poi mandi le tue azioni.
page-play-owe = Hai { $n ->
    [one] { $n } azione
   *[other] { $n } azioni
} da svolgere. Scrivi tutto il tuo turno, con i passi separati da { $sep }, per esempio { $example }.
page-play-legal-first = Primi passi permessi ({ $n })
page-play-notation-label = Il tuo turno, nella notazione
page-play-how-to-write = Come scrivere un turno: { $guide }; { $rules }.
page-play-notation-guide = la guida alla notazione
page-play-rules-of = le regole di { $kind }
page-play-rules-of-cap = Le regole di { $kind }
page-play-gods = Gli dèi
page-play-replay = Rivedi tutta la partita
page-play-how-to = Come scrivere un turno
page-or = o
page-sealed-guess = una puntata sigillata

## Dreams

page-dreams-round = Giro { $round }
page-dreams-round-line = Giro { $round }, distribuito da { $dealer }; fase: { $phase }.
page-dreams-firmament = Il firmamento
page-dreams-firmament-label = Il firmamento dopo il turno { $turn }: le immagini da 1 a 4 di questo giro e le stelle piazzate, x verso destra e y verso il basso, da 0,0 in alto a sinistra a 100,100.
page-dreams-picture = Il firmamento come immagine
page-dreams-place-star = Piazza una stella
page-dreams-star-help = Clicca sul firmamento dove va la tua stella, scegli la stella, poi piazzala.
page-dreams-star = Stella
page-dreams-x = x (verso destra)
page-dreams-y = y (verso il basso)
page-dreams-bounds = Il firmamento va da 0,0 (in alto a sinistra) a { $max },{ $max } (in basso a destra); due stelle non possono condividere un punto.
page-dreams-taken = Occupati:
page-dreams-place-this = Piazza questa stella
page-dreams-pass-star = Passa: non piazzare stelle ora (la tua { $star } è messa da parte per questo giro)
page-dreams-your-guess = La tua puntata
page-dreams-sealed-note = La tua puntata è sigillata subito: definitiva, e non mostrata a nessuno prima che tutte le puntate siano fatte.
page-dreams-seal = Sigilla la mia puntata
page-dreams-no-guess = Nessuna puntata (passo)
page-dreams-or-notation = Oppure scrivi il tuo turno nella notazione
page-dreams-eg = per esempio
page-dreams-images = Le immagini del giro { $round }
page-dreams-card = carta { $card }
page-dreams-deck = Mazzo: { $deck }; { $n ->
    [one] resta { $n } carta da pescare.
   *[other] restano { $n } carte da pescare.
}
page-dreams-stars = Le stelle del giro { $round }
page-dreams-col-player = Giocatore
page-dreams-no-star = Non è ancora stata piazzata nessuna stella.
page-dreams-players = I giocatori
page-dreams-col-score = Punteggio
page-dreams-col-unplaced = Stelle da piazzare
page-dreams-col-guess = Puntata
page-dreams-you = tu
page-dreams-dealer = distribuisce
page-dreams-revealed = rivelata: { $guess }

## Chiacchiere al tavolo

page-talk-after-turn = dopo il turno { $turn }
page-talk-none = Nessuno ha ancora detto nulla.
page-talk-say = Di' qualcosa al tavolo
page-talk-post = Invia

## Turni messi in coda

page-queue-heading = Turni messi in coda
page-queue-note = Giocati appena tocca a te, se ancora permessi (altrimenti sono scartati tutti e la mail del turno dice perché). Nessun altro li vede.
page-queue-withdraw = Ritirali
page-queue-many = Non tocca a te: metti in coda fino a { $n } turni, uno per riga, nella { $notation }.
page-queue-one = Non tocca a te: metti in coda il tuo prossimo turno, nella { $notation }.
page-queue-notation = notazione
page-queue-replaces = (sostituisce i turni qui sopra)
page-queue-button = Metti in coda questo turno

## Rivincita

page-rematch-of = Questa partita è una rivincita: { $game }.
page-rematch-of-link = la partita che rigioca
page-rematch-again = Gioca ancora
page-rematch-how = Lo stesso tavolo, lo stesso gioco e le stesse opzioni. Comincia quando tutti i giocatori hanno accettato; nessuno deve essere collegato nello stesso momento.
page-rematch-propose = Proponi una rivincita
page-rematch = Rivincita
page-rematch-started = La rivincita è cominciata: { $open }.
page-rematch-open = aprila
page-rematch-accepted = Hanno accettato: { $names }.
page-rematch-waiting = Si aspetta: { $names }.
page-rematch-you-accepted = Hai accettato; comincia quando tutti avranno accettato.
page-rematch-accept = Accetta la rivincita

## Dall'ultima visita, i punti, un giro rivelato

page-since = Dalla tua ultima visita
page-points-result = Il risultato
page-points-by-source = I punti per origine, se la partita finisse ora
page-points-col-villages = Tessere villaggio ×3
page-points-col-vp = Tessere PV ×2
page-points-col-temples = Templi sul piano di gioco
page-points-won = ha vinto
page-points-the-most = maggioranza
page-points-how = 3 punti per tessera villaggio, 2 per tessera PV; il dio con più templi sul piano di gioco, tempio iniziale compreso, riceve { $majority }, e così ogni dio a pari merito ({ $e3 }). Un pareggio ai punti va a chi ha più cristalli ({ $e4 }).
page-points-negative = Perché un punteggio è sotto zero:
page-points-below-zero = { $name } ha { $total } punti: { $majority } per il maggior numero di templi sul piano di gioco ({ $temples }) e solo { $tiles } dalle tessere.
page-reveal-heading = Giro { $round } rivelato
page-reveal-line = La vera visione era { $vision }; { $mortal } era il mortale.
page-reveal-col-role = Ruolo

## La rivisitazione

page-replay-of = Rivedi { $game }
page-replay-steps = Passi
page-replay-first = Inizio
page-replay-prev = Precedente
page-replay-next = Successivo
page-replay-last = Fine
page-replay-start = L'inizio
page-replay-turn-of = Turno { $turn } di { $last }
page-replay-board-start = Il piano di gioco all'inizio
page-replay-board-after = Il piano di gioco dopo il turno { $turn }
page-replay-firmament-start = Il firmamento all'inizio
page-replay-firmament-after = Il firmamento dopo il turno { $turn }
page-replay-turn-by = Turno { $turn }: { $name }
page-replay-nobody-yet = A questo passo nessuno ha ancora giocato.
page-replay-back = Torna alla partita
page-replay-log = Tutto il registro
page-replay-before = Prima del primo turno:

## Le frasi che costruiscono le pagine della partita

page-play-hex-empty = vuoto, qui può andare una tessera
page-play-words-marked = { $hex } (gettone Dio di { $name })
page-play-words-temples = Templi di { $name } (dio { $seat }): { $hexes }.
page-play-words-tribes = { $colour ->
    [red] Tribù rosse
    [yellow] Tribù gialle
    [green] Tribù verdi
    [blue] Tribù blu
   *[other] Tribù ({ $colour })
}: { $hexes }.
page-play-words-deserts = Deserti: { $hexes }.
page-play-words-decay = Tessere decadenza: { $hexes }.
page-play-words-empty = Esagoni vuoti dove può andare una tessera ({ $n }): { $hexes }.
page-play-per-colour = { $colour ->
    [red] rossa
    [yellow] gialla
    [green] verde
    [blue] blu
   *[other] { $colour }
} { $n }
page-play-none = nessuna
page-play-and = { $first } e { $last }
page-play-over-won = La partita è finita: { $n ->
    [one] ha vinto { $names }.
   *[other] hanno vinto { $names }.
}
page-play-over = La partita è finita.
page-play-is-your-turn = Tocca a te.
page-play-is-turn-of = Tocca a { $names }.
page-source-timeout = giocato da Hermes: il tempo era scaduto
page-source-stand-in = giocato da un bot sostituto: il giocatore è via
page-source-forfeit = il dio si è ritirato: il tempo era scaduto
page-source-dropped-out = ritirato: il tempo era scaduto
page-source-queued = messo in coda
page-source-resign = ritirato: Hermes ha passato per il posto
page-flash-played = Il tuo turno è stato giocato: è il turno { $turn } della partita.
page-flash-queue-withdrawn = I tuoi turni in coda sono stati ritirati.
page-flash-queued = In coda: { $n ->
    [one] { $n } turno, giocato quando tocca a te.
   *[other] { $n } turni, giocati quando tocca a te.
}
page-flash-seat-back = Il posto è di nuovo tuo: il sostituto non gioca più.
page-refused-rules = Le regole non permettono questo turno
page-refused-unreadable = Questo turno non si riesce a leggere
page-refused-not-a-turn = Questo non è un turno di questo gioco
page-refused-stale = La partita è andata avanti da quando hai caricato questa pagina; non è stato giocato nulla
page-refused-not-your-turn = Non tocca a te
page-refused-over = La partita è finita
page-refused-not-started = La partita non è cominciata
page-refused-no-seat = Non hai un posto in questa partita
page-refused = Il tuo turno non è stato giocato
page-dreams-top-left = in alto a sinistra
page-dreams-top-right = in alto a destra
page-dreams-bottom-left = in basso a sinistra
page-dreams-bottom-right = in basso a destra
page-dreams-seat = posto { $seat }
page-dreams-name-seat = { $name } (posto { $seat })
page-dreams-image = immagine { $n }
page-dreams-no-guess-words = nessuna puntata
page-dreams-phase-stars = si piazzano le stelle
page-dreams-phase-guess = si punta
page-dreams-phase-over = finita
page-dreams-sealed = sigillata
page-dreams-not-yet = non ancora
page-dreams-role-god-titled = Sei un dio: la vera visione è l'immagine { $n }, { $title }.
page-dreams-role-god-vision = Sei un dio: la vera visione è l'immagine { $n }.
page-dreams-role-god = Sei un dio.
page-dreams-role-mortal = Sei il mortale: non sai quale immagine è la vera visione.
page-dreams-my-guess = La tua puntata sigillata: { $guess }. È definitiva, e nessun altro la vede prima della rivelazione.
page-dreams-my-pass = In questo giro non hai sigillato nessuna puntata (hai passato).
page-dreams-waiting-guesses = Si aspettano le puntate di { $names }.
page-dreams-your-turn-guess = Tocca a te: tutti i posti puntano insieme, in segreto.
page-dreams-guess-in = La tua puntata è fatta.
page-dreams-your-turn-star = Tocca a te: piazza una stella.
page-dreams-turn-star-of = Tocca a { $names } piazzare una stella.
page-dreams-legend-seat = Indica il posto che sospetti sia il mortale
page-dreams-legend-image = Indica l'immagine che credi sia la vera visione
page-dreams-the-mortal = il mortale
page-dreams-a-god = un dio
page-dreams-ev-dealt = Il giro { $round } è distribuito da { $name }.
page-dreams-ev-dealt-shuffled = Il giro { $round } è distribuito da { $name }; le carte messe da parte sono state rimescolate.
page-dreams-ev-god = { $name } è un dio nel giro { $round }.
page-dreams-ev-mortal = { $name } è il mortale nel giro { $round }.
page-dreams-ev-you-mortal = Sei il mortale.
page-dreams-ev-star = { $name } ha piazzato una { $star } in { $point }.
page-dreams-ev-star-passed = { $name } non ha piazzato stelle; la sua { $star } è messa da parte per questo giro.
page-dreams-ev-sealed = { $name } ha sigillato una puntata.
page-dreams-ev-their-guess = La puntata sigillata di { $name }: { $guess }.
page-dreams-ev-your-guess = La tua puntata sigillata: { $guess }.
page-dreams-ev-revealed = Giro { $round } rivelato: la vera visione era l'immagine { $n }, { $mortal } era il mortale; punti: { $points }.
page-dreams-kind = { $kind ->
    [clear] cristallo
    [grey] grigia
    [black] nera
   *[other] { $kind }
}
page-login-wrong = Email o password sbagliate.
page-password-length = Una password è lunga da { $min } a { $max } caratteri.
page-password-differ = Le due password sono diverse.
page-vacation-give-day = Indica il giorno in cui finisce la vacanza, per esempio 2026-08-01.
page-saved = Salvato.
page-leave-resign-means = Il tuo posto esce per sempre: da ora Hermes passa per lui ogni volta che deve agire, e non può vincere. La partita continua per gli altri, a cui viene detto che ti sei ritirato.
page-leave-abort-means = Nessuno ha ancora mosso: la partita finisce subito, nessuno vince, e ogni giocatore è avvisato per mail.
page-leave-delete-means = La partita non è cominciata: sparisce, con i suoi posti e i suoi inviti. I giocatori che si erano uniti sono avvisati per mail.
page-leave-yes-resign = Sì, mi ritiro
page-leave-yes-abort = Sì, annulla la partita
page-leave-yes-delete = Sì, elimina la partita
page-leave-resigned = Ti sei ritirato: da ora Hermes passa per il tuo posto. Puoi ancora guardare la partita qui.
page-leave-aborted = Hai annullato la partita: è finita, e nessuno ha vinto.
page-replay-goes-on = La partita continua: { $n ->
    [one] { $n } turno giocato finora.
   *[other] { $n } turni giocati finora.
}

## Le parole degli script delle pagine

page-js-no-answer = Il server non ha risposto.
page-js-zoom-in = Ingrandisci
page-js-zoom-out = Rimpicciolisci
page-js-zoom-fit = Tutto il piano
page-js-nothing-yet = (ancora nulla)
page-js-may-end = Puoi finire la partita ora, o continuare: allora raccogli i tuoi cristalli e vedi le tessere scoperte.
page-js-end-game = Finisci la partita
page-js-play-on = Continua
page-js-owe-one = Hai 1 azione da svolgere. Scegli una tessera scoperta, un tempio o un deserto da spostare; gli esagoni che puoi usare si illuminano.
page-js-owe = Hai { $n } azioni da svolgere. Scegli una tessera scoperta, un tempio o un deserto da spostare; gli esagoni che puoi usare si illuminano.
page-js-complete = Il tuo turno è completo: giocalo, o annulla un passo.
page-js-no-action-left = Non è più possibile nessuna azione: gioca il turno così com'è.
page-js-place-temple = Piazza un tempio
page-js-move-desert = Sposta un deserto (2 cristalli)
page-js-play-extra = Gioca una tessera mediazione
page-js-discard-it = Scartala
page-js-keep-it = Tienila per un turno successivo
page-js-play-it-now = Giocala ora
page-js-take-crystal = Prendi un cristallo da { $name }
page-js-god-n = dio { $n }
page-js-choose-desert = Scegli il deserto da spostare (è illuminato).
page-js-choose-where = Scegli dove va: un esagono illuminato.
page-js-choose-lit = Scegli un esagono illuminato.
page-js-choose-lit-n = Scegli un esagono illuminato ({ $n } illuminati; le frecce passano dall'uno all'altro).
page-js-unreachable = Il server non si raggiunge; usa il modulo qui sotto.
page-js-image = Immagine { $n }
page-js-show-large = Mostrala in grande
page-js-image-large = Immagine { $n }, in grande
page-js-guess-image = Punta sull'immagine { $n }
page-js-close = Chiudi
page-js-moved-on = La partita è andata avanti.
page-js-show-it = Mostra
page-js-will-be-lost = (quello che hai cominciato qui andrà perso)
page-js-notify = Avvisami quando tocca a me
page-js-notify-yes = Questa scheda ti avviserà quando tocca a te.
page-js-notify-no = Niente notifiche: il browser le rifiuta.
page-js-copied = Copiato
page-js-zone-chosen = È scelto il fuso orario del tuo browser, { $zone }.

## Moduli rifiutati

page-talk-not-posted = Il tuo messaggio non è stato pubblicato
page-rematch-refused = Niente rivincita
page-check-form = Controlla il modulo.
page-dreams-form-star = Scegli una stella: cristallo, grigia o nera.
page-dreams-form-point = Indica il punto con due numeri interi da 0 a 100: x verso destra, y verso il basso, 0,0 l'angolo in alto a sinistra.
page-dreams-form-seat = Scegli il posto che sospetti sia il mortale.
page-dreams-form-image = Scegli un'immagine, da 1 a 4.

## What stands on a hex, for a screen reader (the board on the turn page).
page-cell-god = dio { $seat }
page-cell-god-named = { $name } (dio { $seat })
page-cell-marked = { $tribe } con il gettone Dio di { $god }
page-cell-temple = tempio di { $god }
page-cell-last-move = ultima mossa: { $what }

# The web app manifest's description (a browser shows it when it offers to install the site).
page-manifest-description = Le tue partite a Gods e Dreams, un turno alla volta.
