span-days = { $n ->
    [one] { $n } Tag
   *[other] { $n } Tage
}
span-hours = { $n ->
    [one] { $n } Stunde
   *[other] { $n } Stunden
}
span-minutes = { $n ->
    [one] { $n } Minute
   *[other] { $n } Minuten
}

time-left = noch { $span }
time-left-two = noch { $first } und { $second }
time-left-under-a-minute = noch weniger als eine Minute
time-up = die Zeit ist abgelaufen

date-long = { $weekday }, { $day }. { $month } { $year }
datetime-long = { $date }, { $time } Uhr { $zone }

weekday-1 = Montag
weekday-2 = Dienstag
weekday-3 = Mittwoch
weekday-4 = Donnerstag
weekday-5 = Freitag
weekday-6 = Samstag
weekday-7 = Sonntag

month-1 = Januar
month-2 = Februar
month-3 = März
month-4 = April
month-5 = Mai
month-6 = Juni
month-7 = Juli
month-8 = August
month-9 = September
month-10 = Oktober
month-11 = November
month-12 = Dezember

deadline-with-left = { $when } ({ $left })
deadline-none = keine Frist

tile-tribe = { $colour ->
    [red] roter Stamm
    [yellow] gelber Stamm
    [green] grüner Stamm
    [blue] blauer Stamm
   *[other] Stamm ({ $colour })
}
tile-desert = Wüste
tile-whirlwind = Wirbelsturm
tile-extra-action = Zusatzaktion-Plättchen
tile-game-end = Spielende-Plättchen
tile-decay = Verfall-Plättchen

label = { $label }:

## Der Kalender (ein Termin für jeden Zug, der auf den Leser wartet).

calendar-name = Hermes: deine Züge
calendar-summary = Du bist am Zug: { $game }
calendar-description = Hermes wartet seit Zug { $move } auf deinen Zug in { $game } (Platz { $seat }). Spiele ihn bis { $deadline }.
