# ゲームで起きたことを文章で（en/words.ftl を参照）。

## Sentences
words-sentence = { $text }。

## Counts
words-crystals = クリスタル{ $n }個

## Gods: a turn's events
words-end-declared = { $god } さんがゲームの終了を宣言しました
words-played-on = { $god } さんはゲームを続けました
words-power-gathered = { $god } さんがパワーを補充し（{ $amount }）、いま{ $total }個持っています
words-tile-drawn = タイルが1枚めくられました：{ $tile }
words-tiles-returned = 同じタイル（{ $tile }）2枚が袋に戻りました
words-tribe-placed = { $god } さんが{ $at }に{ $tile }を置きました
words-for = （{ $amount }）
words-worships = 。この民族は{ $god } さんを信仰しています
words-temple-placed = { $god } さんが{ $at }に神殿を建てました
words-converting = 。民族{ $n }つが改宗しました
words-desert-placed = { $god } さんが{ $at }に荒野を置きました
words-gaining = 。{ $amount }を得ました
words-desert-blown = { $god } さんが嵐で{ $from }の荒野を{ $to }へ移しました
words-desert-moved = { $god } さんが{ $from }の荒野を{ $to }へ移しました（{ $amount }）
words-extra-taken = { $god } さんが追加アクションタイルを取りました
words-extra-played = { $god } さんが追加アクションタイルを使いました
words-discarded = { $god } さんがタイル（{ $tile }）を捨てました
words-decay-placed = { $god } さんが{ $victim } さんの神殿の隣の{ $at }に衰退タイルを置きました。{ $victim } さんは{ $lost }を失い、{ $god } さんは{ $amount }を得ました
words-village-founded = { $god } さんが{ $colour ->
    [red] 赤
    [yellow] 黄
    [green] 緑
    [blue] 青
   *[other] { $colour }
}の村落を作りました
words-village-founded-vp = { $god } さんが{ $colour ->
    [red] 赤
    [yellow] 黄
    [green] 緑
    [blue] 青
   *[other] { $colour }
}の村落を作り、勝利ポイントカードを取りました
words-village-lost = { $god } さんが{ $colour ->
    [red] 赤
    [yellow] 黄
    [green] 緑
    [blue] 青
   *[other] { $colour }
}の村落を失いました
words-actions-forfeited = { $god } さんは合法なアクションがなくなり、{ $n }回のアクションを失いました
words-game-ended = ゲームが終わりました：{ $reason }

## Gods: why a game ended
words-end-game-end-tile = エンドタイルがめくられました
words-end-declared-by = { $god } さんが終了を宣言しました
words-end-bag-empty = 袋から場のタイルを補充できなくなりました
words-end-pile-empty = 山がなくなりました

## Turns the service played for a seat
words-by-resign = { $god } さんが投了しました：この席の手番では毎回 Hermes がパスします
words-by-forfeit = { $god } さんは持ち時間が切れてゲームから脱落しました：この席は Hermes がパスします
words-by-timeout = { $god } さんの持ち時間が切れました：Hermes が代わりにパスしました

## Dreams: a round's events
words-dreams-round-dealt = ラウンド{ $round }が新しい4枚の絵で始まります。最初の星は{ $dealer } さんが置きます。
words-dreams-star-placed = { $player } さんが{ $at }に{ $star }を置きました。
words-dreams-star-placed-you = あなたは{ $at }に{ $star }を置きました。
words-dreams-star-passed = { $player } さんは今回星を置きませんでした（{ $star }はこのラウンドでは使われません）。
words-dreams-star-passed-you = Hermes があなたの代わりにパスしました：今回は星を置きません（あなたの{ $star }はこのラウンドでは使われません）。
words-dreams-no-guess-you = Hermes があなたの代わりにパスしました：このラウンドは予想しません。
words-dreams-you-named-seat = あなたは{ $player } さん（席{ $seat }）を予想しました。
words-dreams-you-named-image = あなたは絵{ $image }を予想しました。
words-dreams-guess-sealed = { $player } さんが予想を封印しました。
words-dreams-revealed = 全員の予想がそろいました：ラウンド{ $round }を公開します（真のビジョンは絵{ $vision }、人間は{ $mortal } さんでした）。
words-dreams-revealed-you = 全員の予想がそろいました：ラウンド{ $round }を公開します（真のビジョンは絵{ $vision }、人間はあなたでした）。
words-dreams-you-god = このラウンド、あなたは神です：真のビジョンは絵{ $vision }です。
words-dreams-you-mortal = このラウンド、あなたは人間です。
words-dreams-game-over = ゲームが終わりました。

## Dreams: a sealed guess
words-guess-seat = { $player } さん（席{ $seat }）を予想
words-guess-image = 絵{ $image }を予想
words-guess-none = 予想なし
