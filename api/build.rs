//! The git commit this build comes from, as `HERMES_GIT_COMMIT` (`hermes_api::COMMIT`),
//! for the startup log and `GET /health`. Optional: without `git` or outside a checkout
//! (a source tarball) the build goes on without it. `HERMES_GIT_COMMIT` set in the
//! environment wins (a build in a container without `.git`). Also builds again when a
//! migration changes: they are embedded, and cargo does not see a macro read files.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

fn main() {
    // The migrations are embedded (`store::SQLITE_MIGRATIONS`): a new one is a new build.
    println!("cargo:rerun-if-changed=../migrations");
    println!("cargo:rerun-if-env-changed=HERMES_GIT_COMMIT");
    if let Ok(given) = std::env::var("HERMES_GIT_COMMIT") {
        println!("cargo:rustc-env=HERMES_GIT_COMMIT={given}");
        return;
    }
    // Run again when HEAD moves. Only paths that exist are watched: cargo takes a watched
    // path that is missing for one that always changed, and would run this script (and
    // rebuild the crate) on every build. HEAD and packed refs are watched when they exist;
    // the branch's loose ref through the nearest folder above it that exists (a folder is
    // scanned, so a ref written there later, as the next commit on a packed branch does,
    // is seen too).
    let mut watched = Vec::new();
    for path in ["HEAD", "packed-refs"] {
        watched.extend(git(&["rev-parse", "--git-path", path]));
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(loose) = git(&["rev-parse", "--git-path", &branch]) {
            let loose = std::path::PathBuf::from(loose);
            watched.extend(
                loose
                    .parent()
                    .and_then(|p| p.ancestors().find(|a| a.is_dir()))
                    .map(|p| p.display().to_string()),
            );
        }
    }
    for p in watched {
        if std::path::Path::new(&p).exists() {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    if let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) {
        println!("cargo:rustc-env=HERMES_GIT_COMMIT={commit}");
    }
}
