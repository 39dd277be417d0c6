# Words the service builds from numbers: spans of time, time left, dates.
# `$n` is a whole number; plurals follow the language's CLDR rules.

span-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
span-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
span-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}

# `$span` is a span above; `$n` the number it counts (a verb may agree with it).
time-left = { $span } left
# `$first` and `$second` are spans; `$n` is 2.
time-left-two = { $first } { $second } left
time-left-under-a-minute = less than a minute left
time-up = time is up

# A date in full: `$weekday` and `$month` are the names below, `$monthnum` the month's number.
# `$day` and `$year` are numbers.
date-long = { $weekday } { $day } { $month } { $year }
# A moment: `$date` as above, `$time` as 14:30, `$zone` as CET (Europe/Berlin).
datetime-long = { $date }, { $time } { $zone }

weekday-1 = Monday
weekday-2 = Tuesday
weekday-3 = Wednesday
weekday-4 = Thursday
weekday-5 = Friday
weekday-6 = Saturday
weekday-7 = Sunday

month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December

# A deadline with how long is left: `$when` as above, `$left` as "2 days left".
deadline-with-left = { $when }, { $left }
deadline-none = no deadline

## Gods: the tiles, as the display lists them (docs/rules/glossary.md).
# `$colour` is a code: red, yellow, green or blue.
tile-tribe = { $colour ->
    [red] red tribe
    [yellow] yellow tribe
    [green] green tribe
    [blue] blue tribe
   *[other] { $colour } tribe
}
tile-desert = desert
tile-whirlwind = whirlwind
tile-extra-action = extra-action tile
tile-game-end = game-end tile
tile-decay = decay tile

# A label before what it names: "The images:" (Japanese "：", French " :").
label = { $label }:

## The calendar feed (an event per turn waiting for the reader).

calendar-name = Hermes: your turns
# $game: the game's name (Gods #a1b2c3)
calendar-summary = Your turn: { $game }
# $seat: the reader's seat; $move: the log's sequence the wait began at; $deadline: the
# deadline in full, in the reader's time zone (datetime-long)
calendar-description = Hermes waits for your turn in { $game } (seat { $seat }) since move { $move }. Play it by { $deadline }.
