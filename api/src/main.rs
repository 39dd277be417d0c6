//! `hermes`: read the settings, start the server. Everything else is in the library.

use clap::{Parser, Subcommand};
use hermes_api::config::{LogFormat, Overrides, Settings};
use hermes_api::startup::Application;
use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "hermes", version, about = "Hermes play-by-email turn server")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the HTTP server. Settings: defaults → --config FILE → environment → flags.
    Serve(Overrides),
    /// The mail outbox: counts (pending, sent, failed, superseded) and the failed mails; `retry`
    /// requeues failed ones. Reads the same settings as `serve` (for the database).
    Outbox(OutboxArgs),
    /// Write an online, consistent copy of the database (SQLite: `VACUUM INTO`;
    /// PostgreSQL: `pg_dump`) and the data directory's JWT secret into a new directory.
    /// Reads the same settings as `serve`; the server may go on running.
    Backup(BackupArgs),
    /// Restore a backup made by `hermes backup` into the database and data directory the
    /// settings name (they must be empty: nothing is overwritten). Stop the server first.
    Restore(BackupArgs),
    /// Check a finished game from a server's public data: the revealed seed against its
    /// commitment, the game's seed derived from it and the players' seeds, the whole log
    /// replayed with the rules engine (docs/players/replay.md).
    Verify(VerifyArgs),
    /// Checks of the database against this binary (read only: nothing is written).
    #[command(subcommand)]
    Check(CheckCommand),
}

#[derive(Subcommand)]
enum CheckCommand {
    /// Replay every running game on this binary's rules engines; report those that would
    /// now differ (exit non-zero if any).
    ///
    /// Each started game's log is replayed from its seed, entry by entry, and compared
    /// with what was stored when it was played: a turn now refused, other events or
    /// sealing, another snapshot, other seats to act or outcome. Each game that differs
    /// gets a line: its id, kind, the engine version it was created with and this one's,
    /// the first log entry that differs and how; then a summary. Run it before upgrading
    /// to a binary whose rules changed. Reads the same settings as `serve` (for the
    /// database) and writes nothing; the server may go on running. See
    /// docs/operators/operations.md.
    Games(CheckGamesArgs),
}

#[derive(clap::Args)]
struct CheckGamesArgs {
    /// Finished games too (their replay is what `hermes verify` checks from outside).
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    overrides: Overrides,
}

#[derive(clap::Args)]
struct VerifyArgs {
    /// The game's id.
    game_id: String,
    /// The server's base URL (plain HTTP).
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// A bearer token of an account that may read the game (`POST /tokens` or a personal
    /// token); or HERMES_TOKEN.
    #[arg(long, env = "HERMES_TOKEN", hide_env_values = true)]
    token: String,
}

#[derive(clap::Args)]
struct BackupArgs {
    /// The backup's directory.
    path: std::path::PathBuf,
    #[command(flatten)]
    overrides: Overrides,
}

#[derive(clap::Args)]
struct OutboxArgs {
    #[command(subcommand)]
    action: Option<OutboxAction>,
    #[command(flatten)]
    overrides: Overrides,
}

#[derive(Subcommand)]
enum OutboxAction {
    /// Give failed mail another round of attempts, due now.
    Retry {
        /// The outbox id of one failed mail (as `hermes outbox` lists it).
        #[arg(required_unless_present = "all_failed", conflicts_with = "all_failed")]
        id: Option<String>,
        /// Every failed mail.
        #[arg(long)]
        all_failed: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // `serve` logs in the format its settings name (read first); the other commands, and
    // `serve` when its settings are wrong, log as text.
    let serve_settings = match &cli.command {
        Command::Serve(overrides) => Some(Settings::load(overrides)),
        _ => None,
    };
    let format = match &serve_settings {
        Some(Ok(s)) => s.log_format,
        _ => LogFormat::Text,
    };
    init_logging(format);
    let result = match cli.command {
        Command::Serve(_) => match serve_settings {
            Some(Ok(settings)) => serve(settings),
            Some(Err(e)) => Err(e.into()),
            None => Ok(()),
        },
        Command::Outbox(args) => outbox(args),
        Command::Verify(args) => verify(&args),
        Command::Backup(args) => backup(&args, false),
        Command::Restore(args) => backup(&args, true),
        Command::Check(CheckCommand::Games(args)) => check_games(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hermes: error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[actix_web::main]
async fn serve(settings: Settings) -> Result<(), Box<dyn std::error::Error>> {
    let app = Application::build(settings)?;
    println!("Hermes is listening on {}", app.url());
    app.run_until_stopped().await?;
    Ok(())
}

/// Log to stderr, filtered by `RUST_LOG` (default `info`): text for a person (colours
/// only on a terminal: a log file or a pipe gets plain text to grep), or one JSON object a
/// line for a collector, with the request's span (`request_id`) on each line of a request.
fn init_logging(format: LogFormat) {
    let builder = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
            .init(),
        LogFormat::Json => builder
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
}

#[actix_web::main]
async fn verify(args: &VerifyArgs) -> Result<(), Box<dyn std::error::Error>> {
    let published = hermes_api::cli::verify::fetch(&args.url, &args.token, &args.game_id).await?;
    let report = hermes_api::cli::verify::check(&published)?;
    print!("{report}");
    println!("game {} verified", args.game_id);
    Ok(())
}

fn backup(args: &BackupArgs, restore: bool) -> Result<(), Box<dyn std::error::Error>> {
    let settings = Settings::load(&args.overrides)?;
    let mut out = std::io::stdout().lock();
    if restore {
        hermes_api::cli::backup::restore(&settings, &args.path, &mut out)?;
    } else {
        hermes_api::cli::backup::backup(&settings, &args.path, &mut out)?;
    }
    Ok(())
}

fn outbox(args: OutboxArgs) -> Result<(), Box<dyn std::error::Error>> {
    let settings = Settings::load(&args.overrides)?;
    let mut out = std::io::stdout().lock();
    match args.action {
        None => hermes_api::cli::outbox::report(&settings, &mut out)?,
        Some(OutboxAction::Retry { id, all_failed }) => {
            let id = if all_failed { None } else { id };
            hermes_api::cli::outbox::requeue(&settings, id.as_deref(), &mut out)?
        }
    }
    Ok(())
}

fn check_games(args: &CheckGamesArgs) -> Result<(), Box<dyn std::error::Error>> {
    let settings = Settings::load(&args.overrides)?;
    let mut out = std::io::stdout().lock();
    let summary = hermes_api::cli::check::games(&settings, args.all, &mut out)?;
    match summary.changed.len() {
        0 => Ok(()),
        n => Err(format!("{n} game(s) would now play differently on this binary's engines").into()),
    }
}
