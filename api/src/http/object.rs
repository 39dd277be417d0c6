//! A JSON body that must be an object.
//!
//! serde's derived structs read a JSON array too, taking its items as the fields in
//! order: `["hello"]` would be read as `{"body": "hello"}`. Every body of the API is an
//! object (`openapi.yaml`), so [`Object`] reads a struct from a JSON object only, and an
//! array (or any other value) is a 422 `invalid_body` like every body of the wrong shape.
//! It is both the extractor of a handler's body and a field type for structs nested in
//! one (a deck's cards).

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use serde::de::{DeserializeOwned, Visitor};
use serde::{forward_to_deserialize_any, Deserialize, Deserializer};

/// A struct read from a JSON object, never from an array.
#[derive(Debug)]
pub struct Object<T>(pub T);

impl<T> Object<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Object<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(MapOnly(d)).map(Object)
    }
}

/// Reads the body as `web::Json` does, under the app's `JsonConfig` (its limit and its
/// problem+json errors).
impl<T: DeserializeOwned + 'static> FromRequest for Object<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<Object<T>>::from_request(req, payload);
        Box::pin(async move { Ok(json.await?.into_inner()) })
    }
}

/// A deserializer that asks for a map where a struct is asked for, so that the format
/// refuses anything else; every other request goes through as it is.
struct MapOnly<D>(D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for MapOnly<D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(visitor)
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
        identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::Object;
    use serde::Deserialize;

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Card {
        title: String,
        #[serde(default)]
        n: Option<i64>,
    }

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Deck {
        cards: Vec<Object<Card>>,
    }

    fn read<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, serde_json::Error> {
        serde_json::from_str::<Object<T>>(text).map(Object::into_inner)
    }

    #[test]
    fn an_object_is_read_as_the_struct() {
        let card: Card = read(r#"{"title": "a", "n": 2}"#).unwrap();
        assert_eq!(
            card,
            Card {
                title: "a".into(),
                n: Some(2)
            }
        );
        let card: Card = read(r#" {"title": "b"} "#).unwrap();
        assert_eq!(card.n, None);
    }

    #[test]
    fn an_array_of_the_fields_is_refused_where_plain_serde_takes_it() {
        // What the wrapper is for: serde alone reads the array as the fields in order.
        assert!(serde_json::from_str::<Card>(r#"["a", 2]"#).is_ok());
        let e = read::<Card>(r#"["a", 2]"#).unwrap_err();
        assert!(e.is_data(), "{e}");
        assert!(e.to_string().contains("invalid type: sequence"), "{e}");
        for other in [r#""a""#, "2", "null", "true"] {
            assert!(read::<Card>(other).unwrap_err().is_data(), "{other}");
        }
    }

    #[test]
    fn a_nested_struct_read_as_an_object_refuses_an_array_too() {
        let deck: Deck = read(r#"{"cards": [{"title": "a"}, {"title": "b", "n": 1}]}"#).unwrap();
        assert_eq!(deck.cards[1].title, "b");
        assert!(read::<Deck>(r#"{"cards": [["a", 1]]}"#).is_err());
    }

    #[test]
    fn the_structs_own_checks_still_apply() {
        let e = read::<Card>(r#"{"title": "a", "x": 1}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `x`"), "{e}");
        let e = read::<Card>(r#"{"n": 1}"#).unwrap_err();
        assert!(e.to_string().contains("missing field `title`"), "{e}");
    }
}
