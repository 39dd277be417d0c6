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
    // Run again when HEAD moves: HEAD itself, the branch it names, packed refs.
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(p) = git(&["rev-parse", "--git-path", &branch]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    if let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) {
        println!("cargo:rustc-env=HERMES_GIT_COMMIT={commit}");
    }
}
