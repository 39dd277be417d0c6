use super::turn::GodsTurn;
use crate::game::NotationError;
pub fn parse(_text: &str) -> Result<GodsTurn, NotationError> {
    Err(NotationError {
        offset: 0,
        word: String::new(),
        message: "pending".into(),
    })
}
pub fn format(_t: &GodsTurn) -> String {
    String::new()
}
