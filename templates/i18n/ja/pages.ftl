## ウェブページ：レイアウトと各ページの言葉（です・ます体）。

## レイアウト

page-tagline = 神々の使者、{ $hermes }
page-nav-rules = ルール
page-rules-gods = Gods のルール
page-rules-dreams = Dreams のルール
page-notation = 記法
page-nav-account = アカウント
page-log-out = ログアウト
page-log-in = ログイン
page-sign-up = 登録
page-languages = 言語

## メールの停止

page-unsub-title = メールの停止
page-unsub-heading = Hermes からのメールを止めますか？
page-unsub-already = { $email } へのメールはすでに止まっています。フォームをもう一度送っても何も変わりません。
page-unsub-sends = Hermes はあなたのゲームについて { $email } にメールを送っています。
page-unsub-button = { $email } へのメールを止める
page-unsub-again = ゲームのメールは、いつでも{ $preferences }からまた受け取れます（{ $api } でも変更できます）。
page-your-preferences = 設定
page-unsubscribed-title = メールを止めました
page-unsubscribed-done = Hermes は今後 { $email } にゲームのメールを送りません。
page-unsubscribed-again = また受け取るには、{ $preferences }で選んでください（必要なら先にログインしてください）。または { $api } で { $field } を設定してください。

## アドレスの確認

page-verified-title = アドレスを確認しました
page-verified-done = ありがとうございます、{ $name }さん。{ $email } があなたのアドレスとして確認されました。

## 参加リンク

page-join-title = { $kind } のゲームに参加
page-join-heading = { $kind } のゲーム
page-join-created-by = 作成者
page-join-seats = 席
page-join-players = 参加済みのプレイヤー
page-join-no-players = まだいません
page-join-status = 状態
page-join-seated = このゲームに席があります。
page-join-open-game = ゲームを開く
page-join-take-seat = 席に着く
page-join-sign-up-first = 席に着くには、{ $signup }（1分で済みます）するか { $login }してください。そのあとこのページに戻ります。
page-join-sign-up-link = 登録
page-join-log-in-link = ログイン
page-join-how-it-starts = 全ての席が埋まるとゲームが始まります。あなたの手番になると、Hermes が手番へのリンクをメールで送ります。
page-join-api = API で参加する
page-join-api-how = ログインして（{ $login }）アクセストークンを受け取り、このゲームの参加コードで席に着きます：
page-join-started = このゲームは始まっています。全ての席が埋まりました。
page-join-status-open = プレイヤー待ち
page-join-status-running = 進行中

## ログイン、登録、パスワードを忘れたとき

page-email = メールアドレス
page-password = パスワード
page-forgot-link = パスワードを忘れましたか？
page-no-account = アカウントがまだありませんか？ { $signup }
page-have-account = アカウントをお持ちですか？ { $login }
page-signup-intro = Hermes はボードゲームをメールで、1手ずつ遊ぶ場所です。アカウントにはあなたに届くアドレスが必要です。確認のためのリンクをお送りします。
page-signup-name = ほかのプレイヤーに見える名前
page-password-min = パスワード（{ $n }文字以上）
page-signup-zone = タイムゾーン（期限はこれで表示されます）
page-mail-language = メールの言語
page-signup-later = どちらも後から設定で変更できます。
page-signed-up-title = メールを確認してください
page-signed-up-sent = { $email } にメールを送りました。Hermes にとって新しいアドレスなら、確認用のリンクが入っています。すでにアカウントがあるアドレスなら、メールにその旨が書かれていて、何も変わっていません。
page-signed-up-log-in-now = 確認の前でも、すぐにログインできます：
page-forgot-title = パスワードを忘れたとき
page-forgot-sent = { $email } のアカウントがあれば、新しいパスワードを設定するリンクをメールで送りました。リンクは1回だけ、1時間有効です。
page-forgot-intro = アカウントのアドレスを入力してください。新しいパスワードを設定するリンクをそこに送ります。
page-forgot-button = リンクを送る
page-reset-title = 新しいパスワードの設定
page-reset-for = { $email } のアカウントです。設定すると、このアカウントは全ての場所でログアウトします。
page-reset-new = 新しいパスワード（{ $n }文字以上）
page-reset-again = もう一度同じものを
page-reset-button = パスワードを設定する
page-reset-done-title = パスワードを設定しました
page-reset-done = { $email } のアカウントに新しいパスワードが設定され、ログインしていた全てのブラウザーはログアウトしました。

## ようこそ

page-welcome-title = ようこそ
page-welcome-heading = メールで遊ぶボードゲーム、1手ずつ
page-welcome-intro = Hermes がボードと手番と時計を管理します。あなたの手番になると、ボードとリンクをメールで送ります。ページから、またはメールへの返信で遊べます。ゲームは2つ：{ $gods }（2〜4人、ヘクスと神殿の地図）と { $dreams }（3〜6人、神々にまぎれた1人の人間が真のビジョンを当てようとします）。
page-welcome-invited = ゲームに招待されましたか？ 招待状のリンクを開いてください。そこから登録して席に着けます。

## 設定

page-prefs-title = 設定
page-prefs-for = { $email } の設定です。
page-prefs-mail = ゲームのメール
page-prefs-mail-bot = ゲームのメール（ボットには送りません。ボットはイベントストリームを見ます）
page-prefs-every-turn = 自分の手番ごとにメール
page-prefs-digest = 待っているゲームを1日1通のメールで
page-prefs-none = ゲームのメールなし（配信停止）
page-talk = 卓での会話
page-prefs-talk-with-turn = 次の手番のメールに入れる
page-prefs-talk-at-once = 書き込まれたらすぐにもメールで（1ゲームにつき数分に1通まで。返信で答えられます）
page-prefs-zone = タイムゾーン（期限はこれで表示されます）
page-prefs-save = 保存
page-prefs-bot-heading = ボットアカウント
page-prefs-bot-account = ボットアカウント
page-prefs-bot-is = これは{ $bot }です。プログラムが { $token } トークンを使って API から操作し、イベントストリームを見て遊びます。ゲームのメールは届かず、ページからこのアカウントの手を打つことはできず、その席には名前の横に「(bot)」と表示されます。
page-prefs-bot-may = あなたのプログラムを、遊ぶことと読むことしかできないトークンで、API から{ $bot }として遊ばせられます。一度ボットになったアカウントは元に戻せず、どのゲームでもまだ席に着いていないときだけ変更できます。そのあと、その席には名前の横に「(bot)」と表示されます。
page-prefs-bot-button = このアカウントをボットにする
page-your-games = あなたのゲーム

## 休暇

page-vacation-title = 休暇
page-vacation-intro = 休暇中は、あなたの全てのゲームの時計が止まります。あなたの期限は全て、離れていた時間だけ後ろにずれます。休暇は年に{ $days }日で、今年は残り{ $left }日です。
page-vacation-until = { $until }まで休暇中です。
page-vacation-end-now = 今すぐ休暇を終える
page-vacation-move-to = 終わりを変更（その日の始まり、{ $zone }）
page-vacation-away-until = 不在の終わり（その日の始まり、{ $zone }）
page-vacation-move = 終わりを変更する
page-vacation-start = 休暇を始める

## ゲームを離れる

page-leave-resign-q = { $game } を投了しますか？
page-leave-abort-q = { $game } を中止しますか？
page-leave-delete-q = { $game } を削除しますか？
page-leave-final = 元には戻せません。
page-leave-back = いいえ、戻ります
page-leave-heading = このゲームを離れる
page-leave-abort = ゲームを中止する
page-leave-abort-note = まだ誰も打っていません。ゲームは終わり、勝者はいません。
page-leave-resign = 投了する
page-leave-resign-note = あなたの席は脱落し、Hermes がその席をパスします。先に確認のページが開きます。

## ロビー（あなたのゲーム）

page-lobby-your-turn-n = あなたの手番（{ $n }）
page-lobby-seats = { $n }席
page-lobby-by = 期限：{ $deadline }
page-lobby-joined = 参加者：{ $players }
page-lobby-no-players = まだプレイヤーがいません
page-lobby-invited-not-joined = 招待済み・未参加：{ $addresses }
page-lobby-watched-by = 観戦：{ $who }
page-lobby-watchers-players = プレイヤーのみ
page-lobby-watchers-invited = プレイヤーと招待された観戦者
page-lobby-watchers-signed-in = ログインしている人なら誰でも
page-lobby-status-open = プレイヤー待ち（{ $of }人中{ $n }人）
page-lobby-status-over = 終了
page-lobby-status-my-turn = あなたの手番
page-lobby-status-playing = 進行中
page-lobby-join-link = 参加リンク：
page-lobby-join-link-of = { $game } の参加リンク
page-lobby-copy = リンクをコピー
page-lobby-invite = 招待
page-lobby-invite-address = このゲームに招待するアドレス
page-lobby-let-watch = 観戦を許可
page-lobby-watch-address = このゲームを観戦できるアドレス
page-lobby-allow = 許可
page-lobby-delete = このゲームを削除
page-lobby-delete-note = （先に確認のページが開きます）
page-lobby-times-in = 時刻は { $zone } です（{ $preferences }）。
page-lobby-waiting = あなたを待っています
page-lobby-waiting-none = あなたを待っているゲームはありません。
page-lobby-invitations = 招待
page-lobby-invitations-none = 募集中のゲームへの招待はありません。（招待は、アドレスが確認されるとここに表示されます。）
page-lobby-playing = 進行中
page-lobby-none = ありません。
page-lobby-open = プレイヤー待ち
page-lobby-new = 新しいゲーム
page-lobby-game = ゲーム
page-lobby-players-range = { $min }〜{ $max }人
page-lobby-players = 人数
page-lobby-draw = タイルの引き方
page-lobby-draw-pile = 山から（エンドタイルは底の近く）
page-lobby-draw-bag = 袋から
page-lobby-deck = デッキ（{ $standard }、またはアップロードしたデッキの ID）
page-lobby-bots = ボット
page-lobby-bot-seats = ボットが遊ぶ席の数（あなたも一緒に遊びます。ボットは数秒で打ちます）
page-lobby-bots-play = ボットの強さ
page-lobby-level-random = ランダム
page-lobby-level-greedy = 貪欲（今いちばん良い手）
page-lobby-level-strong = 強い（先読みあり）
page-lobby-hours = 1手あたりの時間（{ $min }〜{ $max }時間）
page-lobby-timeout = プレイヤーの時間が切れたとき
page-lobby-timeout-stand-in = 戻るまでボットが代わりに打つ
page-lobby-timeout-pass = Hermes がその人の代わりにパスする
page-lobby-timeout-forfeit = その人は脱落する
page-lobby-timeout-wait = ゲームが待つ
page-lobby-stand-in-plays = 代理の強さ
page-lobby-who-watches = 観戦できる人
page-lobby-watch-signed-in = ログインしている人なら誰でも
page-lobby-watch-players = プレイヤーのみ
page-lobby-watch-invited = プレイヤーと、プレイヤーが招待した観戦者
page-lobby-invite-list = 招待（アドレスをカンマか改行で区切って）
page-lobby-create = ゲームを作る
page-lobby-watchable = 観戦できるゲーム
page-lobby-watchable-none = 今、観戦できるゲームはありません。
page-lobby-over = 終了したゲーム
page-lobby-none-yet = まだありません。
page-lobby-created = ゲームを作りました。プレイヤーを招待するか、参加リンクを共有してください。
page-lobby-invited = { $address } を招待しました。
page-lobby-spectator = { $address } は、アドレスが確認されるとゲームを観戦できます。
page-lobby-deleted = ゲームを削除しました。
page-lobby-not-created = ゲームは作られませんでした。下の印の付いた欄を見てください。
page-lobby-whole-number = 整数を入力してください。

## エラーページ

page-error-internal-title = 問題が起きました
page-error-internal = サーバーで失敗しました。失敗は記録されています。少ししてからもう一度お試しください。
page-error-log-in-to-send-title = 先にログインしてください
page-error-log-in-to-send = ログインしてから、フォームをもう一度送ってください。
page-error-log-in-to-open-title = 先にログインしてください
page-error-log-in-to-open = このゲームを開くにはログインするか、メールのリンクを丸ごと開いてください（長いリンクを2つに切ってしまうメールソフトがあります）。
page-error-signed-out-title = 先にログインしてください
page-error-signed-out = このページはログインしたプレイヤー向けです。ログインしてからもう一度開いてください。
page-error-no-join-code-title = ゲームが見つかりません
page-error-no-join-code = この参加コードのゲームはありません。招待状のリンクを確かめてください。
page-error-game-gone-title = ゲームが見つかりません
page-error-game-gone = このゲームはもう存在しません。
page-error-not-your-game-title = あなたのゲームではありません
page-error-not-your-game = このリンクのプレイヤーは、このゲームに席がありません。
page-error-other-game-title = このリンクは別のゲームのものです
page-error-other-game = 手番のリンクは、送られたゲームしか開けません。
page-error-no-expected-seq-title = フォームが不完全です
page-error-no-expected-seq = フォームに、あなたの手がゲームのどの状態に対するものかがありませんでした（expected_seq）。ページを読み込み直して、もう一度打ってください。
page-error-turn-too-long-title = 長すぎます
page-error-turn-too-long = 1手は最大{ $n }バイトです。
page-error-talk-too-long-title = 長すぎます
page-error-talk-too-long = メッセージは最大{ $n }文字です。
page-error-form-too-long-title = 長すぎます
page-error-form-too-long = フォームは最大{ $n }バイトです。
page-error-leave-too-long-title = 長すぎます
page-error-leave-too-long = このフォームにしては長すぎます。
page-error-leave-how-title = どう離れますか？
page-error-leave-how = フォームに投了・中止・削除のどれもありませんでした。ゲームに戻って、そこのボタンを使ってください。
page-error-reset-used-title = このリンクは使用済みです
page-error-reset-used = このリンクではすでにパスワードが設定されています（または送信後にパスワードが変わりました）。必要なら新しいリンクを求めてください。
page-error-link-account-gone-title = アカウントが見つかりません
page-error-link-account-gone = このリンクが作られたアカウントはもう存在しません。
page-error-account-gone-title = アカウントが見つかりません
page-error-account-gone = このアカウントはもう存在しません。
page-error-form-expired-title = このフォームは期限切れです
page-error-form-expired = フォームがこのサイトのページから送られていないか、ページが古すぎます。戻ってページを読み込み直し、もう一度送ってください。
page-error-bot-title = ボットは API で遊びます
page-error-bot = これはボットアカウントです。bot:play トークンで API から遊びます（docs/clients/bots.md を参照）。これらのページからではありません。
page-error-which-step-title = どの段階ですか？
page-error-which-step = `at` は記録の項目の番号です。最初は 0 です。
page-error-no-step-title = その段階はありません
page-error-no-step = このゲームの記録の項目は 0 から { $last } までです。
page-error-no-token-title = このリンクは不完全です
page-error-no-token = リンクにトークンがありません。メールのリンクを丸ごと開いてください。長いリンクを2つに切ってしまうメールソフトがあります。
page-error-link-broken-title = このリンクは使えません
page-error-link-expired-title = このリンクは使えません
page-error-link-expired = このリンクは期限切れです。Hermes からの新しいメールに新しいリンクがあります。
page-error-link-purpose-title = このリンクは使えません
page-error-link-purpose = このリンクは別の用途のものです。
page-error-link-invalid-title = このリンクは使えません
page-error-link-invalid = このリンクは無効です。メールのリンクを丸ごと開いてください。
page-error-address-not-yours-title = このアドレスはもうあなたのものではありません
page-error-address-not-yours = このリンクが確認するアドレスは、もうあなたのアカウントのアドレスではありません。アカウントの今のアドレスから新しいリンクを求めてください。
page-leave-refused-resigned = すでに投了しています
page-leave-refused-moved = 中止するには遅すぎます
page-leave-refused-started = ゲームは始まっています
page-leave-refused-over = ゲームは終わっています
page-leave-refused-not-creator = 削除できるのは作成者だけです
page-leave-refused = 実行されませんでした

## ゲームのページ（両方のゲーム）

page-play-your-turn = あなたの手番
page-play-title = { $game } の { $name }
page-play-your-game = { $name }さんのゲーム
page-play-stand-in = 時間切れです。あなたが戻るまで代理（{ $level } のボット）が打ちます。手を打つと席が戻ります。または：
page-play-take-back = 席を取り戻す
page-play-the-rules = ルール：
page-play-your-deadline = あなたの手番の期限は { $deadline } です。
page-play-deadline = この手番の期限は { $deadline } です。
page-play-send = この手を打つ
page-play-last-turns = 最近の手番
page-play-no-turn-yet = まだ1手も打たれていません。
page-play-board = ボード
page-play-board-how = ヘクスは座標 q,r で呼びます。
page-play-board-keys = キーボードでは、Tab でボードへ移動し、矢印キーでヘクスの間を動き、Enter で光っているヘクスを選びます。
page-play-last-move = 最後の手、{ $name } の第{ $turn }手：
page-play-last-move-ringed = そのヘクスは青で囲まれています
page-play-key = 凡例
page-play-god-n = 神{ $seat }
page-play-key-tribe = { $colour ->
    [red] 赤の民族
    [yellow] 黄の民族
    [green] 緑の民族
    [blue] 青の民族
   *[other] 民族（{ $colour }）
}（{ $letter }）
page-play-key-temple = 神殿：その神の色と番号
page-play-key-desert = 荒野
page-play-key-empty = タイルを置ける空きヘクス
page-play-key-lit = 光っている：選んだ手順を置ける場所
page-play-key-placed = 組み立て中の手の一手順
page-play-key-last = 最後の手
page-play-board-words = ボードを言葉で
page-play-board-picture = ボードを画像で
page-play-whole-game = ゲーム全体を1手ずつ
page-play-what-to-play = 何を打つか
page-play-choices = この手順の選択肢
page-play-so-far = ここまでの手：
page-play-undo = 最後の手順を取り消す
page-play-reset = やり直す
page-play-your-god = あなたの神（神{ $seat }）
page-play-crystals = クリスタル：{ $n }
page-play-temples = 手元の神殿：{ $supply }、ボード上：{ $board }
page-play-markers = 手元のゴッドマーカー：{ $supply }、ボード上：{ $board }
page-play-extra-actions = 取っておいた追加アクションタイル：{ $n }
page-play-villages = 村落カード：{ $n }
page-play-vp = 勝利ポイントカード：{ $n }
page-play-display = 場のタイル
page-play-display-empty = 場のタイルはありません。
page-play-tiles-left = 残りのタイル：{ $n }。
page-play-points-now = 今ゲームが終わった場合の点
page-play-col-god = 神
page-play-col-points = 点
page-play-col-seat = 席
page-play-col-crystals = クリスタル
page-play-col-temples = 神殿（手元）
page-play-col-markers = ゴッドマーカー（手元）
page-play-col-villages = 村落
page-play-col-vp = 勝利ポイントカード
page-play-may-end = 今ゲームを終えることができます。{ $end } と書いてください。または { $continue } と書くと、クリスタルを補充して場のタイルを見てから、アクションを送れます。
page-play-owe = あと{ $n }アクションです。手番全体を、手順を { $sep } で区切って書いてください。例：{ $example }。
page-play-legal-first = 打てる最初の手順（{ $n }）
page-play-notation-label = あなたの手（記法で）
page-play-how-to-write = 手の書き方：{ $guide }、{ $rules }。
page-play-notation-guide = 記法のガイド
page-play-rules-of = { $kind } のルール
page-play-rules-of-cap = { $kind } のルール
page-play-gods = 神々
page-play-replay = ゲーム全体を再生する
page-play-how-to = 手の書き方
page-or = または
page-sealed-guess = 封印された予想

## Dreams

page-dreams-round = ラウンド{ $round }
page-dreams-round-line = ラウンド{ $round }、親は { $dealer }、段階：{ $phase }。
page-dreams-firmament = 天空
page-dreams-firmament-label = 第{ $turn }手のあとの天空：このラウンドの絵1〜4と置かれた星。x は右へ、y は下へ、左上の 0,0 から 100,100 まで。
page-dreams-picture = 天空を画像で
page-dreams-place-star = 星を置く
page-dreams-star-help = 星を置く場所の天空をクリックし、星を選んでから置いてください。
page-dreams-star = 星
page-dreams-x = x（右へ）
page-dreams-y = y（下へ）
page-dreams-bounds = 天空は 0,0（左上）から { $max },{ $max }（右下）までです。2つの星が同じ点を使うことはできません。
page-dreams-taken = 使用済み：
page-dreams-place-this = この星を置く
page-dreams-pass-star = パス：今は星を置かない（あなたの{ $star }はこのラウンドの間よけておかれます）
page-dreams-your-guess = あなたの予想
page-dreams-sealed-note = 予想はすぐに封印されます。変更できず、全員の予想がそろうまで誰にも見せません。
page-dreams-seal = 予想を封印する
page-dreams-no-guess = 予想しない（パス）
page-dreams-or-notation = または記法で手を書いてください
page-dreams-eg = 例：
page-dreams-images = ラウンド{ $round }の絵
page-dreams-card = カード{ $card }
page-dreams-deck = デッキ：{ $deck }、引けるカードは残り{ $n }枚。
page-dreams-stars = ラウンド{ $round }の星
page-dreams-col-player = プレイヤー
page-dreams-no-star = まだ星は置かれていません。
page-dreams-players = プレイヤー
page-dreams-col-score = 得点
page-dreams-col-unplaced = 置く星
page-dreams-col-guess = 予想
page-dreams-you = あなた
page-dreams-dealer = 親
page-dreams-revealed = 公開：{ $guess }

## 卓での会話

page-talk-after-turn = 第{ $turn }手のあと
page-talk-none = まだ誰も何も書いていません。
page-talk-say = 卓に向けて書く
page-talk-post = 送信

## 予約した手

page-queue-heading = 予約した手
page-queue-note = あなたの手番が来た瞬間に、まだ合法なら打たれます（合法でなければ全て取り消され、手番のメールに理由が書かれます）。ほかの誰にも見えません。
page-queue-withdraw = 取り下げる
page-queue-many = あなたの手番ではありません。{ $notation }で、1行に1手ずつ、最大{ $n }手まで予約できます。
page-queue-one = あなたの手番ではありません。{ $notation }で次の手を予約できます。
page-queue-notation = 記法
page-queue-replaces = （上の予約と入れ替わります）
page-queue-button = この手を予約する

## 再戦

page-rematch-of = このゲームは再戦です：{ $game }。
page-rematch-of-link = 元のゲーム
page-rematch-again = もう一度遊ぶ
page-rematch-how = 同じ卓、同じゲームと設定です。全員が承諾すると始まります。同時にオンラインでいる必要はありません。
page-rematch-propose = 再戦を申し込む
page-rematch = 再戦
page-rematch-started = 再戦が始まりました：{ $open }。
page-rematch-open = 開く
page-rematch-accepted = 承諾済み：{ $names }。
page-rematch-waiting = 待っている人：{ $names }。
page-rematch-you-accepted = あなたは承諾しました。全員が承諾すると始まります。
page-rematch-accept = 再戦を承諾する

## 前回の訪問から、点、公開されたラウンド

page-since = 前回の訪問から
page-points-result = 結果
page-points-by-source = 今ゲームが終わった場合の、得点の内訳
page-points-col-villages = 村落カード ×3
page-points-col-vp = 勝利ポイントカード ×2
page-points-col-temples = ボード上の神殿
page-points-won = 勝利
page-points-the-most = 最多
page-points-how = 村落カード1枚につき3点、勝利ポイントカード1枚につき2点。ボード上の神殿（最初の神殿を含む）が最も多い神は { $majority }、最多で並んだ神もすべて同じです（{ $e3 }）。同点ならクリスタルの多い方が上です（{ $e4 }）。
page-points-negative = 得点がマイナスになる理由：
page-points-below-zero = { $name } は{ $total }点です：ボード上の神殿が最多（{ $temples }）で{ $majority }、カードからは{ $tiles }点だけです。
page-reveal-heading = ラウンド{ $round }の公開
page-reveal-line = 真のビジョンは{ $vision }で、人間は{ $mortal }でした。
page-reveal-col-role = 役

## 再生

page-replay-of = { $game } の再生
page-replay-steps = 段階
page-replay-first = 最初
page-replay-prev = 前へ
page-replay-next = 次へ
page-replay-last = 最後
page-replay-start = 開始時
page-replay-turn-of = 第{ $turn }手（全{ $last }手）
page-replay-board-start = 開始時のボード
page-replay-board-after = 第{ $turn }手のあとのボード
page-replay-firmament-start = 開始時の天空
page-replay-firmament-after = 第{ $turn }手のあとの天空
page-replay-turn-by = 第{ $turn }手：{ $name }
page-replay-nobody-yet = この段階ではまだ誰も打っていません。
page-replay-back = ゲームに戻る
page-replay-log = 記録の全体
page-replay-before = 最初の手の前：

## ゲームのページが組み立てる文

page-play-hex-empty = 空き、ここにタイルを置けます
page-play-words-marked = { $hex }（{ $name } のゴッドマーカー）
page-play-words-temples = { $name }（神{ $seat }）の神殿：{ $hexes }。
page-play-words-tribes = { $colour ->
    [red] 赤の民族
    [yellow] 黄の民族
    [green] 緑の民族
    [blue] 青の民族
   *[other] 民族（{ $colour }）
}：{ $hexes }。
page-play-words-deserts = 荒野：{ $hexes }。
page-play-words-decay = 衰退タイル：{ $hexes }。
page-play-words-empty = タイルを置ける空きヘクス（{ $n }）：{ $hexes }。
page-play-per-colour = { $colour ->
    [red] 赤
    [yellow] 黄
    [green] 緑
    [blue] 青
   *[other] { $colour }
}{ $n }
page-play-none = なし
page-play-and = { $first }と{ $last }
page-play-over-won = ゲームは終わりました。勝者は{ $names }です。
page-play-over = ゲームは終わりました。
page-play-is-your-turn = あなたの手番です。
page-play-is-turn-of = { $names }の手番です。
page-source-timeout = Hermes が打ちました：時間切れ
page-source-stand-in = 代理のボットが打ちました：プレイヤーは不在です
page-source-forfeit = 神が脱落しました：時間切れ
page-source-dropped-out = 脱落：時間切れ
page-source-queued = 予約した手
page-source-resign = 投了：Hermes がその席をパスしました
page-flash-played = 手を打ちました。ゲームの第{ $turn }手です。
page-flash-queue-withdrawn = 予約した手を取り下げました。
page-flash-queued = 予約しました：{ $n }手。あなたの手番が来たら打たれます。
page-flash-seat-back = 席が戻りました。代理はもう打ちません。
page-refused-rules = ルール上この手は打てません
page-refused-unreadable = この手を読み取れません
page-refused-not-a-turn = これはこのゲームの手ではありません
page-refused-stale = このページを読み込んだあとにゲームが進みました。何も打たれていません
page-refused-not-your-turn = あなたの手番ではありません
page-refused-over = ゲームは終わっています
page-refused-not-started = ゲームはまだ始まっていません
page-refused-no-seat = このゲームにあなたの席はありません
page-refused = 手は打たれませんでした
page-dreams-top-left = 左上
page-dreams-top-right = 右上
page-dreams-bottom-left = 左下
page-dreams-bottom-right = 右下
page-dreams-seat = 席{ $seat }
page-dreams-name-seat = { $name }（席{ $seat }）
page-dreams-image = 絵{ $n }
page-dreams-no-guess-words = 予想なし
page-dreams-phase-stars = 星を置く
page-dreams-phase-guess = 予想する
page-dreams-phase-over = 終了
page-dreams-sealed = 封印済み
page-dreams-not-yet = まだ
page-dreams-role-god-titled = あなたは神です。真のビジョンは絵{ $n }、{ $title }です。
page-dreams-role-god-vision = あなたは神です。真のビジョンは絵{ $n }です。
page-dreams-role-god = あなたは神です。
page-dreams-role-mortal = あなたは人間です。どの絵が真のビジョンかは分かりません。
page-dreams-my-guess = 封印したあなたの予想：{ $guess }。変更できず、公開まで誰にも見えません。
page-dreams-my-pass = このラウンドは予想を封印しませんでした（パス）。
page-dreams-waiting-guesses = { $names }の予想を待っています。
page-dreams-your-turn-guess = あなたの手番です。全ての席が同時に、ひそかに予想します。
page-dreams-guess-in = あなたの予想は提出済みです。
page-dreams-your-turn-star = あなたの手番です。星を置いてください。
page-dreams-turn-star-of = { $names }が星を置く手番です。
page-dreams-legend-seat = 人間だと思う席を選んでください
page-dreams-legend-image = 真のビジョンだと思う絵を選んでください
page-dreams-the-mortal = 人間
page-dreams-a-god = 神
page-dreams-ev-dealt = ラウンド{ $round }の親は { $name } です。
page-dreams-ev-dealt-shuffled = ラウンド{ $round }の親は { $name } です。よけておいたカードを混ぜ直しました。
page-dreams-ev-god = { $name } はラウンド{ $round }で神です。
page-dreams-ev-mortal = { $name } はラウンド{ $round }で人間です。
page-dreams-ev-you-mortal = あなたは人間です。
page-dreams-ev-star = { $name } が{ $star }を { $point } に置きました。
page-dreams-ev-star-passed = { $name } は星を置きませんでした。その{ $star }はこのラウンドの間よけておかれます。
page-dreams-ev-sealed = { $name } が予想を封印しました。
page-dreams-ev-their-guess = { $name } の封印した予想：{ $guess }。
page-dreams-ev-your-guess = 封印したあなたの予想：{ $guess }。
page-dreams-ev-revealed = ラウンド{ $round }の公開：真のビジョンは絵{ $n }、人間は { $mortal } でした。点：{ $points }。
page-dreams-kind = { $kind ->
    [clear] 透明
    [grey] 灰色
    [black] 黒
   *[other] { $kind }
}
page-login-wrong = メールアドレスかパスワードが違います。
page-password-length = パスワードは{ $min }〜{ $max }文字です。
page-password-differ = 2つのパスワードが違います。
page-vacation-give-day = 休暇が終わる日を入力してください。例：2026-08-01。
page-saved = 保存しました。
page-leave-resign-means = あなたの席は完全に脱落します。これ以降、その席が動く必要があるたびに Hermes がパスし、その席は勝てません。ゲームはほかの人たちで続き、あなたの投了が知らされます。
page-leave-abort-means = まだ誰も打っていません。ゲームはすぐに終わり、勝者はおらず、全てのプレイヤーにメールで知らされます。
page-leave-delete-means = ゲームはまだ始まっていません。席や招待ごと消えます。参加していたプレイヤーにはメールで知らされます。
page-leave-yes-resign = はい、投了します
page-leave-yes-abort = はい、ゲームを中止します
page-leave-yes-delete = はい、ゲームを削除します
page-leave-resigned = 投了しました。これ以降、Hermes があなたの席をパスします。このページでゲームの観戦は続けられます。
page-leave-aborted = ゲームを中止しました。ゲームは終わり、勝者はいません。
page-replay-goes-on = ゲームは進行中です。これまでに{ $n }手が打たれました。

## ページのスクリプトが表示する言葉

page-js-no-answer = サーバーから応答がありませんでした。
page-js-zoom-in = 拡大
page-js-zoom-out = 縮小
page-js-zoom-fit = ボード全体
page-js-nothing-yet = （まだ何もありません）
page-js-may-end = 今ゲームを終えるか、続けることができます。続けるとクリスタルを補充して場のタイルを見られます。
page-js-end-game = ゲームを終える
page-js-play-on = 続ける
page-js-owe-one = あと1アクションです。場のタイル、神殿、または動かす荒野を選んでください。使えるヘクスが光ります。
page-js-owe = あと{ $n }アクションです。場のタイル、神殿、または動かす荒野を選んでください。使えるヘクスが光ります。
page-js-complete = 手がそろいました。打つか、手順を取り消してください。
page-js-no-action-left = これ以上アクションはできません。このままの手を打ってください。
page-js-place-temple = 神殿を置く
page-js-move-desert = 荒野を動かす（クリスタル2個）
page-js-play-extra = 追加アクションタイルを使う
page-js-discard-it = 捨てる
page-js-keep-it = あとの手番のために取っておく
page-js-play-it-now = 今使う
page-js-take-crystal = { $name } からクリスタルを1個取る
page-js-god-n = 神{ $n }
page-js-choose-desert = 動かす荒野を選んでください（光っています）。
page-js-choose-where = 置き場所を選んでください：光っているヘクスです。
page-js-choose-lit = 光っているヘクスを選んでください。
page-js-choose-lit-n = 光っているヘクスを選んでください（{ $n }か所。矢印キーでその間を移動できます）。
page-js-unreachable = サーバーにつながりません。下のフォームを使ってください。
page-js-image = 絵{ $n }
page-js-show-large = 大きく表示
page-js-image-large = 絵{ $n }（拡大）
page-js-guess-image = 絵{ $n }を予想する
page-js-close = 閉じる
page-js-moved-on = ゲームが進みました。
page-js-show-it = 表示する
page-js-will-be-lost = （ここで始めた手は失われます）
page-js-notify = 自分の手番になったら知らせる
page-js-notify-yes = 手番になると、このタブが知らせます。
page-js-notify-no = 通知なし：ブラウザーが通知を断っています。
page-js-copied = コピーしました
page-js-zone-chosen = ブラウザーのタイムゾーン（{ $zone }）を選びました。

## 受け付けられなかったフォーム

page-talk-not-posted = メッセージは投稿されませんでした
page-rematch-refused = 再戦はできません
page-check-form = フォームを確かめてください。
page-dreams-form-star = 星を選んでください：透明、灰色、黒のいずれか。
page-dreams-form-point = 点を0〜100の2つの整数で入力してください：x は右へ、y は下へ、0,0 が左上の角です。
page-dreams-form-seat = 人間だと思う席を選んでください。
page-dreams-form-image = 絵を1〜4から選んでください。

## What stands on a hex, for a screen reader (the board on the turn page).
page-cell-god = 神 { $seat }
page-cell-god-named = { $name }（神 { $seat }）
page-cell-marked = { $tribe }（{ $god }のゴッドマーカー）
page-cell-temple = { $god }の神殿
page-cell-last-move = 直前の手：{ $what }

# The web app manifest's description (a browser shows it when it offers to install the site).
page-manifest-description = Gods と Dreams のゲームを、1手番ずつ遊べます。
