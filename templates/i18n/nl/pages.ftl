## De webpagina's: de opmaak en de woorden van elke pagina (aanspreekvorm: je).

## De opmaak

page-tagline = { $hermes }, de boodschapper van de goden
page-nav-rules = Regels
page-rules-gods = Regels van Gods
page-rules-dreams = Regels van Dreams
page-notation = Notatie
page-nav-account = Account
page-log-out = Uitloggen
page-log-in = Inloggen
page-sign-up = Aanmelden
page-languages = Talen

## Geen mail meer

page-unsub-title = Geen mail meer
page-unsub-heading = Geen mail meer van Hermes?
page-unsub-already = Mail naar { $email } is al gestopt. Je kunt het formulier nog eens sturen; het verandert niets.
page-unsub-sends = Hermes stuurt mail naar { $email } over je spellen.
page-unsub-button = Stop de mail naar { $email }
page-unsub-again = Je kunt op elk moment weer spelmail krijgen via je { $preferences } (of met { $api }).
page-your-preferences = voorkeuren
page-unsubscribed-title = Mail gestopt
page-unsubscribed-done = Hermes stuurt geen spelmail meer naar { $email }.
page-unsubscribed-again = Wil je die weer krijgen, kies hem dan in je { $preferences } (log eerst in als dat nodig is), of zet { $field } met { $api }.

## Adres bevestigd

page-verified-title = Adres bevestigd
page-verified-done = Dank je, { $name }: { $email } is bevestigd als jouw adres.

## Een link om mee te doen

page-join-title = Meedoen aan een spel { $kind }
page-join-heading = Een spel { $kind }
page-join-created-by = Gemaakt door
page-join-seats = Plaatsen
page-join-players = Spelers tot nu toe
page-join-no-players = geen
page-join-status = Status
page-join-seated = Je hebt een plaats in dit spel.
page-join-open-game = Open het spel
page-join-take-seat = Neem een plaats
page-join-sign-up-first = Om een plaats te nemen, { $signup } (dat duurt een minuut) of { $login }; daarna kom je hier terug.
page-join-sign-up-link = meld je aan
page-join-log-in-link = log in
page-join-how-it-starts = Het spel begint als alle plaatsen bezet zijn. Als je aan de beurt bent, mailt Hermes je een link naar je beurt.
page-join-api = Meedoen via de API
page-join-api-how = Log in ({ $login }) voor een toegangstoken en neem dan een plaats met de code van dit spel:
page-join-started = Dit spel is begonnen: alle plaatsen zijn bezet.
page-join-status-open = wacht op spelers
page-join-status-running = wordt gespeeld

## Inloggen, aanmelden, wachtwoord vergeten

page-email = E-mail
page-password = Wachtwoord
page-forgot-link = Wachtwoord vergeten?
page-no-account = Nog geen account? { $signup }
page-have-account = Heb je al een account? { $login }
page-signup-intro = Hermes speelt bordspellen per e-mail, beurt voor beurt. Een account heeft een adres nodig dat jou bereikt: we sturen een link om het te bevestigen.
page-signup-name = Je naam, zoals andere spelers hem zien
page-password-min = Wachtwoord (minstens { $n } tekens)
page-signup-zone = Je tijdzone (daarin zie je de deadlines)
page-mail-language = Taal van je mail
page-signup-later = Je kunt ze later wijzigen in je voorkeuren.
page-signed-up-title = Kijk in je mail
page-signed-up-sent = We hebben een mail gestuurd naar { $email }. Is het adres nieuw voor Hermes, dan staat er een link in om het te bevestigen; hoort het al bij een account, dan zegt de mail dat en is er niets veranderd.
page-signed-up-log-in-now = Je kunt nu al inloggen, voor het bevestigen:
page-forgot-title = Wachtwoord vergeten
page-forgot-sent = Als een account het adres { $email } heeft, is er een mail onderweg met een link om een nieuw wachtwoord in te stellen. De link werkt één keer, een uur lang.
page-forgot-intro = Vul het adres van je account in; we sturen er een link naartoe om een nieuw wachtwoord in te stellen.
page-forgot-button = Mail me een link
page-reset-title = Stel een nieuw wachtwoord in
page-reset-for = Voor het account van { $email }. Zodra je het instelt, wordt dit account overal uitgelogd.
page-reset-new = Nieuw wachtwoord (minstens { $n } tekens)
page-reset-again = Nog een keer hetzelfde
page-reset-button = Stel het wachtwoord in
page-reset-done-title = Wachtwoord ingesteld
page-reset-done = Het account van { $email } heeft zijn nieuwe wachtwoord, en elke browser die erop ingelogd was, is uitgelogd.

## Welkom

page-welcome-title = Welkom
page-welcome-heading = Bordspellen per mail, beurt voor beurt
page-welcome-intro = Hermes houdt het speelveld, de beurten en de klok bij. Ben je aan de beurt, dan mailt het je het speelveld en een link; je speelt op de pagina of door de mail te beantwoorden. Twee spellen: { $gods } (2 tot 4 spelers, zeshoekige velden en tempels) en { $dreams } (3 tot 6 spelers, één sterveling tussen goden die het ware visioen raden).
page-welcome-invited = Uitgenodigd voor een spel? Open de link in je uitnodiging: daarmee meld je je aan en neem je je plaats.

## Voorkeuren

page-prefs-title = Voorkeuren
page-prefs-for = Voor { $email }.
page-prefs-mail = Spelmail
page-prefs-mail-bot = Spelmail (geen voor een bot: die volgt zijn gebeurtenissenstroom)
page-prefs-every-turn = Een mail bij elke beurt van mij
page-prefs-digest = Eén mail per dag met de spellen die op mij wachten
page-prefs-none = Geen spelmail (afgemeld)
page-talk = Gesprek aan tafel
page-prefs-talk-with-turn = In mijn volgende beurtmail
page-prefs-talk-at-once = Ook per mail zodra het gezegd wordt (hooguit één mail per spel om de paar minuten; beantwoord hem om te antwoorden)
page-prefs-zone = Tijdzone (daarin zie je de deadlines)
page-prefs-save = Opslaan
page-prefs-bot-heading = Botaccount
page-prefs-bot-account = botaccount
page-prefs-bot-is = Dit is een { $bot }: een programma speelt ermee via de API, met zijn token { $token }, en volgt zijn gebeurtenissenstroom. Het krijgt geen spelmail, de pagina's spelen er niets voor, en bij zijn plaatsen staat "(bot)" naast de naam.
page-prefs-bot-may = Een programma van jou kan als { $bot } via de API spelen, met een token dat alleen speelt en leest. Een account wordt er voorgoed een, en alleen zolang het nog in geen enkel spel een plaats heeft; bij zijn plaatsen staat dan "(bot)" naast de naam.
page-prefs-bot-button = Maak hier een botaccount van
page-your-games = Je spellen

## Vakantie

page-vacation-title = Vakantie
page-vacation-intro = Terwijl je op vakantie bent, staan de klokken van al je spellen stil: elke deadline van jou schuift op met de tijd dat je weg bent. Je hebt { $days } dagen per jaar; dit jaar heb je er nog { $left }.
page-vacation-until = Je bent op vakantie tot { $until }.
page-vacation-end-now = Beëindig de vakantie nu
page-vacation-move-to = Verzet het einde naar (het begin van die dag, { $zone })
page-vacation-away-until = Weg tot (het begin van die dag, { $zone })
page-vacation-move = Verzet het einde
page-vacation-start = Begin de vakantie

## Een spel verlaten

page-leave-resign-q = Opgeven in { $game }?
page-leave-abort-q = { $game } afbreken?
page-leave-delete-q = { $game } verwijderen?
page-leave-final = Dit kan niet ongedaan worden gemaakt.
page-leave-back = Nee, ga terug
page-leave-heading = Dit spel verlaten
page-leave-abort = Breek het spel af
page-leave-abort-note = Nog niemand heeft een zet gedaan: het spel eindigt en niemand wint.
page-leave-resign = Opgeven
page-leave-resign-note = Je plaats valt af en Hermes past ervoor; een pagina vraagt eerst of je het zeker weet.

## De lobby (je spellen)

page-lobby-your-turn-n = Jij bent aan de beurt ({ $n })
page-lobby-seats = { $n ->
    [one] { $n } plaats
   *[other] { $n } plaatsen
}
page-lobby-by = uiterlijk { $deadline }
page-lobby-joined = Meespelers: { $players }
page-lobby-no-players = nog geen spelers
page-lobby-invited-not-joined = Uitgenodigd, nog niet meegedaan: { $addresses }
page-lobby-watched-by = kijkers: { $who }
page-lobby-watchers-players = alleen de spelers
page-lobby-watchers-invited = de spelers en uitgenodigde kijkers
page-lobby-watchers-signed-in = iedereen die ingelogd is
page-lobby-status-open = wacht op spelers ({ $n } van { $of })
page-lobby-status-over = afgelopen
page-lobby-status-my-turn = jij bent aan de beurt
page-lobby-status-playing = wordt gespeeld
page-lobby-join-link = Link om mee te doen:
page-lobby-join-link-of = De link om mee te doen aan { $game }
page-lobby-copy = Kopieer de link
page-lobby-invite = Uitnodigen
page-lobby-invite-address = Adres om voor dit spel uit te nodigen
page-lobby-let-watch = Laten kijken
page-lobby-watch-address = Adres dat naar dit spel mag kijken
page-lobby-allow = Toestaan
page-lobby-delete = Verwijder dit spel
page-lobby-delete-note = (een pagina vraagt eerst of je het zeker weet)
page-lobby-times-in = Tijden in { $zone } ({ $preferences }).
page-lobby-waiting = Wachten op jou
page-lobby-waiting-none = Er wacht geen spel op jou.
page-lobby-invitations = Uitnodigingen
page-lobby-invitations-none = Geen uitnodiging voor een open spel. (Uitnodigingen verschijnen hier zodra je adres bevestigd is.)
page-lobby-playing = Worden gespeeld
page-lobby-none = Geen.
page-lobby-open = Wachten op spelers
page-lobby-new = Nieuw spel
page-lobby-game = Spel
page-lobby-players-range = { $min } tot { $max } spelers
page-lobby-players = Spelers
page-lobby-draw = Kaarten getrokken uit
page-lobby-draw-pile = de stapel (de speleindekaart dicht bij de bodem)
page-lobby-draw-bag = de zak
page-lobby-deck = Stapel ({ $standard }, of de id van een stapel die je hebt geüpload)
page-lobby-bots = Bots
page-lobby-bot-seats = Plaatsen die bots spelen (jij speelt met ze; een bot speelt binnen enkele seconden)
page-lobby-bots-play = Bots spelen
page-lobby-level-random = willekeurig
page-lobby-level-greedy = gretig (de beste beurt van nu)
page-lobby-level-strong = sterk (vooruitkijkend)
page-lobby-hours = Uren per beurt ({ $min } tot { $max })
page-lobby-timeout = Als de tijd van een speler om is
page-lobby-timeout-stand-in = valt een bot in tot hij terug is
page-lobby-timeout-pass = past Hermes voor hem
page-lobby-timeout-forfeit = valt hij af
page-lobby-timeout-wait = wacht het spel
page-lobby-stand-in-plays = Een invaller speelt
page-lobby-who-watches = Wie mag kijken
page-lobby-watch-signed-in = iedereen die ingelogd is
page-lobby-watch-players = alleen de spelers
page-lobby-watch-invited = de spelers en de kijkers die zij uitnodigen
page-lobby-invite-list = Uitnodigen (adressen, gescheiden door komma's of regels)
page-lobby-create = Maak het spel
page-lobby-watchable = Spellen om naar te kijken
page-lobby-watchable-none = Nu geen spel om naar te kijken.
page-lobby-over = Afgelopen
page-lobby-none-yet = Nog geen.
page-lobby-created = Je spel is gemaakt. Nodig spelers uit, of deel de link om mee te doen.
page-lobby-invited = { $address } is uitgenodigd.
page-lobby-spectator = { $address } mag naar het spel kijken zodra het adres bevestigd is.
page-lobby-deleted = Het spel is verwijderd.
page-lobby-not-created = Het spel is niet gemaakt: zie het gemarkeerde veld hieronder.
page-lobby-whole-number = Graag een geheel getal.

## Foutpagina's

page-error-internal-title = Er ging iets mis
page-error-internal = Er ging iets mis op de server; de fout is vastgelegd. Probeer het zo nog eens.
page-error-log-in-to-send-title = Log eerst in
page-error-log-in-to-send = Log in en stuur het formulier dan nog eens.
page-error-log-in-to-open-title = Log eerst in
page-error-log-in-to-open = Log in om dit spel te openen, of open de hele link uit je mail (sommige mailprogramma's knippen lange links in tweeën).
page-error-signed-out-title = Log eerst in
page-error-signed-out = Deze pagina is voor ingelogde spelers. Log in en open haar opnieuw.
page-error-no-join-code-title = Dat spel bestaat niet
page-error-no-join-code = Geen spel heeft deze code. Controleer de link in je uitnodiging.
page-error-game-gone-title = Dat spel bestaat niet
page-error-game-gone = Dit spel bestaat niet meer.
page-error-not-your-game-title = Niet jouw spel
page-error-not-your-game = De speler van deze link heeft geen plaats in dit spel.
page-error-other-game-title = Deze link hoort bij een ander spel
page-error-other-game = Een beurtlink opent alleen het spel waarvoor hij gestuurd is.
page-error-no-expected-seq-title = Het formulier is onvolledig
page-error-no-expected-seq = Het formulier zei niet voor welke stand van het spel je beurt is (expected_seq). Laad de pagina opnieuw en speel nog eens.
page-error-turn-too-long-title = Te lang
page-error-turn-too-long = Een beurt is hooguit { $n } bytes.
page-error-talk-too-long-title = Te lang
page-error-talk-too-long = Een bericht is hooguit { $n } tekens.
page-error-form-too-long-title = Te lang
page-error-form-too-long = Een formulier is hooguit { $n } bytes.
page-error-leave-too-long-title = Te lang
page-error-leave-too-long = Dit formulier is kort; dit was het niet.
page-error-leave-how-title = Hoe verlaten?
page-error-leave-how = In het formulier stond niet of je wilde opgeven, afbreken of verwijderen. Ga terug naar het spel en gebruik de knoppen daar.
page-error-reset-used-title = Deze link is al gebruikt
page-error-reset-used = Met deze link is al een wachtwoord ingesteld (of het wachtwoord is veranderd sinds hij verstuurd is). Vraag zo nodig een nieuwe aan.
page-error-link-account-gone-title = Dat account bestaat niet
page-error-link-account-gone = Het account waarvoor deze link gemaakt is, bestaat niet meer.
page-error-account-gone-title = Dat account bestaat niet
page-error-account-gone = Dit account bestaat niet meer.
page-error-form-expired-title = Dit formulier is verlopen
page-error-form-expired = Het formulier kwam niet van een pagina van deze site, of de pagina is te oud. Ga terug, laad de pagina opnieuw en stuur het nog eens.
page-error-bot-title = Een bot speelt via de API
page-error-bot = Dit is een botaccount: het speelt met zijn token bot:play via de API (zie docs/clients/bots.md), niet op deze pagina's.
page-error-which-step-title = Welke stap?
page-error-which-step = `at` is het nummer van een regel in het logboek: 0 voor het begin.
page-error-no-step-title = Die stap bestaat niet
page-error-no-step = Het logboek van dit spel heeft de regels 0 tot en met { $last }.
page-error-no-token-title = Deze link is onvolledig
page-error-no-token = De link heeft geen token. Open de hele link uit je mail; sommige mailprogramma's knippen lange links in tweeën.
page-error-link-broken-title = Deze link werkt niet
page-error-link-expired-title = Deze link werkt niet
page-error-link-expired = Deze link is verlopen. Een nieuwere mail van Hermes heeft een verse.
page-error-link-purpose-title = Deze link werkt niet
page-error-link-purpose = Deze link is voor iets anders gemaakt.
page-error-link-invalid-title = Deze link werkt niet
page-error-link-invalid = Deze link is ongeldig. Open de hele link uit je mail.
page-error-address-not-yours-title = Dit adres is niet meer van jou
page-error-address-not-yours = Deze link bevestigt een adres dat niet meer dat van je account is. Vraag een nieuwe link aan vanaf het huidige adres van het account.
page-leave-refused-resigned = Je hebt al opgegeven
page-leave-refused-moved = Te laat om af te breken
page-leave-refused-started = Het spel is begonnen
page-leave-refused-over = Het spel is afgelopen
page-leave-refused-not-creator = Niet aan jou om te verwijderen
page-leave-refused = Niet gedaan

## De spelpagina's (beide spellen)

page-play-your-turn = Jij bent aan de beurt
page-play-title = { $name } in { $game }
page-play-your-game = je spel, { $name }
page-play-stand-in = Je tijd is om: een invaller (bot, { $level }) speelt voor je tot je terug bent. Speel je een beurt, dan krijg je je plaats terug, of:
page-play-take-back = Mijn plaats terugnemen
page-play-the-rules = De regels:
page-play-your-deadline = Je beurt moet gespeeld zijn vóór { $deadline }.
page-play-deadline = De beurt moet gespeeld zijn vóór { $deadline }.
page-play-send = Speel deze beurt
page-play-last-turns = De laatste beurten
page-play-no-turn-yet = Er is nog geen beurt gespeeld.
page-play-board = Het speelveld
page-play-board-how = Velden heten naar hun coördinaten q,r.
page-play-board-keys = Met het toetsenbord: Tab naar het speelveld, de pijltjestoetsen gaan van veld naar veld, Enter kiest een verlicht veld.
page-play-last-move = De laatste zet, beurt { $turn } van { $name }:
page-play-last-move-ringed = de velden ervan zijn blauw omrand
page-play-key = Legenda
page-play-god-n = god { $seat }
page-play-key-tribe = { $colour ->
    [red] rode stam
    [yellow] gele stam
    [green] groene stam
    [blue] blauwe stam
   *[other] stam ({ $colour })
} ({ $letter })
page-play-key-temple = tempel: de kleur en het nummer van zijn god
page-play-key-desert = woestijn
page-play-key-empty = leeg veld waar een kaart op mag
page-play-key-lit = verlicht: waar de gekozen stap heen mag
page-play-key-placed = een stap van de beurt die je bouwt
page-play-key-last = de laatste zet
page-play-board-words = Het speelveld in woorden
page-play-board-picture = Het speelveld als plaatje
page-play-whole-game = Het hele spel, beurt voor beurt
page-play-what-to-play = Wat te spelen
page-play-choices = Keuzes voor deze stap
page-play-so-far = Je beurt tot nu toe:
page-play-undo = Laatste stap ongedaan maken
page-play-reset = Opnieuw beginnen
page-play-your-god = Jouw god (god { $seat })
page-play-crystals = Kristallen: { $n }
page-play-temples = Tempels in je voorraad: { $supply }; op het speelveld: { $board }
page-play-markers = Markeerkaartjes in je voorraad: { $supply }; op het speelveld: { $board }
page-play-extra-actions = Bewaarde aanvullende-actiekaarten: { $n }
page-play-villages = Volkerenkaarten: { $n }
page-play-vp = Zegekaartjes: { $n }
page-play-display = De etalage
page-play-display-empty = De etalage is leeg.
page-play-tiles-left = Kaarten over: { $n }.
page-play-points-now = Punten als het spel nu eindigde
page-play-col-god = God
page-play-col-points = Punten
page-play-col-seat = Plaats
page-play-col-crystals = Kristallen
page-play-col-temples = Tempels (voorraad)
page-play-col-markers = Markeerkaartjes (voorraad)
page-play-col-villages = Volken
page-play-col-vp = Zegekaartjes
page-play-may-end = Je mag het spel nu beëindigen: schrijf { $end }. Of schrijf { $continue } om je kristallen te verzamelen en de etalage te zien; daarna stuur je je acties.
page-play-owe = Je moet nog { $n ->
    [one] { $n } actie
   *[other] { $n } acties
} uitvoeren. Schrijf je hele beurt, de stappen gescheiden door { $sep }, bijvoorbeeld { $example }.
page-play-legal-first = Toegestane eerste stappen ({ $n })
page-play-notation-label = Je beurt, in de notatie
page-play-how-to-write = Zo schrijf je een beurt: { $guide }; { $rules }.
page-play-notation-guide = de notatiegids
page-play-rules-of = de regels van { $kind }
page-play-rules-of-cap = De regels van { $kind }
page-play-gods = De goden
page-play-replay = Speel het hele spel na
page-play-how-to = Zo schrijf je een beurt
page-or = of
page-sealed-guess = een verzegelde gok

## Dreams

page-dreams-round = Ronde { $round }
page-dreams-round-line = Ronde { $round }, gedeeld door { $dealer }; fase: { $phase }.
page-dreams-firmament = Het firmament
page-dreams-firmament-label = Het firmament na beurt { $turn }: de beelden 1 tot 4 van deze ronde en de gelegde sterren, x naar rechts en y naar beneden, van 0,0 linksboven tot 100,100.
page-dreams-picture = Het firmament als plaatje
page-dreams-place-star = Leg een ster
page-dreams-star-help = Klik op het firmament waar je ster komt, kies de ster en leg hem.
page-dreams-star = Ster
page-dreams-x = x (naar rechts)
page-dreams-y = y (naar beneden)
page-dreams-bounds = Het firmament loopt van 0,0 (linksboven) tot { $max },{ $max } (rechtsonder); twee sterren mogen geen punt delen.
page-dreams-taken = Bezet:
page-dreams-place-this = Leg deze ster
page-dreams-pass-star = Passen: nu geen ster leggen (je { $star } wordt deze ronde opzijgelegd)
page-dreams-your-guess = Je gok
page-dreams-sealed-note = Je gok wordt meteen verzegeld: definitief, en aan niemand getoond voordat alle gokken binnen zijn.
page-dreams-seal = Verzegel mijn gok
page-dreams-no-guess = Geen gok (passen)
page-dreams-or-notation = Of schrijf je beurt in de notatie
page-dreams-eg = bijvoorbeeld
page-dreams-images = De beelden van ronde { $round }
page-dreams-card = kaart { $card }
page-dreams-deck = Stapel: { $deck }; { $n ->
    [one] nog { $n } kaart te trekken.
   *[other] nog { $n } kaarten te trekken.
}
page-dreams-stars = De sterren van ronde { $round }
page-dreams-col-player = Speler
page-dreams-no-star = Er ligt nog geen ster.
page-dreams-players = De spelers
page-dreams-col-score = Score
page-dreams-col-unplaced = Nog te leggen
page-dreams-col-guess = Gok
page-dreams-you = jij
page-dreams-dealer = deler
page-dreams-revealed = onthuld: { $guess }

## Gesprek aan tafel

page-talk-after-turn = na beurt { $turn }
page-talk-none = Nog niemand heeft iets gezegd.
page-talk-say = Zeg iets aan tafel
page-talk-post = Versturen

## Beurten vooruit klaargezet

page-queue-heading = Beurten vooruit klaargezet
page-queue-note = Gespeeld zodra je aan de beurt bent, als ze dan nog mogen (anders vervallen ze allemaal en zegt je beurtmail waarom). Niemand anders ziet ze.
page-queue-withdraw = Trek ze in
page-queue-many = Je bent niet aan de beurt: zet tot { $n } beurten klaar, één per regel, in de { $notation }.
page-queue-one = Je bent niet aan de beurt: zet je volgende beurt klaar, in de { $notation }.
page-queue-notation = notatie
page-queue-replaces = (dit vervangt de beurten hierboven)
page-queue-button = Zet deze beurt klaar

## Revanche

page-rematch-of = Dit spel is een revanche: { $game }.
page-rematch-of-link = het oorspronkelijke spel
page-rematch-again = Nog een keer spelen
page-rematch-how = Dezelfde tafel, hetzelfde spel en dezelfde opties. Het begint zodra elke speler heeft aanvaard; niemand hoeft tegelijk online te zijn.
page-rematch-propose = Stel een revanche voor
page-rematch = Revanche
page-rematch-started = De revanche is begonnen: { $open }.
page-rematch-open = open haar
page-rematch-accepted = Aanvaard door: { $names }.
page-rematch-waiting = Wachten op: { $names }.
page-rematch-you-accepted = Je hebt aanvaard; ze begint zodra iedereen heeft aanvaard.
page-rematch-accept = Aanvaard de revanche

## Sinds het laatste bezoek, de punten, een onthulde ronde

page-since = Sinds je laatste bezoek
page-points-result = De uitslag
page-points-by-source = De punten per bron, als het spel nu eindigde
page-points-col-villages = Volkerenkaarten ×3
page-points-col-vp = Zegekaartjes ×2
page-points-col-temples = Tempels op het speelveld
page-points-won = gewonnen
page-points-the-most = de meeste
page-points-how = 3 punten per volkerenkaart, 2 per zegekaartje; de god met de meeste tempels op het speelveld, de starttempel meegeteld, krijgt { $majority }, en zo ook elke god die gelijk staat ({ $e3 }). Bij gelijke punten wint wie de meeste kristallen heeft ({ $e4 }).
page-points-negative = Waarom een score onder nul ligt:
page-points-below-zero = { $name } heeft { $total } punten: { $majority } voor de meeste tempels op het speelveld ({ $temples }) en maar { $tiles } uit kaarten.
page-reveal-heading = Ronde { $round } onthuld
page-reveal-line = Het ware visioen was { $vision }; { $mortal } was de sterveling.
page-reveal-col-role = Rol

## Het naspelen

page-replay-of = { $game } naspelen
page-replay-steps = Stappen
page-replay-first = Begin
page-replay-prev = Vorige
page-replay-next = Volgende
page-replay-last = Einde
page-replay-start = Het begin
page-replay-turn-of = Beurt { $turn } van { $last }
page-replay-board-start = Het speelveld bij het begin
page-replay-board-after = Het speelveld na beurt { $turn }
page-replay-firmament-start = Het firmament bij het begin
page-replay-firmament-after = Het firmament na beurt { $turn }
page-replay-turn-by = Beurt { $turn }: { $name }
page-replay-nobody-yet = Bij deze stap heeft nog niemand gespeeld.
page-replay-back = Terug naar het spel
page-replay-log = Het hele logboek
page-replay-before = Voor de eerste beurt:

## Zinnen die de spelpagina's maken

page-play-hex-empty = leeg, hier mag een kaart
page-play-words-marked = { $hex } (markeerkaartje van { $name })
page-play-words-temples = Tempels van { $name } (god { $seat }): { $hexes }.
page-play-words-tribes = { $colour ->
    [red] Rode stammen
    [yellow] Gele stammen
    [green] Groene stammen
    [blue] Blauwe stammen
   *[other] Stammen ({ $colour })
}: { $hexes }.
page-play-words-deserts = Woestijnen: { $hexes }.
page-play-words-decay = Vervalkaarten: { $hexes }.
page-play-words-empty = Lege velden waar een kaart op mag ({ $n }): { $hexes }.
page-play-per-colour = { $colour ->
    [red] rood
    [yellow] geel
    [green] groen
    [blue] blauw
   *[other] { $colour }
} { $n }
page-play-none = geen
page-play-and = { $first } en { $last }
page-play-over-won = Het spel is afgelopen: { $names } { $n ->
    [one] heeft gewonnen.
   *[other] hebben gewonnen.
}
page-play-over = Het spel is afgelopen.
page-play-is-your-turn = Jij bent aan de beurt.
page-play-is-turn-of = { $names } is aan de beurt.
page-source-timeout = gespeeld door Hermes: de tijd was om
page-source-stand-in = gespeeld door een invalbot: de speler is weg
page-source-forfeit = de god viel af: de tijd was om
page-source-dropped-out = afgevallen: de tijd was om
page-source-queued = vooruit klaargezet
page-source-resign = opgegeven: Hermes paste voor de plaats
page-flash-played = Je beurt is gespeeld: het is beurt { $turn } van het spel.
page-flash-queue-withdrawn = Je klaargezette beurten zijn ingetrokken.
page-flash-queued = Klaargezet: { $n ->
    [one] { $n } beurt, gespeeld als je aan de beurt bent.
   *[other] { $n } beurten, gespeeld als je aan de beurt bent.
}
page-flash-seat-back = Je plaats is weer van jou: de invaller speelt niet meer.
page-refused-rules = De regels staan deze beurt niet toe
page-refused-unreadable = Deze beurt is niet te lezen
page-refused-not-a-turn = Dit is geen beurt van dit spel
page-refused-stale = Het spel is verder gegaan sinds je deze pagina laadde; er is niets gespeeld
page-refused-not-your-turn = Je bent niet aan de beurt
page-refused-over = Het spel is afgelopen
page-refused-not-started = Het spel is nog niet begonnen
page-refused-no-seat = Je hebt geen plaats in dit spel
page-refused = Je beurt is niet gespeeld
page-dreams-top-left = linksboven
page-dreams-top-right = rechtsboven
page-dreams-bottom-left = linksonder
page-dreams-bottom-right = rechtsonder
page-dreams-seat = plaats { $seat }
page-dreams-name-seat = { $name } (plaats { $seat })
page-dreams-image = beeld { $n }
page-dreams-no-guess-words = geen gok
page-dreams-phase-stars = sterren leggen
page-dreams-phase-guess = gokken
page-dreams-phase-over = afgelopen
page-dreams-sealed = verzegeld
page-dreams-not-yet = nog niet
page-dreams-role-god-titled = Je bent een god: het ware visioen is beeld { $n }, { $title }.
page-dreams-role-god-vision = Je bent een god: het ware visioen is beeld { $n }.
page-dreams-role-god = Je bent een god.
page-dreams-role-mortal = Je bent de sterveling: je weet niet welk beeld het ware visioen is.
page-dreams-my-guess = Je verzegelde gok: { $guess }. Hij is definitief, en niemand anders ziet hem voor de onthulling.
page-dreams-my-pass = Je hebt deze ronde geen gok verzegeld (gepast).
page-dreams-waiting-guesses = Wachten op de gokken van { $names }.
page-dreams-your-turn-guess = Jij bent aan de beurt: alle plaatsen gokken tegelijk, in het geheim.
page-dreams-guess-in = Je gok is binnen.
page-dreams-your-turn-star = Jij bent aan de beurt: leg een ster.
page-dreams-turn-star-of = { $names } is aan de beurt om een ster te leggen.
page-dreams-legend-seat = Wijs de plaats aan die volgens jou de sterveling is
page-dreams-legend-image = Noem het beeld dat je voor het ware visioen houdt
page-dreams-the-mortal = de sterveling
page-dreams-a-god = een god
page-dreams-ev-dealt = Ronde { $round } wordt gedeeld door { $name }.
page-dreams-ev-dealt-shuffled = Ronde { $round } wordt gedeeld door { $name }; de opzijgelegde kaarten zijn teruggeschud.
page-dreams-ev-god = { $name } is een god in ronde { $round }.
page-dreams-ev-mortal = { $name } is de sterveling in ronde { $round }.
page-dreams-ev-you-mortal = Je bent de sterveling.
page-dreams-ev-star = { $name } legde een { $star } op { $point }.
page-dreams-ev-star-passed = { $name } legde geen ster; de { $star } wordt deze ronde opzijgelegd.
page-dreams-ev-sealed = { $name } verzegelde een gok.
page-dreams-ev-their-guess = De verzegelde gok van { $name }: { $guess }.
page-dreams-ev-your-guess = Je verzegelde gok: { $guess }.
page-dreams-ev-revealed = Ronde { $round } onthuld: het ware visioen was beeld { $n }, { $mortal } was de sterveling; punten: { $points }.
page-dreams-kind = { $kind ->
    [clear] helder
    [grey] grijs
    [black] zwart
   *[other] { $kind }
}
page-login-wrong = Verkeerd e-mailadres of wachtwoord.
page-password-length = Een wachtwoord is { $min } tot { $max } tekens lang.
page-password-differ = De twee wachtwoorden verschillen.
page-vacation-give-day = Geef de dag waarop de vakantie eindigt, bijvoorbeeld 2026-08-01.
page-saved = Opgeslagen.
page-leave-resign-means = Je plaats valt voorgoed af: vanaf nu past Hermes voor die plaats telkens als die aan de beurt is, en die plaats kan niet winnen. Het spel gaat door voor de anderen, die horen dat je hebt opgegeven.
page-leave-abort-means = Nog niemand heeft een zet gedaan: het spel eindigt meteen, niemand wint, en elke speler krijgt het per mail te horen.
page-leave-delete-means = Het spel is niet begonnen: het verdwijnt, met zijn plaatsen en uitnodigingen. De spelers die meededen, krijgen het per mail te horen.
page-leave-yes-resign = Ja, opgeven
page-leave-yes-abort = Ja, breek het spel af
page-leave-yes-delete = Ja, verwijder het spel
page-leave-resigned = Je hebt opgegeven: Hermes past vanaf nu voor je plaats. Je kunt het spel hier nog steeds volgen.
page-leave-aborted = Je hebt het spel afgebroken: het is afgelopen, en niemand heeft gewonnen.
page-replay-goes-on = Het spel loopt: { $n ->
    [one] tot nu toe { $n } beurt gespeeld.
   *[other] tot nu toe { $n } beurten gespeeld.
}

## De woorden van de scripts van de pagina's

page-js-no-answer = De server gaf geen antwoord.
page-js-zoom-in = Inzoomen
page-js-zoom-out = Uitzoomen
page-js-zoom-fit = Heel het speelveld
page-js-nothing-yet = (nog niets)
page-js-may-end = Je mag het spel nu beëindigen, of doorspelen: dan verzamel je je kristallen en zie je de etalage.
page-js-end-game = Beëindig het spel
page-js-play-on = Doorspelen
page-js-owe-one = Je moet nog 1 actie uitvoeren. Kies een kaart uit de etalage, een tempel of een woestijn om te verplaatsen; de velden die je mag gebruiken lichten op.
page-js-owe = Je moet nog { $n } acties uitvoeren. Kies een kaart uit de etalage, een tempel of een woestijn om te verplaatsen; de velden die je mag gebruiken lichten op.
page-js-complete = Je beurt is compleet: speel hem, of maak een stap ongedaan.
page-js-no-action-left = Er is geen actie meer mogelijk: speel de beurt zoals hij is.
page-js-place-temple = Zet een tempel
page-js-move-desert = Verplaats een woestijn (2 kristallen)
page-js-play-extra = Speel een aanvullende-actiekaart
page-js-discard-it = Afleggen
page-js-keep-it = Bewaren voor een latere beurt
page-js-play-it-now = Nu spelen
page-js-take-crystal = Neem een kristal van { $name }
page-js-god-n = god { $n }
page-js-choose-desert = Kies de woestijn die je verplaatst (hij is verlicht).
page-js-choose-where = Kies waar hij heen gaat: een verlicht veld.
page-js-choose-lit = Kies een verlicht veld.
page-js-choose-lit-n = Kies een verlicht veld ({ $n } verlicht; de pijltjestoetsen gaan ertussen heen en weer).
page-js-unreachable = De server is onbereikbaar; gebruik het formulier hieronder.
page-js-image = Beeld { $n }
page-js-show-large = Toon het groot
page-js-image-large = Beeld { $n }, groot
page-js-guess-image = Gok op beeld { $n }
page-js-close = Sluiten
page-js-moved-on = Het spel is verder gegaan.
page-js-show-it = Toon het
page-js-will-be-lost = (wat je hier begonnen bent, gaat verloren)
page-js-notify = Laat me weten als ik aan de beurt ben
page-js-notify-yes = Dit tabblad laat je weten als je aan de beurt bent.
page-js-notify-no = Geen meldingen: de browser weigert ze.
page-js-copied = Gekopieerd
page-js-zone-chosen = De tijdzone van je browser, { $zone }, is gekozen.

## Geweigerde formulieren

page-talk-not-posted = Je bericht is niet geplaatst
page-rematch-refused = Geen revanche
page-check-form = Controleer het formulier.
page-dreams-form-star = Kies een ster: helder, grijs of zwart.
page-dreams-form-point = Geef het punt als twee gehele getallen van 0 tot 100: x naar rechts, y naar beneden, 0,0 de hoek linksboven.
page-dreams-form-seat = Kies de plaats die volgens jou de sterveling is.
page-dreams-form-image = Kies een beeld, 1 tot 4.

## What stands on a hex, for a screen reader (the board on the turn page).
page-cell-god = god { $seat }
page-cell-god-named = { $name } (god { $seat })
page-cell-marked = { $tribe } met het markeerkaartje van { $god }
page-cell-temple = tempel van { $god }
page-cell-last-move = laatste zet: { $what }

# The web app manifest's description (a browser shows it when it offers to install the site).
page-manifest-description = Je partijen Gods en Dreams, beurt voor beurt.
