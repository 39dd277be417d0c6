# メール：件名・本文・共通の枠。ルールブックと同じく「です・ます」で書きます。

## 共通の枠

mail-hello-name = { $name } さん
mail-hello = こんにちは。
mail-footer = Hermes — メールで遊ぶボードゲーム、一手ずつ。
mail-unsubscribe-text = Hermes からのメールを停止するには、次のリンクを開いてください：
mail-unsubscribe-link = 配信停止
mail-unsubscribe-html = Hermes からのメールを止めるには{ $link }してください。

## 共通の行

mail-open-turn = 手番を開く
mail-open-game = ゲームを開く
mail-the-game = ゲーム：
mail-whole-game = ゲーム全体
mail-copy-link = またはこのリンクをブラウザにコピーしてください：{ $url }
mail-your-deadline = あなたの期限：{ $deadline }
mail-turn-number = 第{ $turn }手

## welcome

mail-welcome-subject = Hermes へようこそ：メールアドレスを確認してください
mail-welcome-intro = Hermes へようこそ。ここではボードゲームをメールで、一手ずつ遊びます。
mail-welcome-confirm = このアドレスがあなたのものであることを、次のリンクを開いて確認してください（リンクの有効期間は{ $valid_for }です）：
mail-welcome-button = アドレスを確認する
mail-welcome-not-you = 登録した覚えがない場合は、このメールを無視してください。

## register_attempt

mail-register-attempt-subject = あなたのアドレスで Hermes への登録が試みられました
mail-register-attempt-intro = どなたか（あなたかもしれません）が、このアドレスで Hermes のアカウントを作ろうとしました。このアドレスにはすでにアカウントがあるため、何も作成・変更されていません。
mail-register-attempt-you = あなたの場合：パスワードでログインしてください。
mail-register-attempt-not-you = あなたでない場合：何もする必要はありません。アカウントもパスワードもそのままです。（このお知らせは1日に1回までしか送られません。）

## password_reset

mail-password-reset-subject = Hermes の新しいパスワードを設定してください
mail-password-reset-intro = どなたか（あなたかもしれません）が、このアドレスの Hermes アカウントに新しいパスワードを設定するよう依頼しました。
mail-password-reset-choose = 新しいパスワードを選ぶには、次のリンクを開いてください（使えるのは1回だけで、有効期間は{ $valid_for }です）：
mail-password-reset-button = 新しいパスワードを設定する
mail-password-reset-not-you = あなたでない場合：何もする必要はありません。パスワードはそのままです。

## invitation

mail-invitation-subject-from = 「{ $inviter }」さんから{ $kind }への招待：{ $game }
mail-invitation-subject = Hermes で{ $kind }を遊ぶ招待：{ $game }
mail-invitation-title = { $game }への招待
mail-invitation-intro = { $inviter } さんが、あなたを{ $kind }のゲーム「{ $game }」に招待しています。
mail-invitation-intro-stranger = Hermes で「{ $inviter }」と名乗るプレイヤーが、あなたを{ $kind }のゲーム「{ $game }」に招待しています。
mail-invitation-seats = 席数：{ $seats }
mail-invitation-joined = 参加済み：{ $players }
mail-invitation-nobody = まだ誰も参加していません。
mail-invitation-turn-time = 1手の持ち時間は最大{ $time }です。あなたの手番になるとメールが届きます。
mail-invitation-join = ゲームに参加する：
mail-invitation-join-button = ゲームに参加する

## game_deleted

mail-game-deleted-subject = { $game }は開始前に削除されました
mail-game-deleted-intro = { $game }（{ $kind }のゲーム）を作成した { $creator } さんが、全員の席がそろう前にゲームを削除しました。あなたの席はなくなりました。まだ何も遊ばれていません。
mail-game-deleted-others = プレイヤーを募集中のほかのゲーム、または自分で新しいゲームを：
mail-game-deleted-button = ほかのゲームを探す

## your_turn (Gods)

mail-your-turn-subject = { $game }であなたの手番です（第{ $turn }手）
mail-your-turn-intro = { $game }であなたの手番です（第{ $turn }手）。ボード上のあなたは神{ $seat }です。
mail-your-turn-board-attached = ボードは board.png として添付されています。
mail-your-turn-board-alt = { $game }のボード
mail-your-turn-since = あなたの前の手番から
mail-your-turn-played = { $god }（神{ $seat }）の手
mail-your-turn-played-for = { $god }（神{ $seat }）の代わりに打たれた手
mail-your-turn-nobody = あなたの前の手番から、誰も打っていません。
mail-your-turn-position = あなたの状況
mail-your-turn-crystals = あなたのクリスタル：{ $crystals }
mail-your-turn-extra-actions = 持っている追加アクションタイル：{ $extra }
mail-your-turn-display = 場のタイル（山の残り{ $tiles }枚）
mail-your-turn-display-empty = 場のタイルはありません（山の残り{ $tiles }枚）。
mail-your-turn-may-end = いまゲームを終了できます。終了するなら { $end }、続けるなら { $continue } と送ってください（続けると、パワーの補充と場のタイルの補充が行われます）。

## 予約した手の取り消し

mail-queue-dropped = 予約していた手は取り消されました。最初の手 { $notation } はもう打てません{ $rule }：{ $message } 予約していた{ $count }手はすべて取り下げられました。この手番はご自分で打ってください。

## 卓での会話

mail-talk-at-table-earlier = 卓での会話（それ以前のメッセージ{ $count }件はゲームのページにあります）
mail-talk-at-table = 卓での会話
mail-talk-earlier = それ以前のメッセージ{ $count }件はゲームのページにあります
mail-talk-answer = 返事をするには、このメールに { $say } の行を書いて返信してください。

## reminder

mail-reminder-subject = リマインダー：{ $game }のあなたの手番は残り{ $left }です
mail-reminder-intro = { $game }のあなたの手番はまだ終わっていません。期限は{ $deadline }、あと{ $left }です。
mail-reminder-policy-auto_pass = それまでに打たなかった場合、Hermes があなたの代わりにパスします（Gods では場のタイルを捨てるだけで何も支払わず、Dreams では今回は星を置かないか、予想をしません）。
mail-reminder-policy-forfeit = それまでに打たなかった場合、あなたはゲームから脱落します。
mail-reminder-policy-stand_in = それまでに打たなかった場合、あなたが戻るまで代理のボットがあなたの代わりに打ちます。
mail-reminder-policy-wait = ゲームはあなたを待っています。ほかのプレイヤーも待っています。

## timeout

mail-timeout-subject-you = { $game }であなたの持ち時間が切れました
mail-timeout-subject = { $game }で{ $god } さんの持ち時間が切れました
mail-timeout-passed-you = { $game }でのあなたの期限が過ぎました。
mail-timeout-passed = { $game }での{ $god } さんの期限が過ぎました。
mail-timeout-auto-pass-you = このゲームの時間切れのルールに従い、Hermes があなたの代わりに最小限の合法手を打ちました：
mail-timeout-auto-pass-other = このゲームの時間切れのルールに従い、Hermes が{ $god } さんの代わりに最小限の合法手を打ちました：
mail-timeout-forfeit-you = このゲームの時間切れのルールに従い、あなたはゲームから脱落しました。
mail-timeout-forfeit-other = このゲームの時間切れのルールに従い、{ $god } さんはゲームから脱落しました。
mail-timeout-stand-in-you = このゲームの時間切れのルールに従い、あなたが戻るまで代理のボットがあなたの代わりに打ちます。
mail-timeout-stand-in-other = このゲームの時間切れのルールに従い、{ $god } さんが戻るまで代理のボットが代わりに打ちます。
mail-timeout-take-back = 席を取り戻すには、手番が来たときに打つか、ゲームのページで「席を取り戻す」を押してください。
mail-timeout-wait-you = ゲームはあなたを待っています。何も打たれていません。
mail-timeout-wait-other = ゲームは{ $god } さんを待っています。何も打たれていません。

## stand_in

mail-stand-in-subject = { $game }で{ $god } さんの代理が打っています
mail-stand-in-back-subject = { $god } さんが{ $game }に戻りました
mail-stand-in-started = { $game }での{ $god } さんの期限が過ぎました。このゲームの時間切れのルールに従い、{ $god } さんが戻るまで代理（{ $level }）が代わりに打ちます。
mail-stand-in-back = { $god } さんが{ $game }で代理から席を取り戻し、また自分で打っています。
bot-level = { $level ->
    [random] ランダムに打つボット
    [greedy] 貪欲なボット
   *[other] レベル「{ $level }」のボット
}

## game_over

mail-game-over-subject = ゲーム終了：{ $game }
mail-game-over-intro = { $game }は終了しました：{ $reason }。
mail-game-over-winner = 勝者は{ $winner } さんです。
mail-game-over-shared = { $winners } さんと{ $last } さんが勝利を分け合いました。
mail-game-over-nobody = 勝者はいません。
mail-game-over-scores = 最終得点：
mail-game-over-winner-mark = 、勝者
mail-game-over-column-god = 神
mail-game-over-column-seat = プレイヤー
mail-game-over-column-score = 得点
mail-game-over-last-round = 最後のラウンド：
mail-game-over-last-round-picture = 最後のラウンド（画像はメールに入っています）：
mail-game-over-last-round-title = 最後のラウンド
mail-game-over-last-round-alt = 公開された{ $game }の最後のラウンド
mail-game-over-final-board = 最終盤面
mail-game-over-final-board-alt = { $game }の最終盤面
mail-game-over-seed = このゲームのシードはこれまで秘密でした。
mail-game-over-seed-check = 手の記録と合わせるとゲーム全体を再現できるので、すべての引きをゲーム開始時に示されたコミットメントと照らし合わせられます。
mail-game-over-replay = ゲームを再生する
mail-game-over-play-again = もう一度遊ぶ
mail-game-over-rematch-text = もう一度遊ぶ：同じ卓、同じゲーム、同じオプションで。このメールに「再戦」と返信するか、ゲームを開いて「再戦」を押してください。全員が承諾すると始まります：
mail-game-over-rematch-html = 同じ卓、同じゲーム、同じオプションで。ワンクリックで再戦を提案でき、全員が承諾すると始まります。このメールに { $rematch } と返信するか、ゲームを開いてください。
mail-rematch-button = 再戦

seat-label-god = 神{ $n }
seat-label-seat = 席{ $n }

## digest

mail-digest-subject = { $games }件のゲームがあなたを待っています（{ $date }）
mail-digest-title = { $date }のダイジェスト
mail-digest-intro = { $date }のダイジェスト：{ $games }件のゲームがあなたの手番を待っています。
mail-digest-deadline = 期限：{ $deadline }
mail-digest-policy-auto_pass = その後、Hermes があなたの代わりに最小限の合法手を打ちます
mail-digest-policy-forfeit = その後、あなたはゲームから脱落します
mail-digest-policy-stand_in = その後、あなたが戻るまで代理のボットが打ちます
mail-digest-policy-wait = その後もゲームはあなたを待ちます
mail-digest-when = メールは1日1回、あなたのタイムゾーンの 08:00 に、待っているゲームがあるときだけ届きます。設定で変更できます。

## Dreams

mail-dreams-stars-subject = { $game }であなたの手番です：星を置いてください（ラウンド{ $round }）
mail-dreams-stars-intro = { $game }、ラウンド{ $round }であなたの手番です。天空に星をひとつ置いてください。あなたは席{ $seat }です。このラウンドの親は{ $dealer } さんです。
mail-dreams-table-attached = 卓の画像は board.png として添付されています。
mail-dreams-stars-unplaced = まだ置いていない星：{ $stars }
mail-dreams-stars-answer = 返信で星と位置を送ってください。例：
mail-dreams-stars-pass = 今回は星を置かない場合は { $pass } と送ってください。
mail-dreams-guess-subject = { $game }であなたの手番です：予想の時間です（ラウンド{ $round }）
mail-dreams-guess-intro = { $game }、ラウンド{ $round }ではすべての星が置かれました。予想の時間です。
mail-dreams-guess-god = 人間を当ててください：真のビジョンを知らないと思う席です。
mail-dreams-guess-mortal = 真のビジョンを当ててください：神々が見たと思う絵です。
mail-dreams-guess-sealed = 全員が同時に予想します。予想は封印され、全員がそろうまで誰にも見えません。あなたは席{ $seat }です。
mail-dreams-guess-answer = 返信で予想を送ってください。例：
mail-dreams-guess-pass-god = （自分以外の席ならどれでも）。予想しない場合は { $pass } と送ってください。
mail-dreams-guess-pass-mortal = （{ $first }から{ $last }まで）。予想しない場合は { $pass } と送ってください。
mail-dreams-you-god = このラウンドのあなたは神です。真のビジョンは{ $image }です。
mail-dreams-image = 絵{ $n }
mail-dreams-you-mortal = このラウンドのあなたは人間です。どの絵が真のビジョンかはわかりません。
mail-dreams-firmament-alt = { $game }の天空
mail-dreams-images = 絵
mail-dreams-stars-on = 天空の星（x,y は左上の 0,0 から右下の 100,100 まで）
mail-dreams-star-line = { $player }（席{ $seat }）：{ $kind }、位置 { $at }
mail-dreams-no-star = 天空にはまだ星がありません（x,y は左上の 0,0 から右下の 100,100 まで）。
mail-dreams-scores = 得点
mail-dreams-you-mark = 、あなた
star-kind = { $kind ->
    [clear] 透明の星
    [grey] 灰色の星
    [black] 黒い星
   *[other] 星（{ $kind }）
}
mail-dreams-reveal-subject = { $game }のラウンド{ $round }を公開：人間は{ $mortal } さんでした
mail-dreams-reveal-intro = 全員の予想がそろいました。{ $game }のラウンドを公開します。
mail-dreams-reveal-attached = ラウンドの画像は reveal.png として添付されています。
mail-dreams-reveal-alt = 公開された{ $game }のラウンド{ $round }
mail-dreams-reveal-next = 次のラウンドの最初の星は{ $dealer } さんが置きます。
mail-dreams-revealed = ラウンド{ $round }の公開：真のビジョンは{ $image }（{ $title }）で、人間は{ $mortal } さん（席{ $mortal_seat }）でした。
mail-dreams-revealed-seat-mortal = { $player }（席{ $seat }）、人間：{ $guess }
mail-dreams-revealed-seat-god = { $player }（席{ $seat }）、神：{ $guess }
mail-dreams-right-mark = 、正解
mail-dreams-right = （正解）
mail-dreams-revealed-points = このラウンド{ $points }点、合計{ $score }点
mail-dreams-column-role = 役
mail-dreams-column-guess = 予想
mail-dreams-column-points = ラウンドの得点
mail-dreams-role-mortal = 人間
mail-dreams-role-god = 神
mail-dreams-seals = 封印：封印後に予想が変わっていないことを確かめるためのものです。各コミットメントは { $formula } の SHA-256 です（docs/replay.md）。

## reply_answer

mail-reply-played-turn = { $game }でのあなたの手（第{ $turn }手）を打ちました：
mail-reply-played = { $game }でのあなたの手を打ちました：
mail-reply-happened = 起きたこと
mail-reply-moved-on = 何も打たれていません。返信したメールのあと、{ $game }は先に進んでいます。
mail-reply-refused = { $game }では何も打たれていません。問題：
mail-reply-noted = { $game }についての返信を受け取りました。
mail-reply-said = 卓での発言
mail-reply-not-posted = 卓に投稿されなかったもの
mail-reply-queue = 予約した手
mail-reply-rematch = 再戦
mail-reply-position = ゲームの状況
mail-reply-legal = 最初に打てる手
mail-reply-board = ボードは board.png として添付されています。

## talk

mail-talk-subject = { $game }の卓での会話
mail-talk-intro = { $game }の卓で会話が交わされています。
mail-talk-how = 卓での会話は、書き込まれるたびにメールで届きます（1ゲームにつき数分に1通まで）。設定で変更できます。

## rematch

mail-rematch-subject = { $proposer } さんが{ $game }の再戦を提案しています
mail-rematch-intro = { $proposer } さんが{ $game }をもう一度遊ぶことを提案しています。同じ卓で、同じオプションの新しい{ $kind }のゲームです。全員が承諾すると始まります。同時にオンラインである必要はありません。
mail-rematch-accepted = 承諾済み：{ $players }
mail-rematch-waiting = 返事待ち：{ $players }
mail-rematch-how-text = 承諾するには、このメールに { $rematch } と返信するか、ゲームを開いて「再戦」を押してください：
mail-rematch-accept-button = 再戦を承諾する
mail-rematch-or-reply = またはこのメールに { $rematch } と返信してください。

## メールで返信する

reply-hint-turn = このメールにあなたの手を書いて返信してください。例：{ $example }（打てる手は { $legal }、ボードは { $board }、卓で話すには { $say }）。
reply-hint-answer = このメールに返信して、手を打つ、話す（{ $say }）、たずねる（{ $legal }、{ $board }）ことができます。
reply-hint-rematch = 同じ卓でもう一度遊ぶには、このメールに { $rematch } と返信してください。
reply-hint-talk = 卓で話すには、このメールに { $say } の行を書いて返信してください（自分の手番でないときは、言葉だけでもかまいません）。
