//! The calendar feed (`GET /calendar/{token}.ics`, RFC 5545): one `VEVENT` per deadline
//! of a game waiting for the user, so a phone's calendar reminds them.
//!
//! Owns: writing iCalendar text (escaping, line folding at 75 octets, CRLF).
//! Must not: read the database or decide whose deadlines these are (`crate::http::calendar`).

use chrono::NaiveDateTime;

/// One deadline as the feed shows it.
pub struct Deadline {
    /// Stable per game and sequence: a calendar updates the event rather than adding one.
    pub uid: String,
    /// When the wait began (the event's `DTSTAMP`: it changes only with the event).
    pub stamp: NaiveDateTime,
    pub due: NaiveDateTime,
    pub summary: String,
    pub description: String,
    pub url: String,
}

/// How long before a deadline the calendar's alarm goes off.
pub const ALARM_BEFORE: &str = "-PT2H";

/// The whole feed.
pub fn feed(name: &str, deadlines: &[Deadline]) -> String {
    let mut out = String::new();
    let mut line = |l: &str| {
        out.push_str(&fold(l));
        out.push_str("\r\n");
    };
    line("BEGIN:VCALENDAR");
    line("VERSION:2.0");
    line("PRODID:-//Hermes//Turn deadlines//EN");
    line("CALSCALE:GREGORIAN");
    line("METHOD:PUBLISH");
    line(&format!("X-WR-CALNAME:{}", escape(name)));
    for d in deadlines {
        line("BEGIN:VEVENT");
        line(&format!("UID:{}", escape(&d.uid)));
        line(&format!("DTSTAMP:{}", utc(d.stamp)));
        line(&format!("DTSTART:{}", utc(d.due)));
        line(&format!(
            "DTEND:{}",
            utc(d.due + chrono::Duration::minutes(15))
        ));
        line(&format!("SUMMARY:{}", escape(&d.summary)));
        line(&format!("DESCRIPTION:{}", escape(&d.description)));
        line(&format!("URL:{}", d.url));
        line("TRANSP:TRANSPARENT");
        line("BEGIN:VALARM");
        line("ACTION:DISPLAY");
        line(&format!("DESCRIPTION:{}", escape(&d.summary)));
        line(&format!("TRIGGER:{ALARM_BEFORE}"));
        line("END:VALARM");
        line("END:VEVENT");
    }
    line("END:VCALENDAR");
    out
}

/// A UTC date-time in iCalendar's form, `20261124T013000Z`.
fn utc(t: NaiveDateTime) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, newlines as `\n`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line folded (RFC 5545 3.1): at most 75 octets a line, never inside a UTF-8
/// character, each continuation starting with one space.
pub fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut width = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        let line = format!("SUMMARY:{}", "é".repeat(100));
        let folded = fold(&line);
        for part in folded.split("\r\n") {
            assert!(part.len() <= 75, "{} octets: {part}", part.len());
        }
        let unfolded = folded.replace("\r\n ", "");
        assert_eq!(unfolded, line);
    }

    #[test]
    fn text_values_escape_what_rfc_5545_reserves() {
        assert_eq!(escape("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
    }
}
