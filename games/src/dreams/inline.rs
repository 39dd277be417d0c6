//! The cheap-to-clone storage the state is made of, because `apply` clones the whole state
//! for every submission: [`InlineVec`], a list of at most `N` copyable items kept inline
//! (seats, stars, the deck), and [`Shared`], a part that never changes once made (the
//! options, the last reveal) kept behind a reference count. Both serialize as their plain
//! contents.
//!
//! Must not: panic. Every access is checked; a push beyond `N` is refused.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// An immutable value shared by successive states: cloning it copies a pointer.
/// Equality, `Debug` and serde see the value.
#[derive(Clone, PartialEq, Eq)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T: Clone> Shared<T> {
    /// The value, to change: copied first if another state shares it.
    pub fn make_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T: Default> Default for Shared<T> {
    fn default() -> Shared<T> {
        Shared::new(T::default())
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

/// Equality looks at the items only, never at the unused capacity.
#[derive(Clone, Copy)]
pub struct InlineVec<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        InlineVec {
            len: 0,
            items: [T::default(); N],
        }
    }
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// `len` copies of `item` (at most `N`).
    pub fn filled(item: T, len: usize) -> Self {
        let mut v = Self::default();
        for _ in 0..len.min(N) {
            v.push(item);
        }
        v
    }

    pub fn as_slice(&self) -> &[T] {
        self.items.get(..usize::from(self.len)).unwrap_or(&[])
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.items
            .get_mut(..usize::from(self.len))
            .unwrap_or(&mut [])
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        self.as_slice().get(i)
    }

    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        self.as_mut_slice().get_mut(i)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// Appends `item`; `false` (and nothing changes) when the list is full.
    pub fn push(&mut self, item: T) -> bool {
        match self.items.get_mut(usize::from(self.len)) {
            Some(slot) if usize::from(self.len) < usize::from(u8::MAX) => {
                *slot = item;
                self.len += 1;
                true
            }
            _ => false,
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for InlineVec<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de>
    for InlineVec<T, N>
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(d)?;
        let mut v = Self::default();
        for item in items {
            if !v.push(item) {
                return Err(D::Error::custom(format!("a list of more than {N} items")));
            }
        }
        Ok(v)
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_up_to_capacity_and_refuses_more() {
        let mut v: InlineVec<u8, 3> = InlineVec::default();
        assert!(v.push(1) && v.push(2) && v.push(3));
        assert!(!v.push(4));
        assert_eq!(v.as_slice(), &[1, 2, 3]);
        assert_eq!(serde_json::to_string(&v).unwrap(), "[1,2,3]");
        assert!(serde_json::from_str::<InlineVec<u8, 3>>("[1,2,3,4]").is_err());
        let back: InlineVec<u8, 3> = serde_json::from_str("[7]").unwrap();
        assert_eq!(back.as_slice(), &[7]);
        v.clear();
        assert!(v.is_empty());
        assert_eq!(
            v,
            InlineVec::default(),
            "equality ignores the unused capacity"
        );
        assert_eq!(InlineVec::<u8, 3>::filled(5, 9).as_slice(), &[5, 5, 5]);
    }
}
