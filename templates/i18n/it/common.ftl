span-days = { $n ->
    [one] { $n } giorno
   *[other] { $n } giorni
}
span-hours = { $n ->
    [one] { $n } ora
   *[other] { $n } ore
}
span-minutes = { $n ->
    [one] { $n } minuto
   *[other] { $n } minuti
}

time-left = { $n ->
    [one] manca { $span }
   *[other] mancano { $span }
}
time-left-two = mancano { $first } e { $second }
time-left-under-a-minute = manca meno di un minuto
time-up = il tempo è scaduto

date-long = { $weekday } { $day } { $month } { $year }
datetime-long = { $date }, ore { $time } { $zone }

weekday-1 = lunedì
weekday-2 = martedì
weekday-3 = mercoledì
weekday-4 = giovedì
weekday-5 = venerdì
weekday-6 = sabato
weekday-7 = domenica

month-1 = gennaio
month-2 = febbraio
month-3 = marzo
month-4 = aprile
month-5 = maggio
month-6 = giugno
month-7 = luglio
month-8 = agosto
month-9 = settembre
month-10 = ottobre
month-11 = novembre
month-12 = dicembre

deadline-with-left = { $when } ({ $left })
deadline-none = nessuna scadenza

tile-tribe = { $colour ->
    [red] tribù rossa
    [yellow] tribù gialla
    [green] tribù verde
    [blue] tribù blu
   *[other] tribù { $colour }
}
tile-desert = deserto
tile-whirlwind = vortice
tile-extra-action = tessera mediazione
tile-game-end = tessera fine gioco
tile-decay = tessera decadenza

label = { $label }:

## Il calendario (un evento per ogni turno che aspetta chi legge).

calendar-name = Hermes: i tuoi turni
calendar-summary = Tocca a te: { $game }
calendar-description = Hermes aspetta il tuo turno in { $game } (posto { $seat }) dalla mossa { $move }. Giocalo entro { $deadline }.
