//! Reading a reply: from the raw message (RFC 5322, parsed by `mail-parser`) to what the
//! player wrote — the turn, table talk, and whether they ask for the legal steps or the
//! board.
//!
//! Pure functions, no database. What counts as "what the player wrote": the text part (or
//! the text of an HTML-only mail, its quoted blocks removed first), without quoted lines
//! (`>`), the "On … wrote:" line above or below them (top- and bottom-posting), Outlook's
//! header block with everything after it, a signature after `-- `, and phone footers
//! ("Sent from my iPhone"). Of what is left, a line `say: …` is table talk, a line
//! `queue: …` a turn queued in advance (`queue: none` withdraws them), a line
//! `legal` or `board` a question, `rematch` (or `yes`, to a finished game) a rematch, and
//! the other lines the turn (or plain talk, when they are no turn and it is not the seat's
//! turn: `crate::play::reply` decides); lines that are not
//! notation (a greeting, a name) are dropped when the rest reads as a turn without them.
//! Must not: decide who is speaking or play anything (`crate::inbound` does).

use super::Lang;
use mail_parser::MessageParser;

/// A parsed incoming message: what the service needs of it.
#[derive(Debug, Clone, Default)]
pub struct Incoming {
    /// `Message-ID` without the angle brackets.
    pub message_id: Option<String>,
    /// The `From` address, lower case.
    pub from: Option<String>,
    /// Why `From` names no one sender, when it does not: more than one `From` header,
    /// more than one address in it, or group syntax (RFC 5322 allows one mailbox there
    /// only with a `Sender`; DMARC cannot align a pass with several).
    pub from_ambiguous: Option<&'static str>,
    /// The addresses in `To`, `Cc`, `Delivered-To` and `X-Original-To`.
    pub recipients: Vec<String>,
    pub subject: String,
    /// `References` then `In-Reply-To`, without brackets.
    pub references: Vec<String>,
    /// Why this is an automatic message (auto-reply, bounce, list mail), if it is one.
    pub automatic: Option<&'static str>,
    /// The values of every `Authentication-Results` header.
    pub authentication_results: Vec<String>,
    /// What the sender wrote, as text (quotes not yet removed: see [`strip`]).
    pub text: String,
}

/// Parse a raw message; `None` when it is not a message at all.
pub fn parse(raw: &[u8]) -> Option<Incoming> {
    let msg = MessageParser::default().parse(raw)?;
    if msg.headers().is_empty() {
        return None;
    }
    let header = |name: &str| -> Option<String> {
        msg.headers_raw()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_string())
    };
    let all = |name: &str| -> Vec<String> {
        msg.headers_raw()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_string())
            .collect()
    };
    let from = msg
        .from()
        .and_then(|a| a.first())
        .and_then(|a| a.address())
        .map(|a| a.trim().to_ascii_lowercase());
    let from_headers = msg
        .headers_raw()
        .filter(|(n, _)| n.eq_ignore_ascii_case("From"))
        .count();
    let from_ambiguous = if from_headers > 1 {
        Some("more than one From header")
    } else {
        match msg.from() {
            Some(mail_parser::Address::Group(_)) => Some("a group in From"),
            Some(mail_parser::Address::List(list)) if list.len() > 1 => {
                Some("more than one address in From")
            }
            _ => None,
        }
    };
    let mut recipients: Vec<String> = Vec::new();
    for list in [msg.to(), msg.cc()].into_iter().flatten() {
        recipients.extend(list.iter().filter_map(|a| a.address()).map(str::to_string));
    }
    for name in ["Delivered-To", "X-Original-To", "Envelope-To"] {
        recipients.extend(all(name).into_iter().map(|v| bare(&v)));
    }
    let mut references: Vec<String> = Vec::new();
    for h in [msg.references(), msg.in_reply_to()] {
        if let Some(list) = h.as_text_list() {
            references.extend(list.iter().map(|s| s.to_string()));
        } else if let Some(one) = h.as_text() {
            references.push(one.to_string());
        }
    }
    let content_type = header("Content-Type")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let auto_submitted = header("Auto-Submitted")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let precedence = header("Precedence")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let return_path = header("Return-Path");
    let from_local = from
        .as_deref()
        .and_then(|f| f.split('@').next())
        .unwrap_or("");
    let subject = msg.subject().unwrap_or("").to_string();
    let subject_l = subject.to_ascii_lowercase();
    let automatic = if return_path.as_deref().is_some_and(|p| bare(p).is_empty()) {
        Some("null return path (a bounce)")
    } else if content_type.starts_with("multipart/report") {
        Some("a delivery status report")
    } else if !auto_submitted.is_empty() && auto_submitted != "no" {
        Some("Auto-Submitted")
    } else if ["bulk", "junk", "list", "auto_reply"].contains(&precedence.as_str()) {
        Some("Precedence: bulk")
    } else if header("X-Autoreply").is_some()
        || header("X-Autorespond").is_some()
        || header("X-Auto-Response-Suppress").is_some_and(|v| v.eq_ignore_ascii_case("all"))
        || header("List-Id").is_some()
    {
        Some("an auto-reply or list header")
    } else if ["mailer-daemon", "postmaster", "noreply", "no-reply"].contains(&from_local) {
        Some("a mailer daemon")
    } else if [
        "out of office",
        "automatic reply",
        "auto-reply",
        "autoreply",
    ]
    .iter()
    .any(|w| subject_l.starts_with(w))
    {
        Some("an out-of-office reply")
    } else {
        None
    };
    let text = match msg.text_part(0) {
        Some(part) if !part.is_text_html() => msg.body_text(0).map(|t| t.into_owned()),
        _ => msg
            .body_html(0)
            .map(|h| mail_parser::decoders::html::html_to_text(&without_quotes_html(&h))),
    }
    .unwrap_or_default();
    Some(Incoming {
        message_id: msg.message_id().map(str::to_string),
        from,
        from_ambiguous,
        recipients,
        subject,
        references,
        automatic,
        authentication_results: all("Authentication-Results"),
        text,
    })
}

/// An address without display name or angle brackets.
fn bare(value: &str) -> String {
    let v = value.trim();
    match (v.rfind('<'), v.rfind('>')) {
        (Some(a), Some(b)) if a < b => v.get(a + 1..b).unwrap_or("").trim().to_string(),
        _ => v.to_string(),
    }
}

/// HTML without its quoted blocks (`<blockquote>`, nested too), and with Outlook's
/// reply separator turned into a line the text rules cut at.
fn without_quotes_html(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut depth = 0usize;
    let mut i = 0;
    while i < html.len() {
        let rest = lower.get(i..).unwrap_or("");
        if rest.starts_with("<blockquote") {
            depth += 1;
        } else if rest.starts_with("</blockquote") {
            depth = depth.saturating_sub(1);
            i += rest.find('>').map_or(rest.len(), |e| e + 1);
            continue;
        } else if depth == 0
            && (rest.starts_with("<div id=\"divrplyfwdmsg\"")
                || rest.starts_with("<div id=\"appendonsend\""))
        {
            // Outlook: everything from here is the quoted original.
            break;
        }
        // Block elements end a line (the converter breaks lines at `<br>` and `</p>`
        // only, and runs divs together).
        if depth == 0
            && ["<div", "</div", "<p>", "<p ", "<li", "<tr", "<hr"]
                .iter()
                .any(|t| rest.starts_with(t))
        {
            out.push_str("<br>");
        }
        let Some(c) = html.get(i..).and_then(|s| s.chars().next()) else {
            break;
        };
        if depth == 0 {
            out.push(c);
        }
        i += c.len_utf8();
    }
    out
}

/// What a reply asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reply {
    /// The turn in notation (lines joined with newlines), if any.
    pub turn: Option<String>,
    /// Table talk, one entry per `say:` line.
    pub say: Vec<String>,
    /// `legal`: the steps the seat may take next.
    pub legal: bool,
    /// `board`: the board as it is now.
    pub board: bool,
    /// Turns queued in advance, one per `queue:` line, in order: the seat's queue
    /// becomes these (`queue: none` alone withdraws it: an empty list).
    pub queue: Option<Vec<String>>,
    /// `rematch` (or `play again`): propose or accept the rematch of a finished game.
    pub rematch: bool,
    /// `yes` (or `accept`, `ok`): agree, which to a finished game's mail is to accept its
    /// rematch; elsewhere it is plain words (kept in `text` too).
    pub yes: bool,
    /// The lines read as the turn, as written (without the trimming the turn gets): what
    /// is posted as talk when the reply's words are no turn and the seat is not to act.
    pub text: Vec<String>,
}

impl Reply {
    pub fn is_empty(&self) -> bool {
        self.turn.is_none()
            && self.say.is_empty()
            && !self.legal
            && !self.board
            && self.queue.is_none()
            && !self.rematch
            && !self.yes
    }
}

/// The lines the sender wrote, without quotes, attribution lines, Outlook's header
/// block, signature and phone footer.
pub fn strip(text: &str) -> Vec<String> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines.get(i).copied().unwrap_or("");
        let t = line.trim();
        let next = lines.get(i + 1).map_or("", |l| l.trim());
        if t.starts_with('>') {
            i += 1;
            continue;
        }
        if t == "--" && line.trim_end_matches([' ', '\t']).ends_with("--") && line.starts_with("--")
        {
            // `-- ` (many clients trim the space): a signature follows.
            break;
        }
        if is_original_message(t, next, &lines, i) || is_footer(t) {
            break;
        }
        // "On <date>, <name> wrote:" (Gmail wraps it over two lines).
        if is_attribution(t) {
            i += 1;
            continue;
        }
        if is_attribution_start(t) && is_attribution(&format!("{t} {next}")) {
            i += 2;
            continue;
        }
        out.push(t.to_string());
        i += 1;
    }
    out
}

fn is_attribution(t: &str) -> bool {
    let l = t.to_lowercase();
    (l.starts_with("on ") && (l.ends_with("wrote:") || l.ends_with("wrote :")))
        || (l.starts_with("le ") && l.ends_with("a écrit :"))
        || (l.starts_with("am ") && l.ends_with("schrieb:"))
        || (l.starts_with("il ") && l.ends_with("ha scritto:"))
        || (l.starts_with("op ") && l.contains(" schreef ") && l.ends_with(':'))
        || l.ends_with("書きました:")
        || l.ends_with("書きました：")
        // Gmail in Japanese: `2026年11月23日(月) 21:00 Hermes <play+…@…>:`.
        || (is_japanese_date(&l) && (l.ends_with(">:") || l.ends_with(">：")))
}

/// `2026年11月23日…`: a line that starts with a date as Japanese writes it.
fn is_japanese_date(l: &str) -> bool {
    let digits = l.chars().take_while(char::is_ascii_digit).count();
    digits == 4 && l.get(4..).is_some_and(|r| r.starts_with('年')) && l.contains('日')
}

fn is_attribution_start(t: &str) -> bool {
    let l = t.to_lowercase();
    ["on ", "le ", "am ", "il ", "op "]
        .iter()
        .any(|p| l.starts_with(p))
        || is_japanese_date(&l)
}

/// Outlook's `-----Original Message-----`, its underscore line, or its header block
/// (`From:` followed by `Sent:`/`Date:` and `To:`/`Subject:` lines).
fn is_original_message(t: &str, next: &str, lines: &[&str], i: usize) -> bool {
    let l = t.to_lowercase();
    if l.starts_with("-----original message-----") || l.starts_with("----- original message") {
        return true;
    }
    if t.len() >= 10 && t.chars().all(|c| c == '_') {
        return true;
    }
    if l.starts_with("from:") {
        let block: Vec<String> = lines
            .iter()
            .skip(i + 1)
            .take(4)
            .map(|s| s.trim().to_lowercase())
            .collect();
        let has = |p: &str| block.iter().any(|b| b.starts_with(p));
        return (has("sent:") || has("date:")) && (has("to:") || has("subject:"))
            || next.to_lowercase().starts_with("sent:");
    }
    false
}

fn is_footer(t: &str) -> bool {
    let l = t.to_lowercase();
    [
        "sent from my ",
        "sent from mail for windows",
        "sent from outlook",
        "get outlook for ",
        "sent via ",
        "sent from yahoo mail",
        "envoyé de mon ",
        "von meinem ",
    ]
    .iter()
    .any(|p| l.starts_with(p))
}

/// The words of a reply in one language, besides the notation (which is the same in
/// every language): `docs/players/notation.md` lists them. Matched case-insensitively,
/// a whole line (or a line's start, for the prefixes), with a `.`, `!` or `?` after it.
#[derive(Debug, Clone, Copy)]
pub struct Keywords {
    /// Table talk: `say:` (a line starting with one, the colon ASCII or full-width).
    pub say: &'static [&'static str],
    /// A turn queued in advance: `queue:`.
    pub queue: &'static [&'static str],
    /// After `queue:`, withdraw the queue: `none`.
    pub none: &'static [&'static str],
    /// The steps the seat may take: `legal`.
    pub legal: &'static [&'static str],
    /// The board as it is now: `board`.
    pub board: &'static [&'static str],
    /// Propose or accept a rematch: `rematch`.
    pub rematch: &'static [&'static str],
    /// Agree: `yes` (to a finished game's mail, accept its rematch).
    pub yes: &'static [&'static str],
    /// A whole line that is the notation's `pass` (Dreams: no star, or no guess).
    pub pass: &'static [&'static str],
}

/// The reply words of `lang` (English's are [`Keywords::ENGLISH`], read in every
/// language).
pub fn keywords(lang: Lang) -> Keywords {
    match lang {
        Lang::En => Keywords::ENGLISH,
        Lang::It => Keywords {
            say: &["dì", "di"],
            queue: &["coda"],
            none: &["nessuno", "niente", "ritira"],
            legal: &["mosse", "mosse possibili", "aiuto"],
            board: &["piano di gioco", "piano", "tabellone"],
            rematch: &["rivincita", "rivincita!", "gioca ancora", "ancora"],
            yes: &["sì", "si", "accetto", "va bene", "ok"],
            pass: &["passo"],
        },
        Lang::Fr => Keywords {
            say: &["dire"],
            queue: &["file"],
            none: &["aucun", "rien", "retirer"],
            legal: &["coups", "coups possibles", "aide"],
            board: &["plateau"],
            rematch: &["revanche", "rejouer", "encore"],
            yes: &[
                "oui",
                "j’accepte",
                "j'accepte",
                "d’accord",
                "d'accord",
                "ok",
            ],
            pass: &["je passe", "passe"],
        },
        Lang::Nl => Keywords {
            say: &["zeg"],
            queue: &["wachtrij"],
            none: &["geen", "niets", "intrekken"],
            legal: &["zetten", "mogelijke zetten", "hulp"],
            board: &["speelveld", "bord"],
            rematch: &["revanche", "nog een keer", "opnieuw"],
            yes: &["ja", "akkoord", "ok"],
            pass: &["ik pas", "pas"],
        },
        Lang::De => Keywords {
            say: &["sag", "sage"],
            queue: &["vormerken"],
            none: &["keine", "nichts", "zurückziehen"],
            legal: &["züge", "mögliche züge", "hilfe"],
            board: &["spielfläche", "brett"],
            rematch: &["revanche", "nochmal", "noch einmal"],
            yes: &["ja", "einverstanden", "ok"],
            pass: &["ich passe", "passe"],
        },
        Lang::Ja => Keywords {
            say: &["発言"],
            queue: &["予約"],
            none: &["なし", "取り消し"],
            legal: &["合法手", "ヘルプ"],
            board: &["ボード", "盤面"],
            rematch: &["再戦"],
            yes: &["はい", "承諾", "ok"],
            pass: &["パス"],
        },
    }
}

impl Keywords {
    /// The words every reply may use, whatever its reader's language.
    pub const ENGLISH: Keywords = Keywords {
        say: &["say"],
        queue: &["queue"],
        none: &["none", "nothing", "withdraw"],
        legal: &["legal", "legal steps", "help"],
        board: &["board", "show board"],
        rematch: &["rematch", "rematch please", "play again", "again"],
        yes: &["yes", "yes please", "accept", "accepted", "ok", "okay"],
        pass: &["pass"],
    };
}

/// A reply word as the line above a mail shows it to a reader of `lang`, as code: the
/// first of that language's words (`` `legal` ``, `` `mosse` ``, `` `ボード` ``), German's
/// with the capital its nouns take (`` `Züge` ``: case does not matter to the reader).
pub fn hint_word(lang: Lang, pick: impl Fn(&Keywords) -> &'static [&'static str]) -> String {
    let word = pick(&keywords(lang))
        .first()
        .or_else(|| pick(&Keywords::ENGLISH).first())
        .copied()
        .unwrap_or_default();
    format!("`{}`", shown(lang, word))
}

/// The talk prefix as a hint shows it: `` `say: …` ``, `` `dì: …` ``, `` `発言：…` ``.
pub fn hint_say(lang: Lang) -> String {
    let word = shown(lang, keywords(lang).say.first().copied().unwrap_or("say"));
    if lang == Lang::Ja {
        format!("`{word}：…`")
    } else {
        format!("`{word}: …`")
    }
}

/// `word` as `lang` writes it at the start of a line: German with a capital.
fn shown(lang: Lang, word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) if lang == Lang::De => first.to_uppercase().chain(chars).collect(),
        _ => word.to_string(),
    }
}

/// The words of a line without its case and the marks that may end it.
fn bare_word(line: &str) -> String {
    line.to_lowercase()
        .trim_end_matches(['.', '!', '?', '。', '！', '？', ' ', '\u{3000}'])
        .to_string()
}

/// What follows `prefix` and a colon (ASCII or full-width) at the start of `line`, in the
/// line's own case; `None` when the line does not start so.
fn after_prefix<'a>(line: &'a str, prefixes: &[&str]) -> Option<&'a str> {
    let lower = line.to_lowercase();
    for prefix in prefixes {
        // Lower-casing keeps these words' lengths (they are ASCII or have no case but
        // for `ü`, `ö`, `é`, whose lower case is as long).
        if lower.starts_with(prefix) && line.is_char_boundary(prefix.len()) {
            let rest = line.get(prefix.len()..).unwrap_or("").trim_start();
            if let Some(r) = rest.strip_prefix(':').or_else(|| rest.strip_prefix('：')) {
                return Some(r);
            }
        }
    }
    None
}

/// Does `line` say one of `words` (English's or the reader's language's), whole?
fn says(line: &str, lang: Lang, pick: impl Fn(&Keywords) -> &'static [&'static str]) -> bool {
    let word = bare_word(line);
    [Keywords::ENGLISH, keywords(lang)]
        .iter()
        .any(|k| pick(k).contains(&word.as_str()))
}

/// A line that says yes, in English or in `lang`.
pub fn is_yes(line: &str, lang: Lang) -> bool {
    says(line, lang, |k| k.yes)
}

/// Read what the sender wrote (`text`, not yet stripped): commands and the turn. The
/// commands are read in English and in `lang`, the reader's language; the turn is the
/// notation, which is the same in every language. `parses` says whether a text is a turn
/// of the game (its notation parser); lines that do not parse alone are dropped when the
/// others make a turn without them.
pub fn read(text: &str, lang: Lang, parses: impl Fn(&str) -> bool) -> Reply {
    let mut reply = Reply::default();
    let mut turn_lines: Vec<String> = Vec::new();
    let both = [Keywords::ENGLISH, keywords(lang)];
    for line in strip(text) {
        if line.is_empty() {
            continue;
        }
        let said = both
            .iter()
            .find_map(|k| after_prefix(&line, k.say))
            .or_else(|| {
                // `say …` without the colon, in English.
                line.to_lowercase()
                    .starts_with("say ")
                    .then(|| line.get(4..).unwrap_or(""))
            });
        if let Some(said) = said {
            let said = said.trim();
            if !said.is_empty() {
                reply.say.push(said.to_string());
            }
            continue;
        }
        if let Some(queued) = both.iter().find_map(|k| after_prefix(&line, k.queue)) {
            let queued = queued.trim().trim_end_matches(['.', '!', '。']).trim();
            let list = reply.queue.get_or_insert_with(Vec::new);
            if !queued.is_empty() && !says(queued, lang, |k| k.none) {
                list.push(queued.to_string());
            }
            continue;
        }
        if says(&line, lang, |k| k.legal) {
            reply.legal = true;
            continue;
        }
        if says(&line, lang, |k| k.board) {
            reply.board = true;
            continue;
        }
        if says(&line, lang, |k| k.rematch) {
            reply.rematch = true;
            continue;
        }
        if says(&line, lang, |k| k.yes) {
            reply.yes = true;
            reply.text.push(line.clone());
            continue;
        }
        reply.text.push(line.clone());
        if lang != Lang::En && keywords(lang).pass.contains(&bare_word(&line).as_str()) {
            // The reader's word for `pass`: the notation's, which is one in every language.
            turn_lines.push("pass".to_string());
            continue;
        }
        turn_lines.push(line.trim_end_matches(['.', '!']).trim().to_string());
    }
    if turn_lines.is_empty() {
        return reply;
    }
    let all = turn_lines.join("\n");
    if parses(&all) {
        reply.turn = Some(all);
        return reply;
    }
    let kept: Vec<&String> = turn_lines.iter().filter(|l| parses(l)).collect();
    let joined = kept
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    reply.turn = Some(if !kept.is_empty() && parses(&joined) {
        joined
    } else {
        // Nothing reads: the whole text goes to the parser, whose error says where.
        all
    });
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gods(t: &str) -> bool {
        ::games::registry::kind("gods").is_some_and(|k| k.parse_turn(t).is_ok())
    }

    #[test]
    fn quotes_signatures_and_footers_go() {
        let text = "tribe 1 at 2,-1; temple at 1,0\n\nThanks!\n\nOn Mon, 23 Nov 2026 at 21:00, Hermes <play+abc@h.test> wrote:\n> It is your turn\n> tribe 2 at 0,0\n";
        assert_eq!(
            read(text, Lang::En, gods).turn.as_deref(),
            Some("tribe 1 at 2,-1; temple at 1,0")
        );
        let bottom = "On Mon, 23 Nov 2026, Hermes wrote:\n> It is your turn.\n> Reply with your turn\n\nTribe 1 At 2,-1.\n\n-- \nAnna\nhttp://anna.example\n";
        assert_eq!(
            read(bottom, Lang::En, gods).turn.as_deref(),
            Some("Tribe 1 At 2,-1")
        );
        let phone =
            "continue\n\nSent from my iPhone\n\n> On 23 Nov 2026, at 21:00, Hermes wrote:\n";
        assert_eq!(
            read(phone, Lang::En, gods).turn.as_deref(),
            Some("continue")
        );
    }

    #[test]
    fn commands_and_talk_are_read_apart_from_the_turn() {
        let r = read(
            "Say: Nice move, Bo!\nLEGAL\nboard.\ndiscard 1\n",
            Lang::En,
            gods,
        );
        assert_eq!(r.say, vec!["Nice move, Bo!".to_string()]);
        assert!(r.legal && r.board);
        assert_eq!(r.turn.as_deref(), Some("discard 1"));
        let queued = read(
            "queue: clear at 10,10\nQueue: grey at 20,20.\n",
            Lang::En,
            gods,
        );
        assert_eq!(
            queued.queue,
            Some(vec![
                "clear at 10,10".to_string(),
                "grey at 20,20".to_string()
            ])
        );
        assert!(queued.turn.is_none());
        assert_eq!(
            read("queue: none\n", Lang::En, gods).queue,
            Some(Vec::new())
        );
        let only = read("legal\n", Lang::En, gods);
        assert!(only.legal && only.turn.is_none());
    }

    #[test]
    fn each_language_has_its_own_reply_words_besides_the_english_ones() {
        let dreams =
            |t: &str| ::games::registry::kind("dreams").is_some_and(|k| k.parse_turn(t).is_ok());
        let it = read(
            "Dì: bella mossa!\nMosse\nPiano di gioco.\ncoda: grey at 20,20\ndiscard 1\n",
            Lang::It,
            gods,
        );
        assert_eq!(it.say, vec!["bella mossa!".to_string()]);
        assert!(it.legal && it.board);
        assert_eq!(it.queue, Some(vec!["grey at 20,20".to_string()]));
        assert_eq!(it.turn.as_deref(), Some("discard 1"));
        assert_eq!(
            read("coda: nessuno\n", Lang::It, gods).queue,
            Some(Vec::new())
        );
        let ja = read(
            "発言：よろしくお願いします\n盤面\n予約: tribe 1 at 0,0\ntribe 2 at 1,-1\n",
            Lang::Ja,
            gods,
        );
        assert_eq!(ja.say, vec!["よろしくお願いします".to_string()]);
        assert!(ja.board && !ja.legal);
        assert_eq!(ja.queue, Some(vec!["tribe 1 at 0,0".to_string()]));
        assert_eq!(ja.turn.as_deref(), Some("tribe 2 at 1,-1"));
        assert!(read("再戦\n", Lang::Ja, gods).rematch);
        assert!(read("Revanche!\n", Lang::De, gods).rematch);
        assert!(read("Oui.\n", Lang::Fr, gods).yes && is_yes("Oui.", Lang::Fr));
        assert!(
            !is_yes("Oui.", Lang::De),
            "a word of another language is not read"
        );
        // English is read in every language; another language's words only in their own.
        assert!(read("legal\n", Lang::Nl, gods).legal);
        assert!(!read("zetten\n", Lang::De, gods).legal);
        assert_eq!(
            read("Je passe.\n", Lang::Fr, dreams).turn.as_deref(),
            Some("pass")
        );
        assert_eq!(
            read("パス\n", Lang::Ja, dreams).turn.as_deref(),
            Some("pass")
        );
        assert_eq!(
            read("passo\n", Lang::Fr, dreams).turn.as_deref(),
            Some("passo")
        );
        // The notation is one: `tribe`, `at` are not translated, and `discard` is no `di:`.
        assert_eq!(
            read("discard 2\n", Lang::It, gods).turn.as_deref(),
            Some("discard 2")
        );
    }

    #[test]
    fn a_japanese_reply_in_iso_2022_jp_is_decoded_and_read() {
        let (body, _, _) = encoding_rs::ISO_2022_JP.encode(
            "発言：よろしくお願いします\r\ndiscard 1\r\n\r\n2026年11月23日(月) 21:00 Hermes <play+x@h.test>:\r\n> あなたの手番です\r\n> tribe 1 at 0,0\r\n",
        );
        let (subject, _, _) = encoding_rs::ISO_2022_JP.encode("Re: あなたの手番です");
        let mut raw = format!(
            "From: a@x.test\r\nTo: play+x@h.test\r\nSubject: =?ISO-2022-JP?B?{}?=\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n\r\n",
            data_encoding::BASE64.encode(&subject)
        )
        .into_bytes();
        raw.extend_from_slice(&body);
        let incoming = parse(&raw).expect("a message");
        assert_eq!(incoming.subject, "Re: あなたの手番です");
        let r = read(&incoming.text, Lang::Ja, gods);
        assert_eq!(r.say, vec!["よろしくお願いします".to_string()]);
        assert_eq!(r.turn.as_deref(), Some("discard 1"));
        assert_eq!(r.text, vec!["discard 1".to_string()], "the quote is gone");
    }

    #[test]
    fn the_words_a_mail_shows_in_its_hints_are_read_back_in_that_language() {
        let bare = |hint: String| hint.trim_matches('`').replace('…', "hello").to_string();
        for lang in Lang::ALL {
            let r = read(
                &format!(
                    "{}\n{}\n{}\n",
                    bare(hint_say(lang)),
                    bare(hint_word(lang, |k| k.legal)),
                    bare(hint_word(lang, |k| k.board))
                ),
                lang,
                gods,
            );
            assert_eq!(r.say, vec!["hello".to_string()], "{}", lang.code());
            assert!(
                r.legal && r.board && r.turn.is_none(),
                "{}: {r:?}",
                lang.code()
            );
            let rematch = read(&bare(hint_word(lang, |k| k.rematch)), lang, gods);
            assert!(rematch.rematch, "{}", lang.code());
        }
        assert_eq!(hint_say(Lang::Ja), "`発言：…`");
        assert_eq!(hint_say(Lang::En), "`say: …`");
        assert_eq!(hint_word(Lang::It, |k| k.legal), "`mosse`");
    }

    #[test]
    fn attribution_lines_of_other_languages_go_with_their_quote() {
        for attribution in [
            "Il giorno lun 23 nov 2026 alle ore 21:00 Hermes <play+x@h.test> ha scritto:",
            "Op ma 23 nov 2026 om 21:00 schreef Hermes <play+x@h.test>:",
            "2026年11月23日(月) 21:00 Hermes <play+x@h.test>:",
            "2026/11/23 21:00 に Hermes さんは書きました:",
        ] {
            let text = format!("discard 1\n\n{attribution}\n> tribe 1 at 0,0\n");
            let r = read(&text, Lang::Ja, gods);
            assert_eq!(r.text, vec!["discard 1".to_string()], "{attribution}");
        }
    }

    #[test]
    fn garbled_notation_is_kept_for_the_parser_to_point_at() {
        let r = read("tribe one at 2,-1\n", Lang::En, gods);
        assert_eq!(r.turn.as_deref(), Some("tribe one at 2,-1"));
    }

    #[test]
    fn outlook_header_block_cuts_the_rest() {
        let text = "discard 1\r\n\r\nFrom: Hermes <play+x@h.test>\r\nSent: Monday, November 23, 2026 9:00 PM\r\nTo: Anna\r\nSubject: Your turn\r\n\r\ntribe 1 at 0,0\r\n";
        assert_eq!(
            read(text, Lang::En, gods).turn.as_deref(),
            Some("discard 1")
        );
    }

    /// The corpus: real-world reply shapes (`api/tests/fixtures/replies/NAME.eml`), each
    /// with the turn it means (`NAME.turn`: the kind, then the turn).
    #[test]
    fn every_reply_of_the_corpus_reads_as_its_turn() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/replies");
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("eml") {
                continue;
            }
            let raw = std::fs::read(&path).unwrap();
            let expected = std::fs::read_to_string(path.with_extension("turn")).unwrap();
            let (kind_name, turn) = expected.split_once('\n').unwrap();
            let kind = ::games::registry::kind(kind_name.trim()).unwrap();
            let incoming = parse(&raw).unwrap_or_else(|| panic!("{path:?} parses"));
            assert!(incoming.message_id.is_some(), "{path:?}");
            assert!(incoming.from.is_some(), "{path:?}");
            assert!(incoming.automatic.is_none(), "{path:?}");
            assert!(
                incoming.recipients.iter().any(|r| r.starts_with("play+")),
                "{path:?}: {:?}",
                incoming.recipients
            );
            let reply = read(&incoming.text, Lang::En, |t| kind.parse_turn(t).is_ok());
            let got = reply
                .turn
                .unwrap_or_else(|| panic!("{path:?}: no turn in {:?}", incoming.text));
            assert_eq!(
                kind.parse_turn(&got)
                    .unwrap_or_else(|e| panic!("{path:?}: {got:?}: {e}")),
                kind.parse_turn(turn).unwrap(),
                "{path:?}: read {got:?}"
            );
            n += 1;
        }
        assert!(n >= 9, "only {n} fixtures");
    }

    #[test]
    fn automatic_mail_is_recognised() {
        let cases = [
            "From: a@x.test\nTo: play+x@h.test\nAuto-Submitted: auto-replied\nSubject: Re: x\n\nI am away.\n",
            "From: a@x.test\nTo: play+x@h.test\nPrecedence: bulk\nSubject: x\n\nhi\n",
            "From: a@x.test\nTo: play+x@h.test\nReturn-Path: <>\nSubject: x\n\nhi\n",
            "From: MAILER-DAEMON@x.test\nTo: play+x@h.test\nSubject: Undelivered Mail\n\nhi\n",
            "From: a@x.test\nTo: play+x@h.test\nSubject: Out of Office: your turn\n\naway\n",
            "From: a@x.test\nTo: play+x@h.test\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\nSubject: x\n\n--b\nContent-Type: text/plain\n\nfailed\n--b--\n",
        ];
        for raw in cases {
            let m = parse(raw.as_bytes()).unwrap();
            assert!(m.automatic.is_some(), "{raw}");
        }
        let plain =
            parse(b"From: a@x.test\nTo: play+x@h.test\nSubject: Re: x\n\ndiscard 1\n").unwrap();
        assert!(plain.automatic.is_none());
    }

    #[test]
    fn a_from_that_names_more_than_one_sender_is_marked() {
        let one = |from: &str| {
            let raw = format!("{from}To: play+x@h.test\nSubject: x\n\ndiscard 1\n");
            parse(raw.as_bytes()).unwrap().from_ambiguous
        };
        assert_eq!(one("From: Anna <a@x.test>\n"), None);
        assert_eq!(
            one("From: \"Smith, Anna\" <a@x.test>\n"),
            None,
            "a comma in a quoted name"
        );
        assert!(one("From: a@x.test\nFrom: b@evil.test\n").is_some());
        assert!(one("From: a@x.test, b@evil.test\n").is_some());
        assert!(one("From: players: a@x.test, b@evil.test;\n").is_some());
        assert!(one("From: players: a@x.test;\n").is_some());
    }

    #[test]
    fn html_quotes_are_removed_before_the_text_is_read() {
        let html = "<div>discard 2</div><div class=\"gmail_quote\"><div>On Mon, Hermes wrote:<br></div><blockquote>tribe 1 at 0,0<blockquote>x</blockquote>more</blockquote></div>";
        let text = mail_parser::decoders::html::html_to_text(&without_quotes_html(html));
        assert_eq!(
            read(&text, Lang::En, gods).turn.as_deref(),
            Some("discard 2")
        );
    }
}
