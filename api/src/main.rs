//! `hermes`: read the settings, start the server. Everything else is in the library.

use clap::{Parser, Subcommand};
use hermes_api::config::{Overrides, Settings};
use hermes_api::startup::Application;
use std::process::ExitCode;

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
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        // Colours only on a terminal: a log file or a pipe gets plain text to grep.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let Cli {
        command: Command::Serve(overrides),
    } = Cli::parse();
    match serve(&overrides) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hermes: error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[actix_web::main]
async fn serve(overrides: &Overrides) -> Result<(), Box<dyn std::error::Error>> {
    let settings = Settings::load(overrides)?;
    let app = Application::build(settings)?;
    println!("Hermes is listening on {}", app.url());
    app.run_until_stopped().await?;
    Ok(())
}
