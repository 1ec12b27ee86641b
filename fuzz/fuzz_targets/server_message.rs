//! Any text a client receives on a game's socket (what the app's socket decoding reads)
//! either decodes into a message of the protocol, which encodes back to itself, or gives a
//! typed error: never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_protocol::ServerMessage;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(m) = ServerMessage::decode(text) {
        assert_eq!(ServerMessage::decode(&m.encode()), Ok(m.clone()));
    }
});
