//! Any text a client sends on a game's socket (what the server's socket decoding reads)
//! either decodes into a message of the protocol, which encodes back to itself, or gives a
//! typed error of bounded length: never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_protocol::{ClientMessage, DecodeError, MAX_FRAME_BYTES, MAX_MOVE_CHARS, WireError};

fuzz_target!(|data: &[u8]| {
    // A WebSocket text frame is UTF-8 by definition; the socket refuses anything else.
    let Ok(text) = std::str::from_utf8(data) else { return };
    match ClientMessage::decode(text) {
        Ok(m) => {
            assert_eq!(ClientMessage::decode(&m.encode()), Ok(m.clone()));
            if let ClientMessage::Move { mv, .. } = &m {
                assert!(!mv.is_empty() && mv.chars().count() <= MAX_MOVE_CHARS);
            }
        }
        Err(e @ DecodeError::TooLarge(n)) => {
            assert!(n > MAX_FRAME_BYTES);
            assert_eq!(e.wire_error(), WireError::TooLarge);
        }
        Err(e @ DecodeError::Malformed(_)) => {
            assert_eq!(e.wire_error(), WireError::Malformed);
            assert!(e.to_string().len() <= 300);
        }
    }
});
