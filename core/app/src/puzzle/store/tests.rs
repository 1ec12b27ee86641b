use rodina_puzzles::{Attempt, AttemptId, AttemptResult, Difficulty, NewAttempt};
use rodina_rules::Variant;
use rusqlite::Connection;

use crate::error::PuzzleError;
use crate::store::{MIGRATIONS, SCHEMA_VERSION, Store};

fn attempt(ms: i64, n: u8, puzzle: &str, solved: bool, rated: bool) -> Attempt {
    let mut random = [0u8; 10];
    random[9] = n;
    Attempt::new(NewAttempt {
        id: AttemptId::new(ms, random).unwrap(),
        device: "phone, work".into(),
        puzzle: puzzle.parse().unwrap(),
        variant: Variant::JesonMor,
        started_ms: ms - 20_000,
        ended_ms: ms,
        result: if solved { AttemptResult::Solved } else { AttemptResult::Failed },
        rated,
    })
    .unwrap()
}

#[test]
fn attempts_keep_every_field_and_saving_one_twice_changes_nothing() {
    let store = Store::open_in_memory().unwrap();
    let a = attempt(1_700_000_000_000, 1, "m1", true, true);
    let b = attempt(1_700_000_100_000, 2, "m2", false, false);
    assert!(store.add_puzzle_attempt(&a).unwrap());
    assert!(store.add_puzzle_attempt(&b).unwrap());
    assert!(!store.add_puzzle_attempt(&a).unwrap(), "the same attempt again");
    let log = store.puzzle_attempts(Variant::JesonMor).unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log.get(&a.id()), Some(&a));
    assert_eq!(log.get(&b.id()), Some(&b));
    // Another game's log is its own.
    assert!(store.puzzle_attempts(Variant::Xiangqi).unwrap().is_empty());
    // Another attempt under a stored id is refused, and the stored one stays.
    let mut changed = a.fields().clone();
    changed.result = AttemptResult::Failed;
    let changed = Attempt::new(changed).unwrap();
    assert!(matches!(store.add_puzzle_attempt(&changed), Err(PuzzleError::Conflict(_))));
    assert_eq!(store.puzzle_attempts(Variant::JesonMor).unwrap().get(&a.id()), Some(&a));
}

#[test]
fn a_malformed_stored_attempt_is_a_typed_error_and_stays_as_it_is() {
    let good = attempt(1_700_000_000_000, 1, "m1", true, true);
    let id = good.id().to_string();
    let cases = [
        ("id", "'not-a-uuid'"),
        ("device", "''"),
        ("puzzle", "'m-1'"),
        ("started_ms", "'soon'"),
        ("ended_ms", "5"),
        ("result", "'won'"),
        ("rated", "2"),
        ("rated", "'yes'"),
    ];
    for (column, value) in cases {
        let store = Store::open_in_memory().unwrap();
        store.add_puzzle_attempt(&good).unwrap();
        store.conn.execute(&format!("UPDATE puzzle_attempts SET {column} = {value}"), []).unwrap();
        match store.puzzle_attempts(Variant::JesonMor) {
            Err(PuzzleError::BadAttempt { id: shown, detail }) => {
                assert!(!detail.is_empty());
                if column != "id" {
                    assert_eq!(shown, id, "{column}");
                }
            }
            other => panic!("{column} = {value}: {other:?}"),
        }
        // Only that game's log is unreadable, and nothing was changed.
        assert!(store.puzzle_attempts(Variant::Xiangqi).is_ok());
        let count: i64 =
            store.conn.query_row("SELECT count(*) FROM puzzle_attempts", [], |r| r.get(0)).unwrap();
        assert_eq!(count, 1);
    }
}

#[test]
fn attempts_of_a_game_this_version_does_not_know_are_left_alone() {
    let store = Store::open_in_memory().unwrap();
    store.add_puzzle_attempt(&attempt(1_700_000_000_000, 1, "m1", true, true)).unwrap();
    store
        .conn
        .execute(
            "INSERT INTO puzzle_attempts VALUES ('01890a5d-ac96-7fff-bfff-ffffffffffff', 'tablet',
                'shogi', 's1', 1, 2, 'solved', 1)",
            [],
        )
        .unwrap();
    for &v in Variant::ALL {
        let log = store.puzzle_attempts(v).unwrap();
        assert_eq!(log.len(), usize::from(v == Variant::JesonMor), "{v}");
    }
}

#[test]
fn the_device_id_is_made_once_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db");
    let first = Store::open(&path).unwrap().device_id().unwrap();
    assert_eq!(first.len(), 32);
    assert!(first.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    let store = Store::open(&path).unwrap();
    assert_eq!(store.device_id().unwrap(), first);
    assert_eq!(store.device_id().unwrap(), first);
    // Another device (another database) has another.
    assert_ne!(Store::open_in_memory().unwrap().device_id().unwrap(), first);
}

#[test]
fn the_difficulty_is_kept_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db");
    {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.puzzle_difficulty(Variant::Friendly).unwrap(), Difficulty::Normal);
        store.set_puzzle_difficulty(Variant::Friendly, Difficulty::Hardest).unwrap();
        store.set_puzzle_difficulty(Variant::Jieqi, Difficulty::Easier).unwrap();
        store.set_puzzle_difficulty(Variant::Jieqi, Difficulty::Easiest).unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.puzzle_difficulty(Variant::Friendly).unwrap(), Difficulty::Hardest);
    assert_eq!(store.puzzle_difficulty(Variant::Jieqi).unwrap(), Difficulty::Easiest);
    assert_eq!(store.puzzle_difficulty(Variant::Xiangqi).unwrap(), Difficulty::Normal);
    // A name a newer version wrote reads as the default.
    store.conn.execute("UPDATE puzzle_difficulty SET difficulty = 'insane'", []).unwrap();
    assert_eq!(store.puzzle_difficulty(Variant::Jieqi).unwrap(), Difficulty::Normal);
}

#[test]
fn a_version_3_database_gets_the_puzzle_tables_and_keeps_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v3.db");
    {
        let conn = Connection::open(&path).unwrap();
        for sql in &MIGRATIONS[..3] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "application_id", crate::store::APPLICATION_ID).unwrap();
        conn.pragma_update(None, "user_version", 3).unwrap();
        conn.execute(
            "INSERT INTO games (variant, start_fen, first_player, second_player, moves,
                ply_count, created_at_ms, updated_at_ms)
             VALUES ('xiangqi', ?1, 'person', 'person', 'h3e3', 1, 1000, 2000)",
            [rodina_rules::xiangqi::START_FEN],
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(store.list_games().unwrap().len(), 1);
    assert!(store.puzzle_attempts(Variant::Xiangqi).unwrap().is_empty());
    assert!(store.add_puzzle_attempt(&attempt(1_700_000_000_000, 1, "m1", true, true)).unwrap());
}
