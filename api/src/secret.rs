//! Secrets in settings: a string that never prints, and a URL fit for a log line.
//!
//! Owns: [`Secret`], [`redact_url`] and [`write_private`]. Must not: read settings (`crate::config` does).

use std::fmt;

/// A secret string that never prints.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// A URL fit for a log line or an error message: the password replaced by `***`.
pub fn redact_url(raw: &str) -> String {
    match url::Url::parse(raw) {
        Ok(mut u) if u.password().is_some() => {
            // Cannot fail: the URL has a host, or it could not hold a password.
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        Ok(u) if u.has_host() || !raw.contains('@') => u.to_string(),
        // Not a URL with a host: it might still hold `user:password@`; keep only what
        // follows the last `@`.
        _ => match raw.rsplit_once('@') {
            Some((_, host)) => format!("***@{host}"),
            None => raw.to_string(),
        },
    }
}

/// Write `bytes` to a new file at `path` that only its owner may read (a secret, a
/// backup); an existing file is never overwritten.
pub fn write_private(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(bytes)
}
