//! `mailpic`: where a your-turn mail's time goes, one stage at a time, on one thread.
//!
//! For a mid-game and a late-game Gods board (two gods, as loadbench plays) and a Dreams
//! table (six seats, mid-round), it times: building the SVG, rasterising it (usvg parse
//! and resvg), encoding the palette PNG, the whole picture (`board_attachment` /
//! `dreams_attachment`: what the outbox worker calls), composing the MIME message
//! (`mail::render` and lettre's formatting), and sending it over SMTP to a local sink on
//! TCP (one connection per message, as the worker's transport does) and to an `.eml` file.
//! Each figure is the median of `--rounds` runs (after a warm-up), in milliseconds of
//! this thread's CPU time (wall time where Linux's per-thread figure is not there, and for
//! the sends, which wait on the network), so it is what one core pays per mail, and other
//! work on a shared machine does not count in it. A benchmark, not a
//! test: it prints figures. `--out DIR` writes the pictures there, to look at.

#[path = "smtp_sink.rs"]
mod smtp_sink;

use clap::Parser;
use games::dreams::random::random_submission;
use games::dreams::{Dreams, DreamsOptions};
use games::gods::random::random_turn;
use games::gods::view::GodsView;
use games::gods::{Gods, GodsOptions};
use games::{Game, Rng, Seed, Viewer};
use hermes_api::board::dreams::{dreams_svg, CardArt, DreamsStyle};
use hermes_api::board::{
    board_svg, encode_indexed, encode_indexed_at, rasterise, BoardStyle, Deflate,
};
use hermes_api::mail::{
    board_attachment, dreams_attachment, outbox_message_id, render, Attachment, Context, Deadline,
    GodsYourTurn, Lang, MailData, MailSettings, Message, PlayedTurn, Recipient, SmtpSecurity,
    Template, Transport, TransportKind,
};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(about = "Micro-bench: the stages of a your-turn mail with its board")]
struct Args {
    /// Timed runs per stage (the median is printed).
    #[arg(long, default_value_t = 30)]
    rounds: usize,
    /// Write the pictures into this directory.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only draw each picture whole (`board_attachment` / `dreams_attachment`) this many
    /// times and print nothing: a loop to run under `perf`.
    #[arg(long)]
    profile: Option<usize>,
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// This thread's CPU time so far, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`), or `None`
/// where the system cannot tell it.
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

/// Median milliseconds of `rounds` runs of `f`, after one warm-up run: CPU time of this
/// thread where the system tells it (so other processes on a shared machine do not
/// count), else wall time.
fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> f64 {
    std::hint::black_box(f());
    let mut ms: Vec<f64> = (0..rounds.max(1))
        .map(|_| {
            let (c0, t0) = (thread_cpu_ns(), Instant::now());
            std::hint::black_box(f());
            match (c0, thread_cpu_ns()) {
                (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e6,
                _ => t0.elapsed().as_secs_f64() * 1e3,
            }
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    ms[ms.len() / 2]
}

/// A two-god game after `turns` random turns (or at its last turn before the end), with
/// its log and the seat to move.
fn gods(seed: u64, turns: Option<usize>) -> (GodsView, Vec<PlayedTurn>, usize) {
    // The whole game first, to know how long it is.
    let play = |limit: usize| {
        let mut game = Gods::new(Seed::from_u64(seed), 2, GodsOptions::default()).expect("setup");
        let mut rng = Rng::from_seed(&Seed::from_u64(seed + 1000));
        let mut log = Vec::new();
        for _ in 0..limit {
            let Some(turn) = random_turn(&game, &mut rng) else {
                break;
            };
            let seat = game.to_move();
            let applied = game.apply(seat, &turn).expect("a random turn is legal");
            if applied.game.outcome().is_some() {
                break;
            }
            log.push(PlayedTurn {
                seq: i64::try_from(log.len()).unwrap_or(0) + 1,
                seat,
                source: "player".to_string(),
                turn,
                events: applied.events.into_iter().map(|l| l.event).collect(),
            });
            game = applied.game;
        }
        (game, log)
    };
    let (_, whole) = play(usize::MAX);
    let (game, log) = play(turns.unwrap_or(whole.len()));
    let seat = game.to_move();
    (game.view(Viewer::Seat(seat)), log, seat)
}

fn dreams_view(seed: u64, steps: usize) -> (serde_json::Value, usize) {
    let mut game = Dreams::new(Seed::from_u64(seed), 6, DreamsOptions::default()).expect("setup");
    let mut rng = Rng::from_seed(&Seed::from_u64(seed + 1));
    for _ in 0..steps {
        let Some((seat, turn)) = random_submission(&game, &mut rng) else {
            break;
        };
        game = game.apply(seat, &turn).expect("legal").game;
    }
    let seat = 1;
    (
        serde_json::to_value(game.view(Viewer::Seat(seat))).expect("JSON"),
        seat,
    )
}

fn context(data: serde_json::Value, board: Attachment) -> Context {
    Context {
        lang: Lang::En,
        from: "Hermes <hermes@bench.example.org>".into(),
        to: Recipient::new("cleo@bench.example.org", "Cleo"),
        message_id: outbox_message_id(42, "bench.example.org"),
        thread: Some("<game-7@bench.example.org>".into()),
        unsubscribe_url: "https://bench.example.org/unsubscribe?token=unsub.TOKEN".into(),
        date: None,
        data,
        attachments: vec![board],
        reply: None,
    }
}

fn levels(n: usize, pixmap: &hermes_api::board::Pixmap) -> Vec<(Deflate, f64, usize)> {
    [
        Deflate::Best,
        Deflate::Balanced,
        Deflate::Default,
        Deflate::Fastest,
    ]
    .into_iter()
    .map(|d| {
        let bytes = encode_indexed_at(pixmap, d).expect("encode").len();
        (
            d,
            time(n, || encode_indexed_at(pixmap, d).expect("encode")),
            bytes,
        )
    })
    .collect()
}

/// `svg` without the elements or attributes that `strip` matches: to see what each part
/// of a picture costs to rasterise.
fn without(svg: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(i) = rest.find(open) {
        out.push_str(&rest[..i]);
        // The end is looked for after the opening text (which may itself end in `close`).
        let after = i + open.len();
        match rest[after..].find(close) {
            Some(j) => rest = &rest[after + j + close.len()..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Rasterising `svg` whole, without its text, and without dashed strokes (ms).
fn parts(n: usize, svg: &str) -> (f64, f64, f64) {
    let no_text = without(svg, "<text", "</text>");
    let no_dash = without(svg, " stroke-dasharray=\"", "\"");
    (
        time(n, || rasterise(svg, 1.0).expect("raster")),
        time(n, || rasterise(&no_text, 1.0).expect("raster")),
        time(n, || rasterise(&no_dash, 1.0).expect("raster")),
    )
}

struct Row {
    what: &'static str,
    svg: f64,
    raster: f64,
    encode: f64,
    /// Rasterising: whole, without text, without dashes.
    parts: (f64, f64, f64),
    /// The encoding at each compression: (ms, bytes).
    levels: Vec<(Deflate, f64, usize)>,
    picture: f64,
    compose: f64,
    smtp: f64,
    file: f64,
    png_bytes: usize,
    size: (u32, u32),
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), BoxError> {
    let args = Args::parse();
    let n = args.rounds;
    let sink = smtp_sink::SmtpSink::start()?;
    let mut smtp_settings = MailSettings::local(std::path::Path::new("."));
    smtp_settings.transport = TransportKind::Smtp;
    smtp_settings.smtp.host = sink.addr.ip().to_string();
    smtp_settings.smtp.port = Some(sink.addr.port());
    smtp_settings.smtp.security = SmtpSecurity::None;
    let smtp = Transport::from_settings(&smtp_settings)?;
    let dir = tempfile::tempdir()?;
    let file = Transport::from_settings(&MailSettings::local(dir.path()))?;
    let names: Vec<String> = ["Ada", "Brann"].map(String::from).to_vec();
    let deadline = Deadline::new(chrono::Utc::now(), "Europe/Berlin");

    let mut rows = Vec::new();
    let sends = |message: &Message| {
        let message = message.clone();
        let (smtp, file) = (smtp.clone(), file.clone());
        async move {
            let mut s = Vec::new();
            let mut f = Vec::new();
            smtp.send(&message).await.expect("smtp");
            file.send(&message).await.expect("file");
            for _ in 0..n {
                let t0 = Instant::now();
                smtp.send(&message).await.expect("smtp");
                s.push(t0.elapsed().as_secs_f64() * 1e3);
                let t0 = Instant::now();
                file.send(&message).await.expect("file");
                f.push(t0.elapsed().as_secs_f64() * 1e3);
            }
            s.sort_by(f64::total_cmp);
            f.sort_by(f64::total_cmp);
            (s[s.len() / 2], f[f.len() / 2])
        }
    };

    for (what, turns) in [("gods mid-game", Some(30)), ("gods late game", None)] {
        let (view, log, seat) = gods(7, turns);
        let since = match log.iter().rposition(|t| t.seat == seat) {
            Some(last) => &log[last + 1..],
            None => &log[..],
        };
        let style = BoardStyle {
            names: names.clone(),
            title: Some("Gods #0a1b2c".into()),
            ..Default::default()
        };
        if let Some(k) = args.profile {
            for _ in 0..k {
                std::hint::black_box(board_attachment(&view, &style)?);
            }
            continue;
        }
        let svg = board_svg(&view, &style);
        let pixmap = rasterise(&svg, 1.0)?;
        let size = (pixmap.width(), pixmap.height());
        let board = board_attachment(&view, &style)?;
        if let Some(out) = &args.out {
            std::fs::create_dir_all(out)?;
            let name = what.replace(' ', "-");
            std::fs::write(out.join(format!("{name}.png")), &board.bytes)?;
        }
        let data = GodsYourTurn {
            lang: Lang::En,
            game_name: "Gods #0a1b2c",
            turn_number: 15,
            view: &view,
            seat,
            names: &names,
            since,
            deadline: &deadline,
            turn_url: "https://bench.example.org/games/7/turn?token=turn.TOKEN",
            game_url: "https://bench.example.org/games/7",
        }
        .build()
        .to_data()?;
        let ctx = context(data, board.clone());
        let message = render(Template::YourTurn, &ctx)?;
        let (smtp_ms, file_ms) = sends(&message).await;
        rows.push(Row {
            what,
            svg: time(n, || board_svg(&view, &style)),
            raster: time(n, || rasterise(&svg, 1.0).expect("raster")),
            encode: time(n, || encode_indexed(&pixmap).expect("encode")),
            levels: levels(n, &pixmap),
            parts: parts(n, &svg),
            picture: time(n, || board_attachment(&view, &style).expect("picture")),
            compose: time(n, || {
                let m = render(Template::YourTurn, &ctx).expect("render");
                m.to_lettre().expect("lettre").formatted()
            }),
            smtp: smtp_ms,
            file: file_ms,
            png_bytes: board.bytes.len(),
            size,
        });
    }

    {
        let (view, seat) = dreams_view(9, 18);
        let style = DreamsStyle {
            names: ["Ada", "Brann", "Cleo", "Dmitri", "Eve", "Finn"]
                .map(String::from)
                .to_vec(),
            title: Some("Dreams #0a1b2c".into()),
            art: hermes_api::board::dreams::cards_shown(&view)
                .into_iter()
                .map(|n| (n, CardArt::Standard(n)))
                .collect(),
            ..DreamsStyle::default()
        };
        if let Some(k) = args.profile {
            for _ in 0..k {
                std::hint::black_box(dreams_attachment(&view, &style, false)?);
            }
            return Ok(());
        }
        let svg = dreams_svg(&view, &style);
        let pixmap = rasterise(&svg, 1.0)?;
        let size = (pixmap.width(), pixmap.height());
        let board = dreams_attachment(&view, &style, false)?;
        if let Some(out) = &args.out {
            std::fs::write(out.join("dreams-table.png"), &board.bytes)?;
        }
        let typed: games::dreams::DreamsView = serde_json::from_value(view.clone())?;
        let images: Vec<String> = typed
            .cards
            .iter()
            .map(|&c| hermes_api::board::dreams::card_title(usize::from(c)).to_string())
            .collect();
        let mail = hermes_api::mail::DreamsYourTurn {
            lang: Lang::En,
            game_name: "Dreams #0a1b2c",
            view: &typed,
            seat,
            names: &style.names,
            images: &images,
            deadline: &deadline,
            turn_url: "https://bench.example.org/games/7/turn?token=turn.TOKEN",
            game_url: "https://bench.example.org/games/7",
        }
        .build()
        .ok_or("the Dreams game is over")?;
        let template = mail.template();
        let ctx = context(mail.to_data()?, board.clone());
        let message = render(template, &ctx)?;
        let (smtp_ms, file_ms) = sends(&message).await;
        rows.push(Row {
            what: "dreams table",
            svg: time(n, || dreams_svg(&view, &style)),
            raster: time(n, || rasterise(&svg, 1.0).expect("raster")),
            encode: time(n, || encode_indexed(&pixmap).expect("encode")),
            levels: levels(n, &pixmap),
            parts: parts(n, &svg),
            picture: time(n, || {
                dreams_attachment(&view, &style, false).expect("picture")
            }),
            compose: time(n, || {
                let m = render(template, &ctx).expect("render");
                m.to_lettre().expect("lettre").formatted()
            }),
            smtp: smtp_ms,
            file: file_ms,
            png_bytes: board.bytes.len(),
            size,
        });
    }

    println!(
        "mailpic: median ms per mail stage on one thread, CPU time ({n} runs each; SMTP and file: wall time, to a local sink over TCP)"
    );
    println!(
        "{:<16} {:>9} {:>7} {:>9} {:>7} {:>9} {:>8} {:>6} {:>6} {:>9}",
        "picture",
        "size",
        "svg",
        "rasterise",
        "encode",
        "picture",
        "compose",
        "smtp",
        "file",
        "png bytes"
    );
    for r in &rows {
        println!(
            "{:<16} {:>9} {:>7.2} {:>9.2} {:>7.2} {:>9.2} {:>8.2} {:>6.2} {:>6.2} {:>9}",
            r.what,
            format!("{}x{}", r.size.0, r.size.1),
            r.svg,
            r.raster,
            r.encode,
            r.picture,
            r.compose,
            r.smtp,
            r.file,
            r.png_bytes
        );
    }
    println!(
        "(picture = svg + rasterise + encode as the worker runs them; sink received {} messages)",
        sink.messages()
    );
    println!("rasterising: whole / without any text / without dashed strokes (ms)");
    for r in &rows {
        println!(
            "{:<16} {:.2} / {:.2} / {:.2}",
            r.what, r.parts.0, r.parts.1, r.parts.2
        );
    }
    println!("palette PNG encoding by compression: ms, bytes");
    for r in &rows {
        let cells: Vec<String> = r
            .levels
            .iter()
            .map(|(d, ms, bytes)| format!("{d:?} {ms:.2} ms {bytes} B"))
            .collect();
        println!("{:<16} {}", r.what, cells.join(" | "));
    }
    Ok(())
}
