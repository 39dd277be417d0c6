# Mail: onderwerpen, teksten en de gedeelde omlijsting. We zeggen je, zoals de spelregels.

## De omlijsting

mail-hello-name = Hallo { $name },
mail-hello = Hallo,
mail-footer = Hermes: bordspellen per e-mail, één beurt tegelijk.
mail-unsubscribe-text = Wil je geen mail meer van Hermes? Open dan deze link:
mail-unsubscribe-link = Afmelden
mail-unsubscribe-html = { $link } om geen mail meer van Hermes te krijgen.

## Gedeelde regels

mail-open-turn = Open je beurt
mail-open-game = Open het spel
mail-the-game = Het spel:
mail-whole-game = Het hele spel
mail-copy-link = Of kopieer deze link naar je browser: { $url }
mail-your-deadline = Je deadline: { $deadline }.
mail-turn-number = Beurt { $turn }

## welcome

mail-welcome-subject = Welkom bij Hermes: bevestig je adres
mail-welcome-intro = Welkom bij Hermes, waar je bordspellen per e-mail speelt, één beurt tegelijk.
mail-welcome-confirm = Bevestig dat dit adres van jou is door deze link te openen (hij werkt { $valid_for }):
mail-welcome-button = Mijn adres bevestigen
mail-welcome-not-you = Heb je je niet aangemeld? Dan kun je deze mail negeren.

## register_attempt

mail-register-attempt-subject = Iemand probeerde zich bij Hermes aan te melden met jouw adres
mail-register-attempt-intro = Iemand, misschien jij, probeerde net een Hermes-account aan te maken met dit adres. Dit adres heeft al een account, dus er is niets aangemaakt of veranderd.
mail-register-attempt-you = Was jij het? Log dan gewoon in met je wachtwoord.
mail-register-attempt-not-you = Was jij het niet? Dan hoef je niets te doen. Je account en je wachtwoord blijven zoals ze waren. (Dit bericht komt hooguit één keer per dag.)

## password_reset

mail-password-reset-subject = Kies een nieuw wachtwoord voor Hermes
mail-password-reset-intro = Iemand, misschien jij, heeft gevraagd om een nieuw wachtwoord voor het Hermes-account van dit adres.
mail-password-reset-choose = Open deze link om er een te kiezen (hij werkt één keer, { $valid_for } lang):
mail-password-reset-button = Nieuw wachtwoord kiezen
mail-password-reset-not-you = Was jij het niet? Dan hoef je niets te doen. Je wachtwoord blijft hetzelfde.

## invitation

mail-invitation-subject-from = ‘{ $inviter }’ nodigt je uit voor { $kind }: { $game }
mail-invitation-subject = Een uitnodiging voor { $kind } op Hermes: { $game }
mail-invitation-title = Een uitnodiging voor { $game }
mail-invitation-intro = { $inviter } nodigt je uit voor een spel { $kind }: { $game }.
mail-invitation-intro-stranger = Een speler op Hermes die zich ‘{ $inviter }’ noemt, nodigt je uit voor een spel { $kind }: { $game }.
mail-invitation-seats = Plaatsen: { $seats }.
mail-invitation-joined = Al aangeschoven: { $players }.
mail-invitation-nobody = Er is nog niemand aangeschoven.
mail-invitation-turn-time = Elke beurt mag tot { $time } duren; je krijgt een e-mail als je aan de beurt bent.
mail-invitation-join = Doe mee:
mail-invitation-join-button = Doe mee

## game_deleted

mail-game-deleted-subject = { $game } is verwijderd voordat het begon
mail-game-deleted-intro = { $creator }, die { $game } had aangemaakt (een spel { $kind }), heeft het verwijderd voordat alle plaatsen bezet waren. Je plaats is weg; er is niets gespeeld.
mail-game-deleted-others = Andere spellen die spelers zoeken, of begin er zelf een:
mail-game-deleted-button = Zoek een ander spel

## your_turn (Gods)

mail-your-turn-subject = Je bent aan de beurt in { $game } (beurt { $turn })
mail-your-turn-intro = Je bent aan de beurt in { $game } (beurt { $turn }). Op het speelveld ben je god { $seat }.
mail-your-turn-board-attached = Het speelveld zit in de bijlage: board.png.
mail-your-turn-board-alt = Het speelveld van { $game }
mail-your-turn-since = Sinds je vorige beurt
mail-your-turn-played = { $god } (god { $seat }) speelde
mail-your-turn-played-for = voor { $god } (god { $seat }) werd gespeeld
mail-your-turn-nobody = Sinds je vorige beurt heeft niemand gespeeld.
mail-your-turn-position = Jouw stand
mail-your-turn-crystals = Je kristallen: { $crystals }.
mail-your-turn-extra-actions = Aanvullende-actiekaarten in je bezit: { $extra }.
mail-your-turn-display = { $tiles ->
    [one] De etalage (nog { $tiles } kaart op de stapel)
   *[other] De etalage (nog { $tiles } kaarten op de stapel)
}
mail-your-turn-display-empty = { $tiles ->
    [one] De etalage is leeg (nog { $tiles } kaart op de stapel).
   *[other] De etalage is leeg (nog { $tiles } kaarten op de stapel).
}
mail-your-turn-may-end = Je mag het spel nu beëindigen: speel { $end } om het te beëindigen, of { $continue } om door te spelen (je verzamelt krachten en de etalage wordt aangevuld zodra je doorspeelt).

## Geschrapte vooruit geplande beurten

mail-queue-dropped = Je vooruit geplande beurten zijn geschrapt: de eerste, { $notation }, mag niet meer{ $rule }: { $message } { $count ->
    [one] De geplande beurt is ingetrokken; speel deze beurt zelf.
   *[other] Alle { $count } geplande beurten zijn ingetrokken; speel deze beurt zelf.
}

## Praten aan tafel

mail-talk-at-table-earlier = { $count ->
    [one] Aan tafel ({ $count } eerder bericht op de pagina van het spel)
   *[other] Aan tafel ({ $count } eerdere berichten op de pagina van het spel)
}
mail-talk-at-table = Aan tafel
mail-talk-earlier = { $count ->
    [one] { $count } eerder bericht op de pagina van het spel
   *[other] { $count } eerdere berichten op de pagina van het spel
}
mail-talk-answer = Antwoorden? Beantwoord deze mail met een regel { $say }.

## reminder

mail-reminder-subject = Herinnering: je beurt in { $game } loopt af over { $left }
mail-reminder-intro = Je beurt in { $game } staat nog open. Je deadline is { $deadline }, over { $left }.
mail-reminder-policy-auto_pass = Heb je dan nog niet gespeeld, dan past de dienst voor je (in Gods legt hij af en geeft niets uit; in Dreams leg je deze keer geen ster, of doe je geen gok).
mail-reminder-policy-forfeit = Heb je dan nog niet gespeeld, dan lig je uit het spel.
mail-reminder-policy-stand_in = Heb je dan nog niet gespeeld, dan speelt een invalbot voor je tot je terug bent.
mail-reminder-policy-wait = Het spel wacht op je, en de andere spelers ook.

## timeout

mail-timeout-subject-you = Je tijd is om in { $game }
mail-timeout-subject = De tijd van { $god } is om in { $game }
mail-timeout-passed-you = Je deadline in { $game } is verstreken.
mail-timeout-passed = De deadline van { $god } in { $game } is verstreken.
mail-timeout-auto-pass-you = Zoals de regels van het spel voor verlopen tijd zeggen, heeft de dienst voor jou de kleinste geldige beurt gespeeld:
mail-timeout-auto-pass-other = Zoals de regels van het spel voor verlopen tijd zeggen, heeft de dienst voor { $god } de kleinste geldige beurt gespeeld:
mail-timeout-forfeit-you = Zoals de regels van het spel voor verlopen tijd zeggen, lig je uit het spel.
mail-timeout-forfeit-other = Zoals de regels van het spel voor verlopen tijd zeggen, ligt { $god } uit het spel.
mail-timeout-stand-in-you = Zoals de regels van het spel voor verlopen tijd zeggen, speelt er nu een invalbot voor je tot je terug bent.
mail-timeout-stand-in-other = Zoals de regels van het spel voor verlopen tijd zeggen, speelt er nu een invalbot voor { $god } tot die terug is.
mail-timeout-take-back = Wil je je plaats terug? Speel je beurt als die komt, of klik op ‘mijn plaats terugnemen’ op de pagina van het spel.
mail-timeout-wait-you = Het spel wacht op je: er is niets gespeeld.
mail-timeout-wait-other = Het spel wacht op { $god }: er is niets gespeeld.

## stand_in

mail-stand-in-subject = Een invaller speelt voor { $god } in { $game }
mail-stand-in-back-subject = { $god } is terug in { $game }
mail-stand-in-started = De deadline van { $god } in { $game } is verstreken. Zoals de regels van het spel voor verlopen tijd zeggen, speelt er nu een invaller ({ $level }) voor { $god } tot die terug is.
mail-stand-in-back = { $god } heeft de plaats in { $game } van de invaller teruggenomen en speelt weer zelf.
bot-level = { $level ->
    [random] een bot die willekeurig speelt
    [greedy] een gretige bot
   *[other] een bot van niveau { $level }
}

## game_over

mail-game-over-subject = Spel voorbij: { $game }
mail-game-over-intro = { $game } is voorbij: { $reason }.
mail-game-over-winner = De winnaar is { $winner }.
mail-game-over-shared = De overwinning wordt gedeeld door { $winners } en { $last }.
mail-game-over-nobody = Niemand heeft gewonnen.
mail-game-over-scores = Eindstand:
mail-game-over-winner-mark = , winnaar
mail-game-over-column-god = God
mail-game-over-column-seat = Speler
mail-game-over-column-score = Punten
mail-game-over-last-round = De laatste ronde:
mail-game-over-last-round-picture = De laatste ronde (de afbeelding zit in de mail):
mail-game-over-last-round-title = De laatste ronde
mail-game-over-last-round-alt = De laatste ronde van { $game }, onthuld
mail-game-over-final-board = Het speelveld aan het eind
mail-game-over-final-board-alt = Het speelveld van { $game } aan het eind
mail-game-over-seed = De seed van het spel was tot nu geheim.
mail-game-over-seed-check = Met de seed en het logboek van de beurten kun je het hele spel opnieuw afspelen en elke trekking controleren aan de hand van de vastlegging die bij het begin werd getoond.
mail-game-over-replay = Speel het spel opnieuw af
mail-game-over-play-again = Nog een keer
mail-game-over-rematch-text = Nog een keer: dezelfde tafel, hetzelfde spel, dezelfde opties. Beantwoord deze mail met ‘revanche’, of open het spel en klik op Revanche; het begint zodra alle spelers hebben geaccepteerd:
mail-game-over-rematch-html = Dezelfde tafel, hetzelfde spel, dezelfde opties: met één klik stel je een revanche voor, die begint zodra alle spelers hebben geaccepteerd. Beantwoord deze mail met { $rematch }, of open het spel.
mail-rematch-button = Revanche

seat-label-god = god { $n }
seat-label-seat = plaats { $n }

## digest

mail-digest-subject = { $games ->
    [one] { $games } spel wacht op je
   *[other] { $games } spellen wachten op je
} ({ $date })
mail-digest-title = Je dagoverzicht van { $date }
mail-digest-intro = Je dagoverzicht van { $date }: { $games ->
    [one] { $games } spel wacht
   *[other] { $games } spellen wachten
} op jouw beurt.
mail-digest-deadline = deadline: { $deadline }
mail-digest-policy-auto_pass = daarna speelt de dienst voor jou de kleinste geldige beurt
mail-digest-policy-forfeit = daarna lig je uit het spel
mail-digest-policy-stand_in = daarna speelt een invalbot voor je tot je terug bent
mail-digest-policy-wait = daarna wacht het spel op je
mail-digest-when = Je krijgt één mail per dag om 08:00 in je tijdzone, en alleen als er een spel op je wacht. Je kunt dit wijzigen in je voorkeuren.

## Dreams

mail-dreams-stars-subject = Je bent aan de beurt in { $game }: leg een ster (ronde { $round })
mail-dreams-stars-intro = Je bent aan de beurt in { $game }, ronde { $round }: leg een van je sterren op het firmament. Je zit op plaats { $seat }; { $dealer } deelt deze ronde.
mail-dreams-table-attached = De tafel zit in de bijlage: board.png.
mail-dreams-stars-unplaced = Je sterren die nog gelegd moeten worden: { $stars }.
mail-dreams-stars-answer = Stuur als antwoord de ster en het punt, bijvoorbeeld:
mail-dreams-stars-pass = Of stuur { $pass } om deze keer geen ster te leggen.
mail-dreams-guess-subject = Je bent aan de beurt in { $game }: tijd om te gokken (ronde { $round })
mail-dreams-guess-intro = Alle sterren liggen in { $game }, ronde { $round }: tijd om te gokken.
mail-dreams-guess-god = Wijs de sterveling aan: de plaats waarvan je denkt dat die het ware visioen niet kent.
mail-dreams-guess-mortal = Wijs het ware visioen aan: het beeld waarvan je denkt dat de goden het zagen.
mail-dreams-guess-sealed = Alle plaatsen gokken tegelijk; een gok wordt verzegeld en niemand ziet hem voordat alle gokken binnen zijn. Je zit op plaats { $seat }.
mail-dreams-guess-answer = Stuur als antwoord je gok, bijvoorbeeld:
mail-dreams-guess-pass-god = (elke plaats behalve die van jou), of { $pass } om niet te gokken.
mail-dreams-guess-pass-mortal = ({ $first } tot en met { $last }), of { $pass } om niet te gokken.
mail-dreams-you-god = Je bent deze ronde een god: het ware visioen is { $image }.
mail-dreams-image = beeld { $n }
mail-dreams-you-mortal = Je bent deze ronde de sterveling: je weet niet welk beeld het ware visioen is.
mail-dreams-firmament-alt = Het firmament van { $game }
mail-dreams-images = De beelden
mail-dreams-stars-on = De sterren op het firmament (x,y van 0,0 linksboven tot 100,100 rechtsonder)
mail-dreams-star-line = { $player } (plaats { $seat }): { $kind } op { $at }
mail-dreams-no-star = Er ligt nog geen ster op het firmament (x,y van 0,0 linksboven tot 100,100 rechtsonder).
mail-dreams-scores = Stand
mail-dreams-you-mark = , jij
star-kind = { $kind ->
    [clear] heldere ster
    [grey] grijze ster
    [black] zwarte ster
   *[other] ster ({ $kind })
}
mail-dreams-reveal-subject = Ronde { $round } onthuld in { $game }: { $mortal } was de sterveling
mail-dreams-reveal-intro = Alle gokken zijn binnen: { $game } onthult de ronde.
mail-dreams-reveal-attached = De afbeelding van de ronde zit in de bijlage: reveal.png.
mail-dreams-reveal-alt = Ronde { $round } van { $game }, onthuld
mail-dreams-reveal-next = { $dealer } legt de eerste ster van de volgende ronde.
mail-dreams-revealed = Ronde { $round } onthuld: het ware visioen was { $image } ({ $title }), en { $mortal } (plaats { $mortal_seat }) was de sterveling.
mail-dreams-revealed-seat-mortal = { $player } (plaats { $seat }), de sterveling: { $guess }
mail-dreams-revealed-seat-god = { $player } (plaats { $seat }), een god: { $guess }
mail-dreams-right-mark = , goed
mail-dreams-right = (goed)
mail-dreams-revealed-points = { $points ->
    [one] { $points } punt deze ronde
   *[other] { $points } punten deze ronde
}, { $score } in totaal.
mail-dreams-column-role = Rol
mail-dreams-column-guess = Gok
mail-dreams-column-points = Rondepunten
mail-dreams-role-mortal = sterveling
mail-dreams-role-god = god
mail-dreams-seals = De zegels, om na te gaan dat geen gok na het verzegelen is veranderd: elke vastlegging is de SHA-256 van { $formula } (docs/replay.md).

## reply_answer

mail-reply-played-turn = Je beurt (beurt { $turn }) in { $game } is gespeeld:
mail-reply-played = Je beurt in { $game } is gespeeld:
mail-reply-happened = Wat er gebeurde
mail-reply-moved-on = Er is niets gespeeld: het spel { $game } is verder gegaan sinds de mail die je beantwoordde.
mail-reply-refused = Er is niets gespeeld in { $game }. Het probleem:
mail-reply-noted = Je antwoord over { $game } is gelezen.
mail-reply-said = Je zei aan tafel
mail-reply-not-posted = Niet aan tafel geplaatst
mail-reply-queue = Je vooruit geplande beurten
mail-reply-rematch = Revanche
mail-reply-position = Hoe het spel ervoor staat
mail-reply-legal = De stappen die je als eerste kunt zetten
mail-reply-board = Het speelveld zit in de bijlage: board.png.

## talk

mail-talk-subject = Er wordt gepraat aan de tafel van { $game }
mail-talk-intro = Aan de tafel van { $game } wordt gepraat.
mail-talk-how = Je krijgt wat er aan tafel gezegd wordt per mail zodra het geplaatst is (hooguit één mail per spel om de paar minuten): je kunt dit wijzigen in je voorkeuren.

## rematch

mail-rematch-subject = { $proposer } stelt een revanche voor van { $game }
mail-rematch-intro = { $proposer } stelt voor om { $game } nog een keer te spelen: dezelfde tafel, een nieuw spel { $kind } met dezelfde opties. Het begint zodra alle spelers hebben geaccepteerd; niemand hoeft tegelijk online te zijn.
mail-rematch-accepted = Geaccepteerd: { $players }.
mail-rematch-waiting = Wachten op: { $players }.
mail-rematch-how-text = Accepteren? Beantwoord deze mail met { $rematch }, of open het spel en klik op Revanche:
mail-rematch-accept-button = Revanche accepteren
mail-rematch-or-reply = Of beantwoord deze mail met { $rematch }.

## Antwoorden per mail

reply-hint-turn = Beantwoord deze mail met je beurt, bijvoorbeeld { $example } (of { $legal } voor je mogelijke stappen, { $board } voor het speelveld, { $say } om iets tegen de tafel te zeggen).
reply-hint-answer = Beantwoord deze mail om te spelen, te praten ({ $say }) of iets te vragen ({ $legal }, { $board }).
reply-hint-rematch = Beantwoord deze mail met { $rematch } om met dezelfde tafel nog een keer te spelen.
reply-hint-talk = Beantwoord deze mail om aan tafel te praten: een regel { $say } (of, als je niet aan de beurt bent, gewoon je woorden).
