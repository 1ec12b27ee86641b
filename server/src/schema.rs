//! The database schema as numbered migrations. Every statement is portable SQL (types
//! `TEXT` and `BIGINT`, no SQLite-only syntax), so a PostgreSQL backend runs the same list.
//!
//! A migration is applied once, in its own transaction, and recorded in
//! `schema_migrations`; a database already past the last one this server knows is refused
//! ([`crate::store::StoreError::TooNew`]) rather than misread.

/// The migrations, in order: migration `i + 1` is `MIGRATIONS[i]`, statements separated by
/// `;`. Never edit a released one: add the next.
pub const MIGRATIONS: &[&str] = &[
    // 1: accounts, sessions, invitations, games and their event log.
    "
    CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT,
        name_folded TEXT UNIQUE,
        password_hash TEXT,
        created_at_ms BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id),
        device TEXT NOT NULL,
        created_at_ms BIGINT NOT NULL
    );
    CREATE INDEX sessions_by_account ON sessions (account_id);
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        options TEXT NOT NULL,
        white_id TEXT NOT NULL REFERENCES accounts (id),
        black_id TEXT NOT NULL REFERENCES accounts (id),
        created_at_ms BIGINT NOT NULL,
        start_truth TEXT NOT NULL,
        salt TEXT,
        commitment TEXT,
        version BIGINT NOT NULL,
        plies BIGINT NOT NULL,
        status TEXT NOT NULL,
        outcome TEXT
    );
    CREATE INDEX games_by_white ON games (white_id, created_at_ms);
    CREATE INDEX games_by_black ON games (black_id, created_at_ms);
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE game_events (
        game_id TEXT NOT NULL REFERENCES games (id),
        version BIGINT NOT NULL,
        data TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        UNIQUE (game_id, version)
    );
    CREATE TABLE invitations (
        code TEXT PRIMARY KEY,
        inviter_id TEXT NOT NULL REFERENCES accounts (id),
        options TEXT NOT NULL,
        created_at_ms BIGINT NOT NULL,
        expires_at_ms BIGINT NOT NULL,
        only_for TEXT REFERENCES accounts (id),
        rematch_of TEXT REFERENCES games (id),
        game_id TEXT REFERENCES games (id),
        accepted_by TEXT REFERENCES accounts (id)
    );
    CREATE INDEX invitations_by_rematch ON invitations (rematch_of)
    ",
    // 2: synced progress (one row per item: an attempt, a course score, a setting), each
    // account's sequence, pairing codes. An attempt's id is held by one account at most.
    "
    CREATE TABLE sync_accounts (
        account_id TEXT PRIMARY KEY REFERENCES accounts (id),
        last_seq BIGINT NOT NULL
    );
    CREATE TABLE sync_items (
        account_id TEXT NOT NULL REFERENCES accounts (id),
        item_key TEXT NOT NULL,
        kind TEXT NOT NULL,
        seq BIGINT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (account_id, item_key)
    );
    CREATE INDEX sync_items_by_seq ON sync_items (account_id, seq);
    CREATE UNIQUE INDEX sync_attempt_owner ON sync_items (item_key) WHERE kind = 'attempt';
    CREATE TABLE pairings (
        code TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id),
        created_at_ms BIGINT NOT NULL,
        expires_at_ms BIGINT NOT NULL,
        claimed_at_ms BIGINT
    )
    ",
];

/// The statements of one migration.
pub fn statements(migration: &str) -> impl Iterator<Item = &str> {
    migration.split(';').map(str::trim).filter(|s| !s.is_empty())
}
