# ゲームで起きたことを文章で（en/words.ftl を参照）。

## Sentences
words-sentence = { $text }。

## Counts
words-crystals = クリスタル{ $n }個

## Gods: a turn's events
words-end-declared = { $god } さんがゲームの終了を宣言しました
words-played-on = { $god } さんはゲームを続けました
words-power-gathered = { $god } さんがパワーを補充し（{ $amount }）、いま{ $total }個持っています
words-tile-drawn = 新たにめくられたタイル：{ $tile }
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

words-dreams-end = ラウンド{ $round }で{ $who } さんが{ $points }点に達しました（D-R8）

## Dreams: a sealed guess
words-guess-seat = { $player } さん（席{ $seat }）を予想
words-guess-image = 絵{ $image }を予想
words-guess-none = 予想なし

## The answer to a reply by mail
answer-rematch-proposed = 提案しました：ほかのプレイヤーにメールで尋ねます。全員が承諾すると始まります
answer-rematch-waiting = 承諾しました。{ $names } さんを待っています
answer-rematch-started = 承諾しました：再戦が始まりました。あなたの手番なら、手番のメールが届きます
answer-rematch-not-taken = 受け付けられませんでした：{ $problem }
answer-rematch-not-over = 受け付けられませんでした：ゲームはまだ終わっていません
answer-talk-refused = { $say }：{ $problem }
answer-your-words = あなたの言葉：{ $problem }
answer-say-past = { $say }の行があと{ $n }行読まれませんでした：1通の返信で投稿できるのは{ $max }行までです
answer-no-turn = 返信に手も{ $say }、{ $legal }、{ $board }も見つかりませんでした
answer-not-queued = 予約できませんでした：{ $problem }
answer-queue-empty = 予約は空です：あなたの代わりに打たれる手はありません。
answer-position-turns = これまでの手数：{ $played }。次は第{ $next }手です。
answer-position-not-running = ゲームは進行中ではありません（終わったか、まだ始まっていません）。
answer-position-your-turn = あなたの手番です：このメールに手を書いて返信してください。
answer-position-waiting = 待っている相手：{ $seats }。
answer-position-seat = { $player } さん（席{ $seat }）

## Why a reply's turn, talk or queue was refused
answer-problem-rule_violation = この手はルール{ $rule }に反しています
answer-problem-invalid_notation = 「{ $word }」という語（位置 { $offset }）で手を読み取れませんでした
answer-problem-invalid_turn = このゲームの手ではありません
answer-problem-stale_seq = ゲームは先に進んでいます：すでに{ $current }手が打たれています
answer-problem-not_your_turn = あなたの手番ではありません
answer-problem-game_over = ゲームは終わっています
answer-problem-resigned = あなたはこのゲームを投了しました：あなたの席は Hermes が打ちます
answer-problem-game_not_started = 全員の席が埋まるとゲームが始まります
answer-problem-rate_limited = 短い間にメッセージが多すぎます：あとでもう一度試してください
answer-problem-other = 受け付けられませんでした（{ $detail }）

## 終わったゲームがどう終わったか（ゲームのページ）。
words-ended-aborted-by = { $name } さん（席 { $seat }）が、誰も手を打つ前にゲームを中止しました。勝者はいません。
words-ended-aborted = 誰も手を打つ前にゲームは中止されました。勝者はいません。
words-ended-rules = ゲームはルールどおりに終了しました。
words-ended-rules-why = ゲームはルールどおりに終了しました：{ $reason }。
words-ended-resigned = { $names } さんが投了しました（以後、その席は Hermes がパスしました）。
words-ended-timed-out = { $names } さんは持ち時間が切れて脱落しました。
