//! The online feature's storage: this device's account on each server (its id, its session
//! token and its name), in the app's one database.
//!
//! A token is the device's only key to its account: it is kept until the server revokes it
//! or the player signs out, and it never leaves the device but as the bearer of a call.

use rusqlite::{OptionalExtension, params};

use crate::error::StoreError;
use crate::store::{Store, now_ms};

/// Migration 6 of the schema: this device's account on each server it has played on.
pub(crate) const SCHEMA: &str = "CREATE TABLE online_accounts (
        server TEXT PRIMARY KEY NOT NULL,
        account TEXT NOT NULL,
        token TEXT NOT NULL,
        name TEXT,
        updated_ms INTEGER NOT NULL
    ) WITHOUT ROWID;";

/// This device's account on a server, as stored.
#[derive(Clone, PartialEq, Eq)]
pub struct StoredAccount {
    /// The account's id.
    pub account: String,
    /// The session token (sent as `Authorization: Bearer`).
    pub token: String,
    /// The account's name, once it has one.
    pub name: Option<String>,
}

impl std::fmt::Debug for StoredAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The token is a secret: it stays out of logs and test output.
        f.debug_struct("StoredAccount")
            .field("account", &self.account)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// This device's account on `server` (its base address), if it has one.
    pub fn online_account(&self, server: &str) -> Result<Option<StoredAccount>, StoreError> {
        self.conn
            .query_row(
                "SELECT account, token, name FROM online_accounts WHERE server = ?1",
                [server],
                |r| Ok(StoredAccount { account: r.get(0)?, token: r.get(1)?, name: r.get(2)? }),
            )
            .optional()
            .map_err(|e| self.err(e))
    }

    /// Keeps `account` as this device's account on `server`, replacing any other.
    pub fn set_online_account(
        &self,
        server: &str,
        account: &StoredAccount,
    ) -> Result<(), StoreError> {
        self.conn
            .execute(
                "INSERT INTO online_accounts (server, account, token, name, updated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (server) DO UPDATE SET account = excluded.account,
                    token = excluded.token, name = excluded.name,
                    updated_ms = excluded.updated_ms",
                params![server, account.account, account.token, account.name, now_ms()],
            )
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Forgets this device's account on `server` (signed out); returns whether it had one.
    pub fn forget_online_account(&self, server: &str) -> Result<bool, StoreError> {
        let n = self
            .conn
            .execute("DELETE FROM online_accounts WHERE server = ?1", [server])
            .map_err(|e| self.err(e))?;
        Ok(n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_is_kept_per_server_replaced_and_forgotten() {
        let store = Store::open_in_memory().expect("store");
        let server = "https://play.example";
        assert_eq!(store.online_account(server).expect("read"), None);
        let anon = StoredAccount { account: "a1".into(), token: "t1".into(), name: None };
        store.set_online_account(server, &anon).expect("write");
        store.set_online_account("http://127.0.0.1:9", &anon).expect("write");
        assert_eq!(store.online_account(server).expect("read"), Some(anon.clone()));
        let named =
            StoredAccount { account: "a2".into(), token: "t2".into(), name: Some("ann".into()) };
        store.set_online_account(server, &named).expect("write");
        assert_eq!(store.online_account(server).expect("read"), Some(named));
        assert!(store.forget_online_account(server).expect("forget"));
        assert!(!store.forget_online_account(server).expect("forget"));
        assert_eq!(store.online_account(server).expect("read"), None);
        // The other server's account is its own.
        assert_eq!(store.online_account("http://127.0.0.1:9").expect("read"), Some(anon.clone()));
        assert!(!format!("{anon:?}").contains("t1"), "the token stays out of Debug");
    }

    #[test]
    fn the_account_survives_reopening_the_file() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("app.db");
        let account = StoredAccount { account: "a".into(), token: "tok".into(), name: None };
        Store::open(&path).expect("open").set_online_account("s", &account).expect("write");
        assert_eq!(
            Store::open(&path).expect("reopen").online_account("s").expect("read"),
            Some(account)
        );
    }
}
