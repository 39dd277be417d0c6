## Die Webseiten: das Layout und die Worte jeder Seite (Anrede: du).

## Das Layout

page-tagline = { $hermes }, der Bote der Götter
page-nav-rules = Regeln
page-rules-gods = Regeln von Gods
page-rules-dreams = Regeln von Dreams
page-notation = Notation
page-nav-account = Konto
page-log-out = Abmelden
page-log-in = Anmelden
page-sign-up = Registrieren
page-languages = Sprachen

## Keine Mails mehr

page-unsub-title = Keine Mails mehr
page-unsub-heading = Keine Mails mehr von Hermes?
page-unsub-already = Mails an { $email } sind bereits abgestellt. Du kannst das Formular noch einmal senden; es ändert nichts.
page-unsub-sends = Hermes schickt dir an { $email } Mails zu deinen Spielen.
page-unsub-button = Keine Mails mehr an { $email }
page-unsub-again = In deinen { $preferences } kannst du jederzeit wieder Spielmails bekommen (oder mit { $api }).
page-your-preferences = Einstellungen
page-unsubscribed-title = Mails abgestellt
page-unsubscribed-done = Hermes schickt keine Spielmails mehr an { $email }.
page-unsubscribed-again = Um sie wieder zu bekommen, wähle sie in deinen { $preferences } (melde dich vorher an, falls nötig) oder setze { $field } mit { $api }.

## Adresse bestätigt

page-verified-title = Adresse bestätigt
page-verified-done = Danke, { $name }: { $email } ist als deine Adresse bestätigt.

## Ein Beitrittslink

page-join-title = Einem Spiel { $kind } beitreten
page-join-heading = Ein Spiel { $kind }
page-join-created-by = Erstellt von
page-join-seats = Plätze
page-join-players = Bisherige Spieler
page-join-no-players = noch keine
page-join-status = Stand
page-join-seated = Du hast einen Platz in diesem Spiel.
page-join-open-game = Zum Spiel
page-join-take-seat = Platz nehmen
page-join-sign-up-first = Um Platz zu nehmen, { $signup } dich (das dauert eine Minute) oder { $login } dich an; danach kommst du hierher zurück.
page-join-sign-up-link = registriere
page-join-log-in-link = melde
page-join-how-it-starts = Das Spiel beginnt, sobald alle Plätze besetzt sind. Wenn du dran bist, schickt dir Hermes einen Link zu deinem Zug.
page-join-api = Beitreten über die API
page-join-api-how = Melde dich an ({ $login }), um ein Zugriffstoken zu bekommen, und nimm dann mit dem Beitrittscode dieses Spiels Platz:
page-join-started = Dieses Spiel hat begonnen: Alle Plätze sind besetzt.
page-join-status-open = wartet auf Spieler
page-join-status-running = läuft

## Anmelden, registrieren, Passwort vergessen

page-email = E-Mail
page-password = Passwort
page-forgot-link = Passwort vergessen?
page-no-account = Noch kein Konto? { $signup }
page-have-account = Schon ein Konto? { $login }
page-signup-intro = Hermes spielt Brettspiele per E-Mail, Zug um Zug. Ein Konto braucht eine Adresse, die dich erreicht: Wir schicken dir einen Link, um sie zu bestätigen.
page-signup-name = Dein Name, wie ihn die anderen sehen
page-password-min = Passwort (mindestens { $n } Zeichen)
page-signup-zone = Deine Zeitzone (Fristen werden darin angezeigt)
page-mail-language = Sprache deiner Mails
page-signup-later = Du kannst beides später in deinen Einstellungen ändern.
page-signed-up-title = Schau in dein Postfach
page-signed-up-sent = Wir haben eine Mail an { $email } geschickt. Ist die Adresse neu bei Hermes, enthält die Mail einen Link zur Bestätigung; gehört sie schon zu einem Konto, sagt die Mail das, und nichts hat sich geändert.
page-signed-up-log-in-now = Du kannst dich schon jetzt anmelden, vor der Bestätigung:
page-forgot-title = Passwort vergessen
page-forgot-sent = Gehört die Adresse { $email } zu einem Konto, ist eine Mail mit einem Link für ein neues Passwort unterwegs. Der Link gilt einmal, eine Stunde lang.
page-forgot-intro = Gib die Adresse deines Kontos an; wir schicken ihr einen Link für ein neues Passwort.
page-forgot-button = Link zuschicken
page-reset-title = Neues Passwort setzen
page-reset-for = Für das Konto von { $email }. Dabei wird dieses Konto überall abgemeldet.
page-reset-new = Neues Passwort (mindestens { $n } Zeichen)
page-reset-again = Noch einmal dasselbe
page-reset-button = Passwort setzen
page-reset-done-title = Passwort gesetzt
page-reset-done = Das Konto von { $email } hat sein neues Passwort, und jeder Browser, der damit angemeldet war, ist abgemeldet.

## Willkommen

page-welcome-title = Willkommen
page-welcome-heading = Brettspiele per E-Mail, Zug um Zug
page-welcome-intro = Hermes verwahrt Spielfläche, Züge und Uhr. Wenn du dran bist, schickt er dir die Spielfläche und einen Link; du spielst auf der Seite oder per Antwort auf die Mail. Zwei Spiele: { $gods } (2 bis 4 Spieler, eine Karte aus Feldern und Tempeln) und { $dreams } (3 bis 6 Spieler, ein Sterblicher unter Göttern errät die wahre Vision).
page-welcome-invited = Zu einem Spiel eingeladen? Öffne den Link in deiner Einladung: Dort kannst du dich registrieren und Platz nehmen.

## Einstellungen

page-prefs-title = Einstellungen
page-prefs-for = Für { $email }.
page-prefs-mail = Spielmails
page-prefs-mail-bot = Spielmails (keine für einen Bot: Er folgt seinem Ereignisstrom)
page-prefs-every-turn = Eine Mail bei jedem meiner Züge
page-prefs-digest = Eine Mail am Tag mit den Spielen, die auf mich warten
page-prefs-none = Keine Spielmails (abbestellt)
page-talk = Gespräch am Tisch
page-prefs-talk-with-turn = In meiner nächsten Zugmail
page-prefs-talk-at-once = Zusätzlich per Mail, sobald etwas gesagt wird (höchstens eine Mail pro Spiel alle paar Minuten; mit einer Antwort auf die Mail redest du mit)
page-prefs-zone = Zeitzone (Fristen werden darin angezeigt)
page-prefs-save = Speichern
page-prefs-bot-heading = Bot-Konto
page-prefs-bot-account = Bot-Konto
page-prefs-bot-is = Dies ist ein { $bot }: Ein Programm spielt es über die API mit seinem Token { $token } und folgt seinem Ereignisstrom. Es bekommt keine Spielmails, die Seiten spielen nichts dafür, und an seinen Plätzen steht „(bot)“ neben dem Namen.
page-prefs-bot-may = Ein Programm von dir kann als { $bot } über die API spielen, mit einem Token, das nur spielt und liest. Das geht nur, solange das Konto noch in keinem Spiel Platz genommen hat, und gilt für immer; an seinen Plätzen steht dann „(bot)“ neben dem Namen.
page-prefs-bot-button = Zu einem Bot-Konto machen
page-your-games = Deine Spiele

## Urlaub

page-vacation-title = Urlaub
page-vacation-intro = Während du im Urlaub bist, stehen die Uhren all deiner Spiele still: Jede deiner Fristen verschiebt sich um die Zeit, die du weg bist. Du hast { $days } Tage im Jahr; dieses Jahr bleiben dir noch { $left }.
page-vacation-until = Du bist im Urlaub bis { $until }.
page-vacation-end-now = Urlaub jetzt beenden
page-vacation-move-to = Ende verschieben auf (Beginn dieses Tages, { $zone })
page-vacation-away-until = Weg bis (Beginn dieses Tages, { $zone })
page-vacation-move = Ende verschieben
page-vacation-start = Urlaub beginnen

## Ein Spiel verlassen

page-leave-resign-q = Aus { $game } aussteigen?
page-leave-abort-q = { $game } abbrechen?
page-leave-delete-q = { $game } löschen?
page-leave-final = Das lässt sich nicht rückgängig machen.
page-leave-back = Nein, zurück
page-leave-heading = Dieses Spiel verlassen
page-leave-abort = Spiel abbrechen
page-leave-abort-note = Noch hat niemand gezogen: Das Spiel endet, und niemand gewinnt.
page-leave-resign = Aussteigen
page-leave-resign-note = Dein Platz scheidet aus, und Hermes passt für ihn; eine Seite fragt dich vorher noch einmal.

## Die Lobby (deine Spiele)

page-lobby-your-turn-n = Du bist dran ({ $n })
page-lobby-seats = { $n ->
    [one] { $n } Platz
   *[other] { $n } Plätze
}
page-lobby-by = bis { $deadline }
page-lobby-joined = Dabei: { $players }
page-lobby-no-players = noch keine Spieler
page-lobby-invited-not-joined = Eingeladen, noch nicht beigetreten: { $addresses }
page-lobby-watched-by = zuschauen dürfen { $who }
page-lobby-watchers-players = nur die Spieler
page-lobby-watchers-invited = die Spieler und eingeladene Zuschauer
page-lobby-watchers-signed-in = alle Angemeldeten
page-lobby-status-open = wartet auf Spieler ({ $n } von { $of })
page-lobby-status-over = beendet
page-lobby-status-my-turn = du bist dran
page-lobby-status-playing = läuft
page-lobby-join-link = Beitrittslink:
page-lobby-join-link-of = Der Beitrittslink von { $game }
page-lobby-copy = Link kopieren
page-lobby-invite = Einladen
page-lobby-invite-address = Adresse, die zu diesem Spiel eingeladen wird
page-lobby-let-watch = Zuschauen lassen
page-lobby-watch-address = Adresse, die diesem Spiel zuschauen darf
page-lobby-allow = Erlauben
page-lobby-delete = Dieses Spiel löschen
page-lobby-delete-note = (eine Seite fragt dich vorher noch einmal)
page-lobby-times-in = Zeiten in { $zone } ({ $preferences }).
page-lobby-waiting = Warten auf dich
page-lobby-waiting-none = Kein Spiel wartet auf dich.
page-lobby-invitations = Einladungen
page-lobby-invitations-none = Keine Einladung zu einem offenen Spiel. (Einladungen erscheinen hier, sobald deine Adresse bestätigt ist.)
page-lobby-playing = Laufende Spiele
page-lobby-none = Keine.
page-lobby-open = Warten auf Spieler
page-lobby-new = Neues Spiel
page-lobby-game = Spiel
page-lobby-players-range = { $min } bis { $max } Spieler
page-lobby-players = Spieler
page-lobby-draw = Plättchen gezogen aus
page-lobby-draw-pile = dem Stapel (das Spielende-Plättchen nahe seinem Boden)
page-lobby-draw-bag = dem Beutel
page-lobby-deck = Kartensatz ({ $standard } oder die Kennung eines hochgeladenen Kartensatzes)
page-lobby-bots = Bots
page-lobby-bot-seats = Plätze, die Bots spielen (du spielst mit ihnen; ein Bot zieht binnen Sekunden)
page-lobby-bots-play = Bots spielen
page-lobby-level-random = zufällig
page-lobby-level-greedy = gierig (der beste Zug im Moment)
page-lobby-level-strong = stark (mit Vorausschau)
page-lobby-hours = Stunden pro Zug ({ $min } bis { $max })
page-lobby-timeout = Wenn die Zeit eines Spielers abläuft
page-lobby-timeout-stand-in = springt ein Bot ein, bis er zurück ist
page-lobby-timeout-pass = passt Hermes für ihn
page-lobby-timeout-forfeit = scheidet er aus
page-lobby-timeout-wait = wartet das Spiel
page-lobby-stand-in-plays = Ein Ersatz-Bot spielt
page-lobby-who-watches = Wer zuschauen darf
page-lobby-watch-signed-in = alle Angemeldeten
page-lobby-watch-players = nur die Spieler
page-lobby-watch-invited = die Spieler und die Zuschauer, die sie einladen
page-lobby-invite-list = Einladen (Adressen, getrennt durch Kommas oder Zeilen)
page-lobby-create = Spiel erstellen
page-lobby-watchable = Spiele zum Zuschauen
page-lobby-watchable-none = Gerade gibt es kein Spiel zum Zuschauen.
page-lobby-over = Beendet
page-lobby-none-yet = Noch keine.
page-lobby-created = Dein Spiel ist erstellt. Lade Spieler ein oder teile seinen Beitrittslink.
page-lobby-invited = { $address } ist eingeladen.
page-lobby-spectator = { $address } darf dem Spiel zuschauen, sobald die Adresse bestätigt ist.
page-lobby-deleted = Das Spiel ist gelöscht.
page-lobby-not-created = Das Spiel wurde nicht erstellt: Sieh dir das markierte Feld unten an.
page-lobby-whole-number = Bitte eine ganze Zahl.

## Fehlerseiten

page-error-internal-title = Etwas ist schiefgegangen
page-error-internal = Auf dem Server ist ein Fehler aufgetreten; er ist protokolliert. Versuch es gleich noch einmal.
page-error-log-in-to-send-title = Erst anmelden
page-error-log-in-to-send = Melde dich an und sende das Formular dann noch einmal.
page-error-log-in-to-open-title = Erst anmelden
page-error-log-in-to-open = Melde dich an, um dieses Spiel zu öffnen, oder öffne den ganzen Link aus deiner Mail (manche Mailprogramme teilen lange Links in zwei).
page-error-signed-out-title = Erst anmelden
page-error-signed-out = Diese Seite ist für angemeldete Spieler. Melde dich an und öffne sie noch einmal.
page-error-no-join-code-title = Kein solches Spiel
page-error-no-join-code = Kein Spiel hat diesen Beitrittscode. Prüfe den Link in deiner Einladung.
page-error-game-gone-title = Kein solches Spiel
page-error-game-gone = Dieses Spiel gibt es nicht mehr.
page-error-not-your-game-title = Nicht dein Spiel
page-error-not-your-game = Der Spieler dieses Links hat keinen Platz in diesem Spiel.
page-error-other-game-title = Dieser Link gehört zu einem anderen Spiel
page-error-other-game = Ein Zuglink öffnet nur das Spiel, für das er geschickt wurde.
page-error-no-expected-seq-title = Das Formular ist unvollständig
page-error-no-expected-seq = Das Formular sagte nicht, für welchen Stand des Spiels dein Zug gedacht ist (expected_seq). Lade die Seite neu und spiele noch einmal.
page-error-turn-too-long-title = Zu lang
page-error-turn-too-long = Ein Zug hat höchstens { $n } Bytes.
page-error-talk-too-long-title = Zu lang
page-error-talk-too-long = Eine Nachricht hat höchstens { $n } Zeichen.
page-error-form-too-long-title = Zu lang
page-error-form-too-long = Ein Formular hat höchstens { $n } Bytes.
page-error-leave-too-long-title = Zu lang
page-error-leave-too-long = Dieses Formular ist kurz; das hier war es nicht.
page-error-leave-how-title = Wie verlassen?
page-error-leave-how = Das Formular sagte weder aussteigen noch abbrechen noch löschen. Geh zurück zum Spiel und benutze die Knöpfe dort.
page-error-reset-used-title = Dieser Link wurde schon benutzt
page-error-reset-used = Mit diesem Link wurde schon ein Passwort gesetzt (oder das Passwort hat sich seit dem Versand geändert). Fordere bei Bedarf einen neuen an.
page-error-link-account-gone-title = Kein solches Konto
page-error-link-account-gone = Das Konto, für das dieser Link gemacht wurde, gibt es nicht mehr.
page-error-account-gone-title = Kein solches Konto
page-error-account-gone = Dieses Konto gibt es nicht mehr.
page-error-form-expired-title = Dieses Formular ist abgelaufen
page-error-form-expired = Das Formular kam nicht von einer Seite dieser Website, oder die Seite ist zu alt. Geh zurück, lade die Seite neu und sende es noch einmal.
page-error-bot-title = Ein Bot spielt über die API
page-error-bot = Dies ist ein Bot-Konto: Es spielt mit seinem Token bot:play über die API (siehe docs/clients/bots.md), nicht auf diesen Seiten.
page-error-which-step-title = Welcher Schritt?
page-error-which-step = `at` ist die Nummer eines Protokolleintrags: 0 für den Anfang.
page-error-no-step-title = Kein solcher Schritt
page-error-no-step = Das Protokoll dieses Spiels hat die Einträge 0 bis { $last }.
page-error-no-token-title = Dieser Link ist unvollständig
page-error-no-token = Dem Link fehlt das Token. Öffne den ganzen Link aus deiner Mail; manche Mailprogramme teilen lange Links in zwei.
page-error-link-broken-title = Dieser Link funktioniert nicht
page-error-link-expired-title = Dieser Link funktioniert nicht
page-error-link-expired = Dieser Link ist abgelaufen. Eine neuere Mail von Hermes hat einen frischen.
page-error-link-purpose-title = Dieser Link funktioniert nicht
page-error-link-purpose = Dieser Link wurde für etwas anderes gemacht.
page-error-link-invalid-title = Dieser Link funktioniert nicht
page-error-link-invalid = Dieser Link ist ungültig. Öffne den ganzen Link aus deiner Mail.
page-error-address-not-yours-title = Diese Adresse gehört dir nicht mehr
page-error-address-not-yours = Dieser Link bestätigt eine Adresse, die nicht mehr die deines Kontos ist. Fordere einen neuen Link von der jetzigen Adresse des Kontos an.
page-leave-refused-resigned = Du bist schon ausgestiegen
page-leave-refused-moved = Zu spät zum Abbrechen
page-leave-refused-started = Das Spiel hat begonnen
page-leave-refused-over = Das Spiel ist vorbei
page-leave-refused-not-creator = Nur wer das Spiel erstellt hat, darf es löschen
page-leave-refused = Nicht ausgeführt

## Die Spielseiten (beide Spiele)

page-play-your-turn = Du bist dran
page-play-title = { $name } in { $game }
page-play-your-game = dein Spiel, { $name }
page-play-stand-in = Deine Zeit ist abgelaufen: Ein Ersatz-Bot ({ $level }) spielt für dich, bis du zurück bist. Spielst du einen Zug, bekommst du deinen Platz zurück, oder:
page-play-take-back = Meinen Platz zurücknehmen
page-play-the-rules = Die Regeln:
page-play-your-deadline = Dein Zug muss gespielt sein bis { $deadline }.
page-play-deadline = Der Zug muss gespielt sein bis { $deadline }.
page-play-send = Diesen Zug spielen
page-play-last-turns = Die letzten Züge
page-play-no-turn-yet = Noch wurde kein Zug gespielt.
page-play-board = Die Spielfläche
page-play-board-how = Felder heißen nach ihren Koordinaten q,r.
page-play-board-keys = Mit der Tastatur: Mit Tab zur Spielfläche, die Pfeiltasten wechseln zwischen Feldern, Enter wählt ein leuchtendes.
page-play-last-move = Der letzte Zug, Zug { $turn } von { $name }:
page-play-last-move-ringed = seine Felder sind blau umrandet
page-play-key = Legende
page-play-god-n = Gott { $seat }
page-play-key-tribe = { $colour ->
    [red] roter Stamm
    [yellow] gelber Stamm
    [green] grüner Stamm
    [blue] blauer Stamm
   *[other] Stamm ({ $colour })
} ({ $letter })
page-play-key-temple = Tempel: Farbe und Nummer seines Gottes
page-play-key-desert = Wüste
page-play-key-empty = leeres Feld, auf das ein Plättchen darf
page-play-key-lit = leuchtend: wohin der gewählte Schritt darf
page-play-key-placed = ein Schritt des Zuges, den du gerade zusammenstellst
page-play-key-last = der letzte Zug
page-play-board-words = Die Spielfläche in Worten
page-play-board-picture = Die Spielfläche als Bild
page-play-whole-game = Das ganze Spiel, Zug für Zug
page-play-what-to-play = Was spielen
page-play-choices = Möglichkeiten für diesen Schritt
page-play-so-far = Dein Zug bisher:
page-play-undo = Letzten Schritt zurücknehmen
page-play-reset = Neu beginnen
page-play-your-god = Dein Gott (Gott { $seat })
page-play-crystals = Kristalle: { $n }
page-play-temples = Tempel in deinem Vorrat: { $supply }; auf der Spielfläche: { $board }
page-play-markers = Göttersteine in deinem Vorrat: { $supply }; auf der Spielfläche: { $board }
page-play-extra-actions = Behaltene Zusatzaktion-Plättchen: { $n }
page-play-villages = Volk-Plättchen: { $n }
page-play-vp = Siegpunkt-Plättchen: { $n }
page-play-display = Die Auslage
page-play-display-empty = Die Auslage ist leer.
page-play-tiles-left = Übrige Plättchen: { $n }.
page-play-points-now = Punkte, wenn das Spiel jetzt endete
page-play-col-god = Gott
page-play-col-points = Punkte
page-play-col-seat = Platz
page-play-col-crystals = Kristalle
page-play-col-temples = Tempel (Vorrat)
page-play-col-markers = Göttersteine (Vorrat)
page-play-col-villages = Völker
page-play-col-vp = Siegpunkt-Plättchen
page-play-may-end = Du darfst das Spiel jetzt beenden: Schreib { $end }. Oder schreib { $continue }, um deine Kristalle zu sammeln und die Auslage zu sehen; danach schickst du deine Aktionen.
page-play-owe = Du musst noch { $n ->
    [one] { $n } Aktion
   *[other] { $n } Aktionen
} ausführen. Schreib deinen ganzen Zug, die Schritte getrennt durch { $sep }, z. B. { $example }.
page-play-legal-first = Erlaubte erste Schritte ({ $n })
page-play-notation-label = Dein Zug in der Notation
page-play-how-to-write = So schreibst du einen Zug: { $guide }; { $rules }.
page-play-notation-guide = die Anleitung zur Notation
page-play-rules-of = die Regeln von { $kind }
page-play-rules-of-cap = Die Regeln von { $kind }
page-play-gods = Die Götter
page-play-replay = Das ganze Spiel nachspielen
page-play-how-to = So schreibst du einen Zug
page-or = oder
page-sealed-guess = ein versiegelter Tipp

## Dreams

page-dreams-round = Runde { $round }
page-dreams-round-line = Runde { $round }, gegeben von { $dealer }; Phase: { $phase }.
page-dreams-firmament = Das Firmament
page-dreams-firmament-label = Das Firmament nach Zug { $turn }: die Bilder 1 bis 4 dieser Runde und die gelegten Sterne, x nach rechts und y nach unten, von 0,0 oben links bis 100,100.
page-dreams-picture = Das Firmament als Bild
page-dreams-place-star = Einen Stern legen
page-dreams-star-help = Klick auf das Firmament, wo dein Stern hinkommt, wähle den Stern und lege ihn.
page-dreams-star = Stern
page-dreams-x = x (nach rechts)
page-dreams-y = y (nach unten)
page-dreams-bounds = Das Firmament reicht von 0,0 (oben links) bis { $max },{ $max } (unten rechts); zwei Sterne dürfen keinen Punkt teilen.
page-dreams-taken = Belegt:
page-dreams-place-this = Diesen Stern legen
page-dreams-pass-star = Passen: jetzt keinen Stern legen (dein { $star } wird diese Runde beiseitegelegt)
page-dreams-your-guess = Dein Tipp
page-dreams-sealed-note = Dein Tipp wird sofort versiegelt: endgültig, und niemandem gezeigt, bevor alle Tipps abgegeben sind.
page-dreams-seal = Meinen Tipp versiegeln
page-dreams-no-guess = Kein Tipp (passen)
page-dreams-or-notation = Oder schreib deinen Zug in der Notation
page-dreams-eg = z. B.
page-dreams-images = Die Bilder von Runde { $round }
page-dreams-card = Karte { $card }
page-dreams-deck = Kartensatz: { $deck }; { $n ->
    [one] noch { $n } Karte zum Ziehen.
   *[other] noch { $n } Karten zum Ziehen.
}
page-dreams-stars = Die Sterne von Runde { $round }
page-dreams-col-player = Spieler
page-dreams-no-star = Noch ist kein Stern gelegt.
page-dreams-players = Die Spieler
page-dreams-col-score = Stand
page-dreams-col-unplaced = Noch zu legen
page-dreams-col-guess = Tipp
page-dreams-you = du
page-dreams-dealer = gibt
page-dreams-revealed = aufgedeckt: { $guess }

## Gespräch am Tisch

page-talk-after-turn = nach Zug { $turn }
page-talk-none = Noch hat niemand etwas gesagt.
page-talk-say = Sag etwas in die Runde
page-talk-post = Senden

## Im Voraus vorgemerkte Züge

page-queue-heading = Im Voraus vorgemerkte Züge
page-queue-note = Gespielt, sobald du dran bist, wenn sie dann noch erlaubt sind (sonst fallen alle weg, und deine Zugmail sagt warum). Niemand sonst sieht sie.
page-queue-withdraw = Zurückziehen
page-queue-many = Du bist nicht dran: Merke bis zu { $n } Züge vor, einen pro Zeile, in der { $notation }.
page-queue-one = Du bist nicht dran: Merke deinen nächsten Zug vor, in der { $notation }.
page-queue-notation = Notation
page-queue-replaces = (das ersetzt die Züge oben)
page-queue-button = Diesen Zug vormerken

## Revanche

page-rematch-of = Dieses Spiel ist eine Revanche: { $game }.
page-rematch-of-link = das Spiel, das es noch einmal spielt
page-rematch-again = Noch einmal spielen
page-rematch-how = Derselbe Tisch, dasselbe Spiel mit denselben Optionen. Es beginnt, sobald alle zugestimmt haben; niemand muss gleichzeitig online sein.
page-rematch-propose = Revanche vorschlagen
page-rematch = Revanche
page-rematch-started = Die Revanche hat begonnen: { $open }.
page-rematch-open = öffnen
page-rematch-accepted = Zugestimmt: { $names }.
page-rematch-waiting = Es fehlen noch: { $names }.
page-rematch-you-accepted = Du hast zugestimmt; sie beginnt, sobald alle zugestimmt haben.
page-rematch-accept = Revanche annehmen

## Seit dem letzten Besuch, die Punkte, eine aufgedeckte Runde

page-since = Seit deinem letzten Besuch
page-points-result = Das Ergebnis
page-points-by-source = Die Punkte nach Herkunft, wenn das Spiel jetzt endete
page-points-col-villages = Volk-Plättchen ×3
page-points-col-vp = Siegpunkt-Plättchen ×2
page-points-col-temples = Tempel auf der Spielfläche
page-points-won = gewonnen
page-points-the-most = die meisten
page-points-how = 3 Punkte pro Volk-Plättchen, 2 pro Siegpunkt-Plättchen; der Gott mit den meisten Tempeln auf der Spielfläche, den Starttempel mitgezählt, bekommt { $majority }, jeder Gott mit gleich vielen ebenso ({ $e3 }). Bei Punktgleichheit gewinnen die meisten Kristalle ({ $e4 }).
page-points-negative = Warum ein Stand unter null liegt:
page-points-below-zero = { $name } hat { $total } Punkte: { $majority } für die meisten Tempel auf der Spielfläche ({ $temples }) und nur { $tiles } aus Plättchen.
page-reveal-heading = Runde { $round } aufgedeckt
page-reveal-line = Die wahre Vision war { $vision }; { $mortal } war der Sterbliche.
page-reveal-col-role = Rolle

## Das Nachspielen

page-replay-of = { $game } nachspielen
page-replay-steps = Schritte
page-replay-first = Anfang
page-replay-prev = Zurück
page-replay-next = Weiter
page-replay-last = Ende
page-replay-start = Der Anfang
page-replay-turn-of = Zug { $turn } von { $last }
page-replay-board-start = Die Spielfläche am Anfang
page-replay-board-after = Die Spielfläche nach Zug { $turn }
page-replay-firmament-start = Das Firmament am Anfang
page-replay-firmament-after = Das Firmament nach Zug { $turn }
page-replay-turn-by = Zug { $turn }: { $name }
page-replay-nobody-yet = Bei diesem Schritt hat noch niemand gespielt.
page-replay-back = Zurück zum Spiel
page-replay-log = Das ganze Protokoll
page-replay-before = Vor dem ersten Zug:

## Sätze, die die Spielseiten bauen

page-play-hex-empty = leer, hier darf ein Plättchen hin
page-play-words-marked = { $hex } (Götterstein von { $name })
page-play-words-temples = Tempel von { $name } (Gott { $seat }): { $hexes }.
page-play-words-tribes = { $colour ->
    [red] Rote Stämme
    [yellow] Gelbe Stämme
    [green] Grüne Stämme
    [blue] Blaue Stämme
   *[other] Stämme ({ $colour })
}: { $hexes }.
page-play-words-deserts = Wüsten: { $hexes }.
page-play-words-decay = Verfall-Plättchen: { $hexes }.
page-play-words-empty = Leere Felder, auf die ein Plättchen darf ({ $n }): { $hexes }.
page-play-per-colour = { $colour ->
    [red] rot
    [yellow] gelb
    [green] grün
    [blue] blau
   *[other] { $colour }
} { $n }
page-play-none = keine
page-play-and = { $first } und { $last }
page-play-over-won = Das Spiel ist vorbei: { $n ->
    [one] { $names } hat gewonnen.
   *[other] { $names } haben gewonnen.
}
page-play-over = Das Spiel ist vorbei.
page-play-is-your-turn = Du bist dran.
page-play-is-turn-of = { $names } ist dran.
page-source-timeout = von Hermes gespielt: die Zeit war abgelaufen
page-source-stand-in = von einem Ersatz-Bot gespielt: der Spieler ist weg
page-source-forfeit = der Gott ist ausgeschieden: die Zeit war abgelaufen
page-source-dropped-out = ausgeschieden: die Zeit war abgelaufen
page-source-queued = im Voraus vorgemerkt
page-source-resign = ausgestiegen: Hermes hat für den Platz gepasst
page-flash-played = Dein Zug ist gespielt: Es ist Zug { $turn } des Spiels.
page-flash-queue-withdrawn = Deine vorgemerkten Züge sind zurückgezogen.
page-flash-queued = Vorgemerkt: { $n ->
    [one] { $n } Zug, gespielt, sobald du dran bist.
   *[other] { $n } Züge, gespielt, sobald du dran bist.
}
page-flash-seat-back = Dein Platz gehört wieder dir: Der Ersatz-Bot spielt nicht mehr.
page-refused-rules = Die Regeln erlauben diesen Zug nicht
page-refused-unreadable = Dieser Zug ist nicht lesbar
page-refused-not-a-turn = Das ist kein Zug dieses Spiels
page-refused-stale = Das Spiel ist weitergegangen, seit du diese Seite geladen hast; nichts wurde gespielt
page-refused-not-your-turn = Du bist nicht dran
page-refused-over = Das Spiel ist vorbei
page-refused-not-started = Das Spiel hat noch nicht begonnen
page-refused-no-seat = Du hast keinen Platz in diesem Spiel
page-refused = Dein Zug wurde nicht gespielt
page-dreams-top-left = oben links
page-dreams-top-right = oben rechts
page-dreams-bottom-left = unten links
page-dreams-bottom-right = unten rechts
page-dreams-seat = Platz { $seat }
page-dreams-name-seat = { $name } (Platz { $seat })
page-dreams-image = Bild { $n }
page-dreams-no-guess-words = kein Tipp
page-dreams-phase-stars = Sterne legen
page-dreams-phase-guess = tippen
page-dreams-phase-over = vorbei
page-dreams-sealed = versiegelt
page-dreams-not-yet = noch nicht
page-dreams-role-god-titled = Du bist ein Gott: Die wahre Vision ist Bild { $n }, { $title }.
page-dreams-role-god-vision = Du bist ein Gott: Die wahre Vision ist Bild { $n }.
page-dreams-role-god = Du bist ein Gott.
page-dreams-role-mortal = Du bist der Sterbliche: Du weißt nicht, welches Bild die wahre Vision ist.
page-dreams-my-guess = Dein versiegelter Tipp: { $guess }. Er ist endgültig, und niemand sonst sieht ihn vor dem Aufdecken.
page-dreams-my-pass = Du hast diese Runde keinen Tipp versiegelt (gepasst).
page-dreams-waiting-guesses = Es fehlen noch die Tipps von { $names }.
page-dreams-your-turn-guess = Du bist dran: Alle Plätze tippen zugleich, im Geheimen.
page-dreams-guess-in = Dein Tipp ist abgegeben.
page-dreams-your-turn-star = Du bist dran: Leg einen Stern.
page-dreams-turn-star-of = { $names } ist dran, einen Stern zu legen.
page-dreams-legend-seat = Nenne den Platz, den du für den Sterblichen hältst
page-dreams-legend-image = Nenne das Bild, das du für die wahre Vision hältst
page-dreams-the-mortal = der Sterbliche
page-dreams-a-god = ein Gott
page-dreams-ev-dealt = In Runde { $round } gibt { $name }.
page-dreams-ev-dealt-shuffled = In Runde { $round } gibt { $name }; die beiseitegelegten Karten wurden wieder eingemischt.
page-dreams-ev-god = { $name } ist ein Gott in Runde { $round }.
page-dreams-ev-mortal = { $name } ist der Sterbliche in Runde { $round }.
page-dreams-ev-you-mortal = Du bist der Sterbliche.
page-dreams-ev-star = { $name } hat einen { $star } auf { $point } gelegt.
page-dreams-ev-star-passed = { $name } hat keinen Stern gelegt; der { $star } wird diese Runde beiseitegelegt.
page-dreams-ev-sealed = { $name } hat einen Tipp versiegelt.
page-dreams-ev-their-guess = Versiegelter Tipp von { $name }: { $guess }.
page-dreams-ev-your-guess = Dein versiegelter Tipp: { $guess }.
page-dreams-ev-revealed = Runde { $round } aufgedeckt: Die wahre Vision war Bild { $n }, { $mortal } war der Sterbliche; Punkte: { $points }.
page-dreams-kind = { $kind ->
    [clear] klar
    [grey] grau
    [black] schwarz
   *[other] { $kind }
}
page-login-wrong = Falsche E-Mail oder falsches Passwort.
page-password-length = Ein Passwort hat { $min } bis { $max } Zeichen.
page-password-differ = Die beiden Passwörter sind verschieden.
page-vacation-give-day = Gib den Tag an, an dem der Urlaub endet, z. B. 2026-08-01.
page-saved = Gespeichert.
page-leave-resign-means = Dein Platz scheidet endgültig aus: Ab jetzt passt Hermes für ihn, wann immer er handeln muss, und er kann nicht gewinnen. Das Spiel geht für die anderen weiter; sie erfahren, dass du ausgestiegen bist.
page-leave-abort-means = Noch hat niemand gezogen: Das Spiel endet sofort, niemand gewinnt, und alle Spieler erfahren es per Mail.
page-leave-delete-means = Das Spiel hat nicht begonnen: Es verschwindet mit seinen Plätzen und Einladungen. Die Spieler, die beigetreten sind, erfahren es per Mail.
page-leave-yes-resign = Ja, aussteigen
page-leave-yes-abort = Ja, Spiel abbrechen
page-leave-yes-delete = Ja, Spiel löschen
page-leave-resigned = Du bist ausgestiegen: Hermes passt ab jetzt für deinen Platz. Zuschauen kannst du hier weiterhin.
page-leave-aborted = Du hast das Spiel abgebrochen: Es ist vorbei, und niemand hat gewonnen.
page-replay-goes-on = Das Spiel läuft: { $n ->
    [one] bisher { $n } Zug gespielt.
   *[other] bisher { $n } Züge gespielt.
}

## Die Worte der Skripte der Seiten

page-js-no-answer = Der Server hat nicht geantwortet.
page-js-zoom-in = Vergrößern
page-js-zoom-out = Verkleinern
page-js-zoom-fit = Ganze Spielfläche
page-js-nothing-yet = (noch nichts)
page-js-may-end = Du darfst das Spiel jetzt beenden oder weiterspielen: Dann sammelst du deine Kristalle und siehst die Auslage.
page-js-end-game = Spiel beenden
page-js-play-on = Weiterspielen
page-js-owe-one = Du musst noch 1 Aktion ausführen. Wähle ein Plättchen der Auslage, einen Tempel oder eine Wüste zum Versetzen; die Felder, die du nutzen darfst, leuchten auf.
page-js-owe = Du musst noch { $n } Aktionen ausführen. Wähle ein Plättchen der Auslage, einen Tempel oder eine Wüste zum Versetzen; die Felder, die du nutzen darfst, leuchten auf.
page-js-complete = Dein Zug ist vollständig: Spiel ihn oder nimm einen Schritt zurück.
page-js-no-action-left = Keine Aktion ist mehr möglich: Spiel den Zug, wie er ist.
page-js-place-temple = Einen Tempel setzen
page-js-move-desert = Eine Wüste versetzen (2 Kristalle)
page-js-play-extra = Ein Zusatzaktion-Plättchen spielen
page-js-discard-it = Abwerfen
page-js-keep-it = Für einen späteren Zug behalten
page-js-play-it-now = Jetzt spielen
page-js-take-crystal = { $name } einen Kristall abnehmen
page-js-god-n = Gott { $n }
page-js-choose-desert = Wähle die Wüste, die du versetzt (sie leuchtet).
page-js-choose-where = Wähle, wohin sie kommt: ein leuchtendes Feld.
page-js-choose-lit = Wähle ein leuchtendes Feld.
page-js-choose-lit-n = Wähle ein leuchtendes Feld ({ $n } leuchten; die Pfeiltasten wechseln zwischen ihnen).
page-js-unreachable = Der Server ist nicht erreichbar; nimm das Formular unten.
page-js-image = Bild { $n }
page-js-show-large = Groß zeigen
page-js-image-large = Bild { $n }, groß
page-js-guess-image = Auf Bild { $n } tippen
page-js-close = Schließen
page-js-moved-on = Das Spiel ist weitergegangen.
page-js-show-it = Zeigen
page-js-will-be-lost = (was du hier begonnen hast, geht verloren)
page-js-notify = Sag mir, wenn ich dran bin
page-js-notify-yes = Dieser Tab sagt dir, wenn du dran bist.
page-js-notify-no = Keine Benachrichtigungen: Der Browser soll keine zeigen.
page-js-copied = Kopiert
page-js-zone-chosen = Die Zeitzone deines Browsers, { $zone }, ist gewählt.

## Abgelehnte Formulare

page-talk-not-posted = Deine Nachricht wurde nicht gesendet
page-rematch-refused = Keine Revanche
page-check-form = Prüfe das Formular.
page-dreams-form-star = Wähle einen Stern: klar, grau oder schwarz.
page-dreams-form-point = Gib den Punkt als zwei ganze Zahlen von 0 bis 100 an: x nach rechts, y nach unten, 0,0 die obere linke Ecke.
page-dreams-form-seat = Wähle den Platz, den du für den Sterblichen hältst.
page-dreams-form-image = Wähle ein Bild, 1 bis 4.

## What stands on a hex, for a screen reader (the board on the turn page).
page-cell-god = Gott { $seat }
page-cell-god-named = { $name } (Gott { $seat })
page-cell-marked = { $tribe } mit dem Götterstein von { $god }
page-cell-temple = Tempel von { $god }
page-cell-last-move = letzter Zug: { $what }

# The web app manifest's description (a browser shows it when it offers to install the site).
page-manifest-description = Deine Partien Gods und Dreams, Zug um Zug.
