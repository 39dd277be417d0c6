span-days = { $n }日
span-hours = { $n }時間
span-minutes = { $n }分

time-left = 残り{ $span }
time-left-two = 残り{ $first }{ $second }
time-left-under-a-minute = 残り1分未満
time-up = 時間切れ

date-long = { $year }年{ $monthnum }月{ $day }日（{ $weekday }）
datetime-long = { $date } { $time } { $zone }

weekday-1 = 月
weekday-2 = 火
weekday-3 = 水
weekday-4 = 木
weekday-5 = 金
weekday-6 = 土
weekday-7 = 日

month-1 = 1月
month-2 = 2月
month-3 = 3月
month-4 = 4月
month-5 = 5月
month-6 = 6月
month-7 = 7月
month-8 = 8月
month-9 = 9月
month-10 = 10月
month-11 = 11月
month-12 = 12月

deadline-with-left = { $when }（{ $left }）
deadline-none = 期限なし

tile-tribe = { $colour ->
    [red] 赤の民族
    [yellow] 黄の民族
    [green] 緑の民族
    [blue] 青の民族
   *[other] 民族（{ $colour }）
}
tile-desert = 荒野
tile-whirlwind = 嵐
tile-extra-action = 追加アクションタイル
tile-game-end = エンドタイル
tile-decay = 衰退タイル

label = { $label }：

## カレンダー（読み手を待つ手番ごとの予定）。

calendar-name = Hermes：あなたの手番
calendar-summary = あなたの手番：{ $game }
calendar-description = Hermes は { $game }（席 { $seat }）で、第{ $move }手のあとからあなたの手番を待っています。{ $deadline } までに打ってください。
