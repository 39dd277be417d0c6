span-days = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
span-hours = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
span-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}

time-left = il reste { $span }
time-left-two = il reste { $first } et { $second }
time-left-under-a-minute = il reste moins d’une minute
time-up = le temps est écoulé

# Le premier du mois s’écrit « 1er ».
date-long = { $weekday } { $day ->
    [1] 1er
   *[other] { $day }
} { $month } { $year }
datetime-long = { $date } à { $time } { $zone }

weekday-1 = lundi
weekday-2 = mardi
weekday-3 = mercredi
weekday-4 = jeudi
weekday-5 = vendredi
weekday-6 = samedi
weekday-7 = dimanche

month-1 = janvier
month-2 = février
month-3 = mars
month-4 = avril
month-5 = mai
month-6 = juin
month-7 = juillet
month-8 = août
month-9 = septembre
month-10 = octobre
month-11 = novembre
month-12 = décembre

deadline-with-left = { $when }, { $left }
deadline-none = pas de date limite

tile-tribe = { $colour ->
    [red] tribu rouge
    [yellow] tribu jaune
    [green] tribu verte
    [blue] tribu bleue
   *[other] tribu { $colour }
}
tile-desert = friche
tile-whirlwind = tornade
tile-extra-action = tuile action supplémentaire
tile-game-end = tuile fin de partie
tile-decay = tuile déclin

label = { $label } :

## Le calendrier (un événement par tour qui attend le lecteur).

calendar-name = Hermes : vos tours
calendar-summary = À vous de jouer : { $game }
calendar-description = Hermes attend votre tour dans { $game } (place { $seat }) depuis le coup { $move }. Jouez-le avant le { $deadline }.
