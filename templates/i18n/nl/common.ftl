span-days = { $n ->
    [one] { $n } dag
   *[other] { $n } dagen
}
span-hours = { $n } uur
span-minutes = { $n ->
    [one] { $n } minuut
   *[other] { $n } minuten
}

time-left = nog { $span }
time-left-two = nog { $first } en { $second }
time-left-under-a-minute = nog minder dan een minuut
time-up = de tijd is om

date-long = { $weekday } { $day } { $month } { $year }
datetime-long = { $date } om { $time } { $zone }

weekday-1 = maandag
weekday-2 = dinsdag
weekday-3 = woensdag
weekday-4 = donderdag
weekday-5 = vrijdag
weekday-6 = zaterdag
weekday-7 = zondag

month-1 = januari
month-2 = februari
month-3 = maart
month-4 = april
month-5 = mei
month-6 = juni
month-7 = juli
month-8 = augustus
month-9 = september
month-10 = oktober
month-11 = november
month-12 = december

deadline-with-left = { $when } ({ $left })
deadline-none = geen deadline

tile-tribe = { $colour ->
    [red] rode stam
    [yellow] gele stam
    [green] groene stam
    [blue] blauwe stam
   *[other] stam ({ $colour })
}
tile-desert = woestijn
tile-whirlwind = wervelstorm
tile-extra-action = aanvullende-actiekaart
tile-game-end = speleindekaart
tile-decay = vervalkaart

label = { $label }:

## De agenda (een afspraak per beurt die op de lezer wacht).

calendar-name = Hermes: jouw beurten
calendar-summary = Jij bent aan de beurt: { $game }
calendar-description = Hermes wacht op je beurt in { $game } (plaats { $seat }) sinds zet { $move }. Speel hem vóór { $deadline }.
