use std::fs;
use std::path::Path;

use rodina_rules::{Color, DrawReason, Outcome, Variant, WinReason};

use super::*;
use crate::{NewGame, Session};

fn record(moves: &[&str]) -> GameRecord {
    GameRecord {
        variant: Variant::Xiangqi,
        start_fen: rodina_rules::xiangqi::START_FEN.to_owned(),
        handicap: None,
        rule_set: None,
        first: Player::Person,
        second: Player::Bot { level: "novice".into() },
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        declared: None,
        bot_seed: 0xDEAD_BEEF_0123_4567,
    }
}

#[test]
fn a_new_database_gets_the_current_schema_and_is_marked_as_rodina() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db");
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(store.path(), path);
    drop(store);
    let conn = Connection::open(&path).unwrap();
    let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
    assert_eq!(id, APPLICATION_ID);
    // Opening again migrates nothing and keeps what was saved.
    drop(conn);
    let store = Store::open(&path).unwrap();
    let id = store.save_game(None, &record(&["h3e3"]), None).unwrap();
    drop(store);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.load_game(id).unwrap().moves, ["h3e3"]);
}

#[test]
fn games_are_saved_updated_listed_and_deleted() {
    let store = Store::open_in_memory().unwrap();
    let a = store.save_game(None, &record(&["h3e3", "h10g8"]), None).unwrap();
    let mut resigned = record(&["b1c3"]);
    let ending = Outcome::Win { winner: Color::Black, reason: WinReason::Resignation };
    resigned.declared = Some(ending);
    let b = store.save_game(None, &resigned, Some(ending)).unwrap();
    assert_ne!(a, b);
    assert_eq!(store.load_game(b).unwrap(), resigned);

    // Updating a moves it to the top of the list.
    std::thread::sleep(std::time::Duration::from_millis(2));
    assert_eq!(store.save_game(Some(a), &record(&["h3e3", "h10g8", "h1g3"]), None).unwrap(), a);
    let list = store.list_games().unwrap();
    assert_eq!(list.iter().map(|g| g.id).collect::<Vec<_>>(), [a, b]);
    assert_eq!((list[0].ply_count, list[0].outcome), (3, None));
    assert_eq!((list[1].ply_count, list[1].outcome), (1, Some(ending)));
    assert_eq!(list[1].second, Player::Bot { level: "novice".into() });
    assert!(list[0].updated_at_ms >= list[0].created_at_ms);

    assert!(store.delete_game(a).unwrap());
    assert!(!store.delete_game(a).unwrap());
    assert!(matches!(store.load_game(a), Err(StoreError::NotFound { id }) if id == a));
    assert!(matches!(
        store.save_game(Some(a), &record(&[]), None),
        Err(StoreError::NotFound { .. })
    ));
    assert_eq!(store.list_games().unwrap().len(), 1);
}

#[test]
fn every_outcome_survives_its_stored_form() {
    for reason in WinReason::ALL {
        for winner in Color::ALL {
            let o = Outcome::Win { winner, reason };
            assert_eq!(parse_outcome(&o.to_string()), Some(o));
        }
    }
    for reason in DrawReason::ALL {
        let o = Outcome::Draw { reason };
        assert_eq!(parse_outcome(&o.to_string()), Some(o));
    }
    // The form databases written by earlier versions hold.
    let resigned = Outcome::Win { winner: Color::Black, reason: WinReason::Resignation };
    assert_eq!(parse_outcome("win second resignation"), Some(resigned));
    assert_eq!(
        parse_outcome("draw fifty_moves"),
        Some(Outcome::Draw { reason: DrawReason::FiftyMoves })
    );
    assert_eq!(parse_outcome("win third checkmate"), None);
    assert_eq!(parse_outcome("draw boredom"), None);
}

#[test]
fn a_session_is_saved_resumed_and_saved_again_under_the_same_id() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let mut s = Session::new(NewGame::pass_and_play(Variant::Xiangqi)).unwrap();
    s.play("h3e3").unwrap();
    let store = Store::open(&path).unwrap();
    let id = s.save(&store).unwrap();
    assert_eq!(s.saved_id(), Some(id));
    drop(store);

    let store = Store::open(&path).unwrap();
    let mut back = Session::resume(&store, id).unwrap();
    assert_eq!((back.saved_id(), back.fen()), (Some(id), s.fen()));
    back.play("h10g8").unwrap();
    assert_eq!(back.save(&store).unwrap(), id);
    assert_eq!(store.list_games().unwrap().len(), 1);
    assert_eq!(store.load_game(id).unwrap().moves, ["h3e3", "h10g8"]);
    assert!(matches!(Session::resume(&store, id + 1), Err(StoreError::NotFound { .. })));
}

#[test]
fn a_saved_game_that_cannot_be_read_is_reported_and_left_out_of_the_list() {
    let store = Store::open_in_memory().unwrap();
    let good = store.save_game(None, &record(&[]), None).unwrap();
    let bad_moves = store.save_game(None, &record(&["h3e3", "e3e3"]), None).unwrap();
    let bad_variant = store.save_game(None, &record(&[]), None).unwrap();
    store.conn.execute("UPDATE games SET variant = 'go' WHERE id = ?1", [bad_variant]).unwrap();

    let err = Session::resume(&store, bad_moves).unwrap_err();
    assert!(matches!(err, StoreError::BadRecord { id, .. } if id == bad_moves));
    assert!(
        err.to_string().starts_with(&format!("saved game {bad_moves} cannot be read: ")),
        "{err}"
    );
    let err = store.load_game(bad_variant).unwrap_err();
    let expected = format!("saved game {bad_variant} cannot be read: unknown game \"go\" (known: ");
    assert!(err.to_string().starts_with(&expected), "{err}");
    let ids: Vec<i64> = store.list_games().unwrap().iter().map(|g| g.id).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&good) && ids.contains(&bad_moves));
}

#[test]
fn a_file_that_is_not_a_database_is_reported_as_damaged_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db");
    let junk = b"this is not a database, just some text that happens to be here".repeat(100);
    fs::write(&path, &junk).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Damaged { .. }), "{err:?}");
    assert!(err.to_string().contains("is damaged or is not a database"), "{err}");
    assert_eq!(fs::read(&path).unwrap(), junk);
}

#[test]
fn a_truncated_database_is_reported_as_damaged_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db");
    {
        let store = Store::open(&path).unwrap();
        let long: Vec<&str> = ["h3e3", "h10g8", "e3h3", "g8h10"].repeat(200);
        for _ in 0..20 {
            store.save_game(None, &record(&long), None).unwrap();
        }
    }
    let full = fs::read(&path).unwrap();
    assert!(full.len() > 8 * 4096, "the test needs a database of several pages");
    let cut = &full[..full.len() / 2];
    fs::write(&path, cut).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Damaged { .. }), "{err:?}");
    assert_eq!(fs::read(&path).unwrap(), cut);
}

#[test]
fn another_programs_database_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.db");
    Connection::open(&path).unwrap().execute_batch("CREATE TABLE notes (text TEXT);").unwrap();
    let before = fs::read(&path).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    assert_eq!(fs::read(&path).unwrap(), before);
}

#[test]
fn a_database_from_a_newer_version_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db");
    drop(Store::open(&path).unwrap());
    let conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1).unwrap();
    drop(conn);
    let before = fs::read(&path).unwrap();
    let err = Store::open(&path).unwrap_err();
    assert!(
        matches!(err, StoreError::TooNew { found, supported, .. } if found == SCHEMA_VERSION + 1 && supported == SCHEMA_VERSION),
        "{err:?}"
    );
    assert!(err.to_string().contains("update the app"), "{err}");
    assert_eq!(fs::read(&path).unwrap(), before);
}

#[test]
fn a_database_in_a_missing_folder_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-folder").join("rodina.db");
    let err = Store::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::Sqlite { .. }), "{err:?}");
    assert!(err.to_string().contains("no-such-folder"), "{err}");
}

#[test]
fn settings_have_defaults_and_round_trip() {
    let mut store = Store::open_in_memory().unwrap();
    assert_eq!(store.settings().unwrap(), Settings::default());
    let s = Settings {
        show_legal_targets: false,
        show_last_move: false,
        rotate_board: true,
        piece_style: PieceStyle::Letters,
        language: Some(crate::text::Language::Slovak),
    };
    store.set_settings(&s).unwrap();
    assert_eq!(store.settings().unwrap(), s);
    // Values this version does not know fall back to the default; other keys are ignored.
    store
        .conn
        .execute_batch(
            "UPDATE settings SET value = 'sideways' WHERE key = 'rotate_board';
         INSERT INTO settings VALUES ('sound', 'on');",
        )
        .unwrap();
    assert_eq!(store.settings().unwrap(), Settings { rotate_board: false, ..s });
}

#[test]
fn a_draw_is_listed_with_its_reason() {
    let store = Store::open_in_memory().unwrap();
    let draw = Outcome::Draw { reason: DrawReason::Agreement };
    let mut r = record(&[]);
    r.declared = Some(draw);
    let id = store.save_game(None, &r, Some(draw)).unwrap();
    assert_eq!(store.list_games().unwrap()[0].outcome, Some(draw));
    assert_eq!(store.load_game(id).unwrap().declared, Some(draw));
}

#[test]
fn a_path_sqlite_cannot_take_is_an_error_not_a_panic() {
    let err = Store::open("rodina\0.db").unwrap_err();
    assert!(matches!(err, StoreError::Sqlite { .. }), "{err:?}");
}

/// A database as version 1 of the schema left it, with one game against a bot.
/// A database as version 1 wrote it, with `games` copies of one game; returns the first id.
fn version_1_database(path: &Path, games: usize) -> i64 {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch(MIGRATIONS[0]).unwrap();
    conn.pragma_update(None, "application_id", APPLICATION_ID).unwrap();
    conn.pragma_update(None, "user_version", 1).unwrap();
    let mut first = None;
    for _ in 0..games {
        conn.execute(
            "INSERT INTO games (variant, start_fen, handicap, first_player, second_player, moves,
                ply_count, declared, outcome, created_at_ms, updated_at_ms)
             VALUES ('xiangqi', ?1, NULL, 'person', 'bot:casual', 'h3e3 h10g8 h1g3', 3, NULL,
                NULL, 1000, 2000)",
            [rodina_rules::xiangqi::START_FEN],
        )
        .unwrap();
        first.get_or_insert(conn.last_insert_rowid());
    }
    first.unwrap()
}

#[test]
fn a_version_1_database_is_upgraded_and_its_games_get_a_seed_that_stays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let id = version_1_database(&path, 1);

    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 8);
    let record = store.load_game(id).unwrap();
    assert_eq!(record.moves, ["h3e3", "h10g8", "h1g3"]);
    assert_eq!(record.rule_set, None, "games saved before rule sets have none");
    assert_eq!(record.second, Player::Bot { level: "casual".into() });
    let listed = store.list_games().unwrap();
    assert_eq!((listed.len(), listed[0].created_at_ms, listed[0].ply_count), (1, 1000, 3));
    drop(store);
    // The migration draws a seed per game: two old games do not share their bots' choices.
    let other = dir.path().join("two.db");
    let first = version_1_database(&other, 2);
    let two = Store::open(&other).unwrap();
    let seeds = [first, first + 1].map(|id| two.load_game(id).unwrap().bot_seed);
    assert_ne!(seeds[0], seeds[1], "{seeds:?}");

    // The seed drawn by the migration is kept: the game's bot plays the same move whenever
    // the game is resumed.
    let store = Store::open(&path).unwrap();
    assert_eq!(store.load_game(id).unwrap().bot_seed, record.bot_seed);
    let mut a = Session::resume(&store, id).unwrap();
    let mut b = Session::resume(&store, id).unwrap();
    assert_eq!(a.bot_seed(), record.bot_seed);
    let moved = a.play_bot_move().unwrap().expect("the bot is to move");
    assert_eq!(b.play_bot_move().unwrap(), Some(moved));
    a.save(&store).unwrap();
    let saved = store.load_game(id).unwrap();
    assert_eq!((saved.moves.len(), saved.bot_seed), (4, record.bot_seed));
}

#[test]
fn every_seed_survives_the_database() {
    let store = Store::open_in_memory().unwrap();
    for seed in [0, 1, u64::MAX, 1 << 63, (1 << 63) - 1] {
        let id =
            store.save_game(None, &GameRecord { bot_seed: seed, ..record(&[]) }, None).unwrap();
        assert_eq!(store.load_game(id).unwrap().bot_seed, seed);
        let updated = GameRecord { bot_seed: !seed, ..record(&["h3e3"]) };
        store.save_game(Some(id), &updated, None).unwrap();
        assert_eq!(store.load_game(id).unwrap().bot_seed, !seed);
    }
}

#[test]
fn a_database_that_cannot_be_opened_is_set_aside_whole_and_a_new_one_starts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db");
    let junk = b"not a database".repeat(300);
    fs::write(&path, &junk).unwrap();
    assert!(matches!(Store::open(&path), Err(StoreError::Damaged { .. })));
    // A journal left beside it goes with it.
    fs::write(dir.path().join("rodina.db-wal"), b"journal").unwrap();
    let kept = Store::set_aside(&path, "damaged").unwrap().expect("the file was there");
    // Nothing is lost: the file and its journal sit beside, under a name that says why.
    assert_eq!(fs::read(&kept).unwrap(), junk);
    let name = kept.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("rodina.db.damaged-"), "{name}");
    assert_eq!(fs::read(kept.with_file_name(format!("{name}-wal"))).unwrap(), b"journal");
    assert!(!path.exists() && !dir.path().join("rodina.db-wal").exists());
    // A new database opens where the old one was.
    let store = Store::open(&path).unwrap();
    assert!(store.list_games().unwrap().is_empty());
    drop(store);
    // Nothing to set aside: nothing happens.
    assert_eq!(Store::set_aside(dir.path().join("none.db"), "damaged").unwrap(), None);
}

#[test]
fn the_language_setting_follows_the_system_unless_chosen() {
    let mut store = Store::open_in_memory().unwrap();
    let s = store.settings().unwrap();
    assert_eq!(s.language, None);
    assert_eq!(s.language_for("sk-SK"), crate::text::Language::Slovak);
    assert_eq!(s.language_for("en-US"), crate::text::Language::English);
    let chosen = Settings { language: Some(crate::text::Language::English), ..s };
    store.set_settings(&chosen).unwrap();
    assert_eq!(store.settings().unwrap().language_for("sk-SK"), crate::text::Language::English);
    store.set_settings(&Settings { language: None, ..chosen }).unwrap();
    assert_eq!(store.settings().unwrap().language, None);
}
