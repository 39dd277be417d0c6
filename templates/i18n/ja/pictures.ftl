# 絵に描かれる言葉：Gods のボードと Dreams のテーブル。

## Gods のボード。

picture-gods-board = Gods のボード
picture-god = 神 { $seat }
picture-god-named = 神 { $seat }（{ $name }）
picture-and = { $first } と { $second }
picture-game-over-after-turn = { $turn } 手でゲーム終了：{ $winners } の勝ち
picture-game-over-won = ゲーム終了：{ $winners } の勝ち
picture-game-over = ゲーム終了
picture-turn = 手番 { $turn }
picture-turn-god-to-move = 手番 { $turn }：神 { $seat }（{ $name }）の番
picture-god-to-move = 神 { $seat }（{ $name }）の番
picture-may-end = （ゲームを終わらせられます）
picture-gods = 神
picture-display = 場のタイル
picture-empty = （なし）
picture-left-in-pile = 山の残り { $n } 枚
picture-left-in-bag = 袋の残り { $n } 枚
picture-key = 凡例
picture-key-temple = 神殿：神の色と番号
picture-key-tribe = 民族（R/Y/G/B）とゴッドマーカー
picture-key-empty = タイルを置ける空きヘクス：q,r
picture-key-axes = q+1：東（右）へ 1 ヘクス、r+1：南東へ 1 ヘクス
picture-points = { $score } 点
picture-crystals = クリスタル { $n }
picture-temples = 神殿 { $n }
picture-markers = マーカー { $n }
picture-supplies = { $crystals } · 手持ち：{ $temples }、{ $markers }
picture-extra = 追加 { $n }
picture-villages = 村落
picture-vp = 勝利ポイント
picture-none = なし

## Dreams：今のテーブルと、公開されたラウンド。

picture-dreams-round = Dreams ラウンド { $round }
picture-dreams-round-revealed = Dreams ラウンド { $round } 公開
picture-no-reveal = まだ公開されたラウンドはありません
picture-card = カード { $n }
picture-seat = 席 { $seat }
picture-seat-named = { $name }（席 { $seat }）
picture-round-stars-next = ラウンド { $round }：星 — 次は { $who }
picture-round-stars = ラウンド { $round }：星
picture-round-guesses = ラウンド { $round }：予想
picture-round-guesses-waiting = ラウンド { $round }：予想 — { $who } を待っています
picture-round = ラウンド { $round }
picture-image = 絵 { $n }
picture-round-revealed = ラウンド { $round } 公開：真のビジョンは { $vision }、人間は { $mortal }
picture-players = プレイヤー
picture-places-next = 次に置く
picture-all-placed = すべて配置済み
picture-stars-left = 残り：{ $stars }
picture-guess-sealed = 予想を封印済み
picture-to-guess = 予想待ち
picture-won = 勝ち
picture-stars = 星
picture-star-clear = 透明（白）
picture-star-grey = 灰色
picture-star-black = 黒
picture-outline = 縁：プレイヤーの色
picture-axes = x は右、y は下：0,0 が左上
picture-you = あなた
picture-role-god-vision = 神：真のビジョンは絵 { $image }
picture-role-god = 神
picture-role-mortal = 人間：どの絵でしょう？
picture-role-watching = 観戦
picture-you-seat = 席 { $seat }、{ $role }
picture-your-guess = 封印した予想：{ $guess }
picture-no-guess = 予想なし
picture-deck-standard = デッキ：標準
picture-deck = デッキ：{ $deck }
picture-deck-left = 残り { $n }
picture-set-aside = 除外 { $n }
picture-the-vision = 真のビジョン
picture-your-vision = あなたのビジョン
picture-guesses-and-points = 予想と点
picture-role-mortal-short = 人間
picture-role-god-short = 神
picture-named = { $who } と予想
picture-named-image = 絵 { $n } と予想
picture-reveal-note = 破線の輪：人間の星。金色：真のビジョン。このラウンドの点 → 合計。
picture-star-kind = { $kind ->
    [clear] 透明
    [grey] 灰色
    [black] 黒
   *[other] { $kind }
}

# A card's number in the deck, small, in its corner: $n is 0 to 71.
picture-card-number = { $n }番
