//! Random text for the untrusted-input tests: each game's test names the characters its
//! notation is made of, and these helpers build near-misses and noise from them.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// `base` with one to three characters replaced, removed or inserted (from `alphabet`).
pub fn mutate(rng: &mut ChaCha8Rng, alphabet: &[u8], base: &str) -> String {
    let mut bytes = base.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..4) {
        match rng.random_range(0..3) {
            0 if !bytes.is_empty() => {
                let i = rng.random_range(0..bytes.len());
                bytes[i] = alphabet[rng.random_range(0..alphabet.len())];
            }
            1 if !bytes.is_empty() => {
                let i = rng.random_range(0..bytes.len());
                bytes.remove(i);
            }
            _ => {
                let i = rng.random_range(0..=bytes.len());
                bytes.insert(i, alphabet[rng.random_range(0..alphabet.len())]);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Up to `max` characters, mostly from `alphabet`, sometimes any character at all.
pub fn random_text(rng: &mut ChaCha8Rng, alphabet: &[u8], max: usize) -> String {
    let len = rng.random_range(0..max);
    (0..len)
        .map(|_| {
            if rng.random_bool(0.9) {
                alphabet[rng.random_range(0..alphabet.len())] as char
            } else {
                char::from_u32(rng.random_range(0..0x3000)).unwrap_or('?')
            }
        })
        .collect()
}
