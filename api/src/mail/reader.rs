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
}

fn is_attribution_start(t: &str) -> bool {
    let l = t.to_lowercase();
    l.starts_with("on ") || l.starts_with("le ") || l.starts_with("am ")
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

/// Read what the sender wrote (`text`, not yet stripped): commands and the turn.
/// `parses` says whether a text is a turn of the game (its notation parser); lines that
/// do not parse alone are dropped when the others make a turn without them.
pub fn read(text: &str, parses: impl Fn(&str) -> bool) -> Reply {
    let mut reply = Reply::default();
    let mut turn_lines: Vec<String> = Vec::new();
    for line in strip(text) {
        if line.is_empty() {
            continue;
        }
        let lower = line.to_lowercase();
        if let Some(rest) = lower
            .strip_prefix("say:")
            .or_else(|| lower.strip_prefix("say "))
        {
            let _ = rest;
            // Keep the speaker's own case.
            let said = line.get(4..).unwrap_or("").trim();
            if !said.is_empty() {
                reply.say.push(said.to_string());
            }
            continue;
        }
        if lower.starts_with("queue:") {
            let queued = line
                .get("queue:".len()..)
                .unwrap_or("")
                .trim()
                .trim_end_matches(['.', '!'])
                .trim();
            let list = reply.queue.get_or_insert_with(Vec::new);
            if !queued.is_empty()
                && !["none", "nothing", "withdraw"].contains(&queued.to_lowercase().as_str())
            {
                list.push(queued.to_string());
            }
            continue;
        }
        let word = lower.trim_end_matches(['.', '!', '?', ' ']);
        match word {
            "legal" | "legal steps" | "help" => {
                reply.legal = true;
                continue;
            }
            "board" | "show board" => {
                reply.board = true;
                continue;
            }
            "rematch" | "rematch please" | "play again" | "again" => {
                reply.rematch = true;
                continue;
            }
            "yes" | "yes please" | "accept" | "accepted" | "ok" | "okay" => {
                reply.yes = true;
                reply.text.push(line.clone());
                continue;
            }
            _ => {}
        }
        reply.text.push(line.clone());
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
            read(text, gods).turn.as_deref(),
            Some("tribe 1 at 2,-1; temple at 1,0")
        );
        let bottom = "On Mon, 23 Nov 2026, Hermes wrote:\n> It is your turn.\n> Reply with your turn\n\nTribe 1 At 2,-1.\n\n-- \nAnna\nhttp://anna.example\n";
        assert_eq!(read(bottom, gods).turn.as_deref(), Some("Tribe 1 At 2,-1"));
        let phone =
            "continue\n\nSent from my iPhone\n\n> On 23 Nov 2026, at 21:00, Hermes wrote:\n";
        assert_eq!(read(phone, gods).turn.as_deref(), Some("continue"));
    }

    #[test]
    fn commands_and_talk_are_read_apart_from_the_turn() {
        let r = read("Say: Nice move, Bo!\nLEGAL\nboard.\ndiscard 1\n", gods);
        assert_eq!(r.say, vec!["Nice move, Bo!".to_string()]);
        assert!(r.legal && r.board);
        assert_eq!(r.turn.as_deref(), Some("discard 1"));
        let queued = read("queue: clear at 10,10\nQueue: grey at 20,20.\n", gods);
        assert_eq!(
            queued.queue,
            Some(vec![
                "clear at 10,10".to_string(),
                "grey at 20,20".to_string()
            ])
        );
        assert!(queued.turn.is_none());
        assert_eq!(read("queue: none\n", gods).queue, Some(Vec::new()));
        let only = read("legal\n", gods);
        assert!(only.legal && only.turn.is_none());
    }

    #[test]
    fn garbled_notation_is_kept_for_the_parser_to_point_at() {
        let r = read("tribe one at 2,-1\n", gods);
        assert_eq!(r.turn.as_deref(), Some("tribe one at 2,-1"));
    }

    #[test]
    fn outlook_header_block_cuts_the_rest() {
        let text = "discard 1\r\n\r\nFrom: Hermes <play+x@h.test>\r\nSent: Monday, November 23, 2026 9:00 PM\r\nTo: Anna\r\nSubject: Your turn\r\n\r\ntribe 1 at 0,0\r\n";
        assert_eq!(read(text, gods).turn.as_deref(), Some("discard 1"));
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
            let reply = read(&incoming.text, |t| kind.parse_turn(t).is_ok());
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
        assert_eq!(read(&text, gods).turn.as_deref(), Some("discard 2"));
    }
}
