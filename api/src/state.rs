//! What every handler shares: the pool, the keys, the limits, the settings they need.

use crate::auth::jwt::Keys;
use crate::auth::ratelimit::LoginLimits;
use crate::store::Pool;

pub struct AppState {
    pub pool: Pool,
    pub keys: Keys,
    pub login_limits: LoginLimits,
    pub access_token_minutes: u32,
    pub public_url: String,
}
