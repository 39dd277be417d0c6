# Mail: Betreff, Text und der gemeinsame Rahmen. Wir duzen, wie deutsche Spielregeln.

## Der Rahmen

mail-hello-name = Hallo { $name },
mail-hello = Hallo,
mail-footer = Hermes: Brettspiele per E-Mail, Zug um Zug.
mail-unsubscribe-text = Wenn du keine Mails mehr von Hermes bekommen willst, öffne diesen Link:
mail-unsubscribe-link = Abmelden
mail-unsubscribe-html = { $link }, um keine Mails mehr von Hermes zu bekommen.

## Gemeinsame Zeilen

mail-open-turn = Deinen Zug öffnen
mail-open-game = Zur Partie
mail-the-game = Die Partie:
mail-whole-game = Die ganze Partie
mail-copy-link = Oder kopiere diesen Link in deinen Browser: { $url }
mail-your-deadline = Deine Frist: { $deadline }.
mail-turn-number = Zug { $turn }

## welcome

mail-welcome-subject = Willkommen bei Hermes: Bitte bestätige deine Adresse
mail-welcome-intro = Willkommen bei Hermes, wo Brettspiele per E-Mail gespielt werden, Zug um Zug.
mail-welcome-confirm = Bitte bestätige, dass diese Adresse dir gehört, indem du diesen Link öffnest (er gilt { $valid_for }):
mail-welcome-button = Meine Adresse bestätigen
mail-welcome-not-you = Wenn du dich nicht registriert hast, ignoriere diese Mail einfach.

## register_attempt

mail-register-attempt-subject = Jemand wollte sich mit deiner Adresse bei Hermes registrieren
mail-register-attempt-intro = Jemand, vielleicht du, hat gerade versucht, mit dieser Adresse ein Hermes-Konto anzulegen. Zu dieser Adresse gibt es schon ein Konto, also wurde nichts angelegt oder geändert.
mail-register-attempt-you = Warst du es: Melde dich stattdessen mit deinem Passwort an.
mail-register-attempt-not-you = Warst du es nicht: Du musst nichts tun. Dein Konto und dein Passwort bleiben, wie sie waren. (Dieser Hinweis kommt höchstens einmal am Tag.)

## password_reset

mail-password-reset-subject = Neues Passwort für Hermes festlegen
mail-password-reset-intro = Jemand, vielleicht du, hat für das Hermes-Konto dieser Adresse ein neues Passwort angefordert.
mail-password-reset-choose = Um eines zu wählen, öffne diesen Link (er funktioniert einmal und gilt { $valid_for }):
mail-password-reset-button = Neues Passwort festlegen
mail-password-reset-not-you = Warst du es nicht: Du musst nichts tun. Dein Passwort bleibt, wie es ist.

## invitation

mail-invitation-subject-from = „{ $inviter }“ lädt dich zu { $kind } ein: { $game }
mail-invitation-subject = Eine Einladung zu { $kind } auf Hermes: { $game }
mail-invitation-title = Eine Einladung zu { $game }
mail-invitation-intro = { $inviter } lädt dich zu einer Partie { $kind } ein: { $game }.
mail-invitation-intro-stranger = Ein Spieler auf Hermes, der sich „{ $inviter }“ nennt, lädt dich zu einer Partie { $kind } ein: { $game }.
mail-invitation-seats = Plätze: { $seats }.
mail-invitation-joined = Schon dabei: { $players }.
mail-invitation-nobody = Noch ist niemand dabei.
mail-invitation-turn-time = Jeder Zug darf bis zu { $time } dauern; du bekommst eine E-Mail, wenn du dran bist.
mail-invitation-join = Mitspielen:
mail-invitation-join-button = Mitspielen

## game_deleted

mail-game-deleted-subject = { $game } wurde vor dem Start gelöscht
mail-game-deleted-intro = { $creator } hat { $game } (eine Partie { $kind }) angelegt und wieder gelöscht, bevor alle Plätze besetzt waren. Dein Platz darin ist weg; gespielt wurde nichts.
mail-game-deleted-others = Andere Partien, die Mitspieler suchen, oder eine eigene neue:
mail-game-deleted-button = Eine andere Partie finden

## your_turn (Gods)

mail-your-turn-subject = Du bist dran in { $game } (Zug { $turn })
mail-your-turn-intro = Du bist dran in { $game } (Zug { $turn }). Auf der Spielfläche bist du Gott { $seat }.
mail-your-turn-board-attached = Die Spielfläche hängt als board.png an.
mail-your-turn-board-alt = Die Spielfläche von { $game }
mail-your-turn-since = Seit deinem letzten Zug
mail-your-turn-played = { $god } (Gott { $seat }) spielte
mail-your-turn-played-for = für { $god } (Gott { $seat }) spielte er
mail-your-turn-nobody = Seit deinem letzten Zug hat niemand gespielt.
mail-your-turn-position = Deine Lage
mail-your-turn-crystals = Deine Kristalle: { $crystals }.
mail-your-turn-extra-actions = Zusatzaktion-Plättchen in deinem Besitz: { $extra }.
mail-your-turn-display = { $tiles ->
    [one] Die Auslage (noch { $tiles } Plättchen im Stapel)
   *[other] Die Auslage (noch { $tiles } Plättchen im Stapel)
}
mail-your-turn-display-empty = Die Auslage ist leer (noch { $tiles } Plättchen im Stapel).
mail-your-turn-may-end = Du darfst die Partie jetzt beenden: Schick { $end }, um sie zu beenden, oder { $continue }, um weiterzuspielen (du sammelst Kraft, und die Auslage wird aufgefüllt, sobald du weiterspielst).

## Verworfene vorgemerkte Züge

mail-queue-dropped = Deine vorgemerkten Züge wurden verworfen: Der erste, { $notation }, ist nicht mehr erlaubt{ $rule }: { $message } { $count ->
    [one] Der vorgemerkte Zug wurde zurückgenommen; spiele diesen Zug selbst.
   *[other] Alle { $count } vorgemerkten Züge wurden zurückgenommen; spiele diesen Zug selbst.
}

## Gespräch am Tisch

mail-talk-at-table-earlier = { $count ->
    [one] Am Tisch ({ $count } frühere Nachricht auf der Seite der Partie)
   *[other] Am Tisch ({ $count } frühere Nachrichten auf der Seite der Partie)
}
mail-talk-at-table = Am Tisch
mail-talk-earlier = { $count ->
    [one] { $count } frühere Nachricht auf der Seite der Partie
   *[other] { $count } frühere Nachrichten auf der Seite der Partie
}
mail-talk-answer = Um mitzureden, antworte auf diese Mail mit einer Zeile { $say }.

## reminder

mail-reminder-subject = Erinnerung: Dein Zug in { $game } läuft bald ab (noch { $left })
mail-reminder-intro = Dein Zug in { $game } ist noch offen. Deine Frist: { $deadline }, also noch { $left }.
mail-reminder-policy-auto_pass = Wenn du bis dahin nicht gespielt hast, passt der Dienst für dich (in Gods wirft er ab und gibt nichts aus; in Dreams legst du diesmal keinen Stern oder gibst keinen Tipp ab).
mail-reminder-policy-forfeit = Wenn du bis dahin nicht gespielt hast, scheidest du aus der Partie aus.
mail-reminder-policy-stand_in = Wenn du bis dahin nicht gespielt hast, spielt ein Ersatz-Bot für dich, bis du zurück bist.
mail-reminder-policy-wait = Die Partie wartet auf dich, und die anderen Mitspieler auch.

## timeout

mail-timeout-subject-you = Deine Zeit in { $game } ist abgelaufen
mail-timeout-subject = Die Zeit von { $god } in { $game } ist abgelaufen
mail-timeout-passed-you = Deine Frist in { $game } ist verstrichen.
mail-timeout-passed = Die Frist von { $god } in { $game } ist verstrichen.
mail-timeout-auto-pass-you = Wie es die Regeln der Partie für abgelaufene Zeit vorsehen, hat der Dienst für dich den kleinsten erlaubten Zug gespielt:
mail-timeout-auto-pass-other = Wie es die Regeln der Partie für abgelaufene Zeit vorsehen, hat der Dienst für { $god } den kleinsten erlaubten Zug gespielt:
mail-timeout-forfeit-you = Wie es die Regeln der Partie für abgelaufene Zeit vorsehen, bist du aus der Partie ausgeschieden.
mail-timeout-forfeit-other = Wie es die Regeln der Partie für abgelaufene Zeit vorsehen, ist { $god } aus der Partie ausgeschieden.
mail-timeout-stand-in-you = Wie es die Regeln der Partie für abgelaufene Zeit vorsehen, spielt jetzt ein Ersatz-Bot für dich, bis du zurück bist.
mail-timeout-stand-in-other = Wie es die Regeln der Partie für abgelaufene Zeit vorsehen, spielt jetzt ein Ersatz-Bot für { $god }, bis er zurück ist.
mail-timeout-take-back = Um deinen Platz zurückzunehmen, spiele deinen Zug, wenn er kommt, oder klicke auf der Seite der Partie auf „Meinen Platz zurücknehmen“.
mail-timeout-wait-you = Die Partie wartet auf dich: Es wurde nichts gespielt.
mail-timeout-wait-other = Die Partie wartet auf { $god }: Es wurde nichts gespielt.

## stand_in

mail-stand-in-subject = Ein Ersatz spielt für { $god } in { $game }
mail-stand-in-back-subject = { $god } ist zurück in { $game }
mail-stand-in-started = Die Frist von { $god } in { $game } ist verstrichen. Wie es die Regeln der Partie für abgelaufene Zeit vorsehen, spielt jetzt ein Ersatz ({ $level }) für { $god }, bis er zurück ist.
mail-stand-in-back = { $god } hat den Platz in { $game } vom Ersatz zurückgenommen und spielt wieder selbst.
bot-level = { $level ->
    [random] ein Bot, der zufällig spielt
    [greedy] ein gieriger Bot
   *[other] ein Bot der Stufe { $level }
}

## game_over

mail-game-over-subject = Partie beendet: { $game }
mail-game-over-intro = { $game } ist zu Ende: { $reason }.
mail-game-over-winner = Es gewinnt { $winner }.
mail-game-over-shared = Den Sieg teilen sich { $winners } und { $last }.
mail-game-over-nobody = Niemand hat gewonnen.
mail-game-over-scores = Endstand:
mail-game-over-winner-mark = , Sieger
mail-game-over-column-god = Gott
mail-game-over-column-seat = Spieler
mail-game-over-column-score = Punkte
mail-game-over-last-round = Die letzte Runde:
mail-game-over-last-round-picture = Die letzte Runde (ihr Bild ist in der Mail):
mail-game-over-last-round-title = Die letzte Runde
mail-game-over-last-round-alt = Die letzte Runde von { $game }, aufgedeckt
mail-game-over-final-board = Die Spielfläche am Ende
mail-game-over-final-board-alt = Die Spielfläche von { $game } am Ende
mail-game-over-seed = Der Seed der Partie war bis jetzt geheim.
mail-game-over-seed-check = Zusammen mit dem Protokoll der Züge spielt er die ganze Partie nach, sodass du alles, was gezogen wurde, mit der Festlegung vom Beginn der Partie abgleichen kannst.
mail-game-over-replay = Partie nachspielen
mail-game-over-play-again = Noch einmal
mail-game-over-rematch-text = Noch einmal: derselbe Tisch, dasselbe Spiel, dieselben Optionen. Antworte „rematch“ auf diese Mail, oder öffne die Partie und klicke auf Revanche; sie beginnt, sobald alle Mitspieler zugestimmt haben:
mail-game-over-rematch-html = Derselbe Tisch, dasselbe Spiel, dieselben Optionen: Ein Klick schlägt eine Revanche vor, und sie beginnt, sobald alle Mitspieler zugestimmt haben. Antworte { $rematch } auf diese Mail, oder öffne die Partie.
mail-rematch-button = Revanche

seat-label-god = Gott { $n }
seat-label-seat = Platz { $n }

## digest

mail-digest-subject = { $games ->
    [one] { $games } Partie wartet auf dich
   *[other] { $games } Partien warten auf dich
} ({ $date })
mail-digest-title = Deine Tagesübersicht vom { $date }
mail-digest-intro = Deine Tagesübersicht vom { $date }: { $games ->
    [one] { $games } Partie wartet
   *[other] { $games } Partien warten
} auf deinen Zug.
mail-digest-deadline = Frist: { $deadline }
mail-digest-policy-auto_pass = danach spielt der Dienst für dich den kleinsten erlaubten Zug
mail-digest-policy-forfeit = danach scheidest du aus der Partie aus
mail-digest-policy-stand_in = danach spielt ein Ersatz-Bot für dich, bis du zurück bist
mail-digest-policy-wait = danach wartet die Partie auf dich
mail-digest-when = Du bekommst eine Mail am Tag um 08:00 in deiner Zeitzone, und nur, wenn eine Partie auf dich wartet. Ändern kannst du das in deinen Einstellungen.

## Dreams

mail-dreams-stars-subject = Du bist dran in { $game }: Lege einen Stern (Runde { $round })
mail-dreams-stars-intro = Du bist dran in { $game }, Runde { $round }: Lege einen deiner Sterne auf das Firmament. Du sitzt auf Platz { $seat }; { $dealer } gibt in dieser Runde.
mail-dreams-table-attached = Der Tisch hängt als board.png an.
mail-dreams-stars-unplaced = Deine Sterne, die noch zu legen sind: { $stars }.
mail-dreams-stars-answer = Schicke als Antwort den Stern und den Punkt, zum Beispiel:
mail-dreams-stars-pass = Oder schicke { $pass }, um diesmal keinen Stern zu legen.
mail-dreams-guess-subject = Du bist dran in { $game }: Zeit zu tippen (Runde { $round })
mail-dreams-guess-intro = Alle Sterne liegen in { $game }, Runde { $round }: Zeit zu tippen.
mail-dreams-guess-god = Tippe auf den Sterblichen: den Platz, von dem du glaubst, dass er die wahre Vision nicht kennt.
mail-dreams-guess-mortal = Tippe auf die wahre Vision: das Bild, das die Götter deiner Meinung nach gesehen haben.
mail-dreams-guess-sealed = Alle Plätze tippen gleichzeitig; ein Tipp wird versiegelt, und niemand sieht ihn, bevor alle abgegeben sind. Du sitzt auf Platz { $seat }.
mail-dreams-guess-answer = Schicke als Antwort deinen Tipp, zum Beispiel:
mail-dreams-guess-pass-god = (jeder Platz außer deinem), oder { $pass }, um keinen Tipp abzugeben.
mail-dreams-guess-pass-mortal = ({ $first } bis { $last }), oder { $pass }, um keinen Tipp abzugeben.
mail-dreams-you-god = Du bist in dieser Runde ein Gott: Die wahre Vision ist { $image }.
mail-dreams-image = Bild { $n }
mail-dreams-you-mortal = Du bist in dieser Runde der Sterbliche: Du weißt nicht, welches Bild die wahre Vision ist.
mail-dreams-firmament-alt = Das Firmament von { $game }
mail-dreams-images = Die Bilder
mail-dreams-stars-on = Die Sterne auf dem Firmament (x,y von 0,0 oben links bis 100,100 unten rechts)
mail-dreams-star-line = { $player } (Platz { $seat }): { $kind } auf { $at }
mail-dreams-no-star = Noch liegt kein Stern auf dem Firmament (x,y von 0,0 oben links bis 100,100 unten rechts).
mail-dreams-scores = Punktestand
mail-dreams-you-mark = , du
star-kind = { $kind ->
    [clear] klarer Stern
    [grey] grauer Stern
    [black] schwarzer Stern
   *[other] Stern ({ $kind })
}
mail-dreams-reveal-subject = Runde { $round } in { $game } aufgedeckt: { $mortal } war der Sterbliche
mail-dreams-reveal-intro = Alle Tipps sind abgegeben: { $game } deckt die Runde auf.
mail-dreams-reveal-attached = Das Bild der Runde hängt als reveal.png an.
mail-dreams-reveal-alt = Runde { $round } von { $game }, aufgedeckt
mail-dreams-reveal-next = { $dealer } legt den ersten Stern der nächsten Runde.
mail-dreams-revealed = Runde { $round } aufgedeckt: Die wahre Vision war { $image } ({ $title }), und { $mortal } (Platz { $mortal_seat }) war der Sterbliche.
mail-dreams-revealed-seat-mortal = { $player } (Platz { $seat }), der Sterbliche: { $guess }
mail-dreams-revealed-seat-god = { $player } (Platz { $seat }), ein Gott: { $guess }
mail-dreams-right-mark = , richtig
mail-dreams-right = (richtig)
mail-dreams-revealed-points = { $points ->
    [one] { $points } Punkt in dieser Runde
   *[other] { $points } Punkte in dieser Runde
}, { $score } insgesamt.
mail-dreams-column-role = Rolle
mail-dreams-column-guess = Tipp
mail-dreams-column-points = Rundenpunkte
mail-dreams-role-mortal = Sterblicher
mail-dreams-role-god = Gott
mail-dreams-seals = Die Siegel, um zu prüfen, dass sich kein Tipp nach dem Versiegeln geändert hat: Jede Festlegung ist der SHA-256 von { $formula } (docs/replay.md).

## reply_answer

mail-reply-played-turn = Dein Zug (Zug { $turn }) in { $game } ist gespielt:
mail-reply-played = Dein Zug in { $game } ist gespielt:
mail-reply-happened = Was passiert ist
mail-reply-moved-on = Es wurde nichts gespielt: Die Partie { $game } ist seit der Mail, auf die du geantwortet hast, weitergegangen.
mail-reply-refused = In { $game } wurde nichts gespielt. Das Problem:
mail-reply-noted = Deine Antwort zu { $game } ist angekommen.
mail-reply-said = Du hast am Tisch gesagt
mail-reply-not-posted = Nicht am Tisch veröffentlicht
mail-reply-queue = Deine vorgemerkten Züge
mail-reply-rematch = Revanche
mail-reply-position = So steht die Partie
mail-reply-legal = Die Schritte, mit denen du beginnen kannst
mail-reply-board = Die Spielfläche hängt als board.png an.

## talk

mail-talk-subject = Gespräch am Tisch von { $game }
mail-talk-intro = Am Tisch von { $game } wird geredet.
mail-talk-how = Du bekommst das Gespräch am Tisch per Mail, sobald etwas geschrieben wird (höchstens eine Mail pro Partie alle paar Minuten): Ändern kannst du das in deinen Einstellungen.

## rematch

mail-rematch-subject = { $proposer } schlägt eine Revanche von { $game } vor
mail-rematch-intro = { $proposer } schlägt vor, { $game } noch einmal zu spielen: derselbe Tisch, eine neue Partie { $kind } mit denselben Optionen. Sie beginnt, sobald alle Mitspieler zugestimmt haben; niemand muss gleichzeitig online sein.
mail-rematch-accepted = Zugestimmt: { $players }.
mail-rematch-waiting = Es fehlen noch: { $players }.
mail-rematch-how-text = Um zuzustimmen, antworte { $rematch } auf diese Mail, oder öffne die Partie und klicke auf Revanche:
mail-rematch-accept-button = Revanche annehmen
mail-rematch-or-reply = Oder antworte { $rematch } auf diese Mail.

## Per Mail antworten

reply-hint-turn = Antworte auf diese Mail mit deinem Zug, zum Beispiel { $example } (oder { $legal } für deine möglichen Schritte, { $board } für die Spielfläche, { $say }, um mit dem Tisch zu reden).
reply-hint-answer = Antworte auf diese Mail, um zu spielen, zu reden ({ $say }) oder zu fragen ({ $legal }, { $board }).
reply-hint-rematch = Antworte { $rematch } auf diese Mail, um mit demselben Tisch noch einmal zu spielen.
reply-hint-talk = Antworte auf diese Mail, um am Tisch zu reden: eine Zeile { $say } (oder, wenn du nicht dran bist, einfach deine Worte).
