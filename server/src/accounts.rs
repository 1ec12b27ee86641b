//! Accounts and sessions: an anonymous account on a device's first contact, a name and a
//! password to sign in elsewhere, session tokens (stored only as hashes) and their
//! revocation, and the rate limits on account creation and sign-in.

use std::sync::OnceLock;
use std::time::Instant;

use argon2::password_hash::{PasswordHash, SaltString};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::{Json, Router, routing};
use rodina_protocol::{
    AccountId, ApiErrorCode, Credentials, Me, NewAccount, PASSWORD_MAX, PASSWORD_MIN, SetName,
    SignIn,
};

use crate::http::{Caller, ClientAddr, JsonBody, Problem, new_token, random_bytes, token_hash};
use crate::store::{AccountRow, SessionRow, StoreError};
use crate::{AppState, now_ms};

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/accounts", routing::post(create_account))
        .route("/v1/me", routing::get(me))
        .route("/v1/me/name", routing::put(set_name))
        .route("/v1/sessions", routing::post(sign_in).delete(revoke_all))
        .route("/v1/sessions/current", routing::delete(revoke_current))
}

/// The longest device name kept.
const DEVICE_MAX_CHARS: usize = 64;

fn device_name(device: &str) -> String {
    device.chars().filter(|c| !c.is_control()).take(DEVICE_MAX_CHARS).collect()
}

/// A new session of `account` for `device`: its token (shown once) and its row.
pub(crate) fn session(account: &AccountId, device: &str) -> Result<(String, SessionRow), Problem> {
    let token = new_token()?;
    let row = SessionRow {
        token_hash: token_hash(&token),
        account: account.clone(),
        device: device_name(device),
        created_at_ms: now_ms(),
    };
    Ok((token, row))
}

/// `POST /v1/accounts`: a new anonymous account and its first token (201).
async fn create_account(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    body: JsonBody<NewAccount>,
) -> Result<impl IntoResponse, Problem> {
    state
        .limits
        .account_creation
        .check(&addr.to_string(), Instant::now())
        .map_err(Problem::rate_limited)?;
    let body = body.or_default();
    // A fresh id collides with an old one with odds of 2^-100; one retry covers it anyway.
    for _ in 0..2 {
        let account = AccountRow {
            id: AccountId::from_random(random_bytes()?),
            name: None,
            password_hash: None,
            created_at_ms: now_ms(),
        };
        let (token, row) = session(&account.id, &body.device)?;
        let stored = account.clone();
        match state.db.run(move |s| s.create_account(&stored, &row)).await {
            Ok(()) => {
                let credentials = Credentials { account: account.id, token };
                return Ok((StatusCode::CREATED, Json(credentials)));
            }
            Err(StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(Problem::new(ApiErrorCode::Internal, "could not make a new account id"))
}

/// `GET /v1/me`.
async fn me(State(state): State<AppState>, caller: Caller) -> Result<Json<Me>, Problem> {
    let id = caller.account.clone();
    let row = state.db.run(move |s| s.account(&id)).await?;
    let row = row.ok_or_else(|| Problem::new(ApiErrorCode::Unauthorized, "no such account"))?;
    Ok(Json(Me { account: row.id, name: row.name }))
}

fn check_password(password: &str) -> Result<(), Problem> {
    if password.chars().count() < PASSWORD_MIN || password.len() > PASSWORD_MAX {
        return Err(Problem::new(
            ApiErrorCode::BadRequest,
            format!(
                "a password has {PASSWORD_MIN} characters or more, {PASSWORD_MAX} bytes at most"
            ),
        ));
    }
    Ok(())
}

/// Argon2id with the argon2 crate's recommended parameters (19 MiB, 2 passes, 1 lane), on
/// the blocking pool: it takes tens of milliseconds on purpose.
async fn hash_password(password: String) -> Result<String, Problem> {
    let salt = random_bytes::<16>()?;
    let hashed = tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    })
    .await;
    match hashed {
        Ok(Ok(h)) => Ok(h),
        Ok(Err(e)) => {
            tracing::error!("hashing a password failed: {e}");
            Err(Problem::new(ApiErrorCode::Internal, "could not hash the password"))
        }
        Err(_) => Err(Problem::new(ApiErrorCode::Internal, "could not hash the password")),
    }
}

/// A hash to check a password against when the name is unknown, so that an unknown name
/// takes as long to refuse as a wrong password (the answer's time tells nothing).
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        let Ok(salt) = SaltString::encode_b64(b"rodina-decoy-salt") else { return String::new() };
        Argon2::default()
            .hash_password(b"decoy password", &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

/// Whether `password` matches the stored hash (false for a damaged hash), on the blocking
/// pool.
async fn verify_password(password: String, hash: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let hash = hash.unwrap_or_else(|| decoy_hash().to_owned());
        let matches = PasswordHash::new(&hash)
            .is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok());
        matches && hash != decoy_hash()
    })
    .await
    .unwrap_or(false)
}

/// `PUT /v1/me/name`: sets or changes the name and password; answers with [`Me`].
async fn set_name(
    State(state): State<AppState>,
    caller: Caller,
    body: JsonBody<SetName>,
) -> Result<Json<Me>, Problem> {
    let body = body.required()?;
    check_password(&body.password)?;
    let id = caller.account.clone();
    let row = state.db.run(move |s| s.account(&id)).await?;
    let row = row.ok_or_else(|| Problem::new(ApiErrorCode::Unauthorized, "no such account"))?;
    if let Some(stored) = row.password_hash.clone() {
        // Checking the current password is a guess at it: limited like a sign-in.
        state
            .limits
            .sign_in_per_name
            .check(row.id.as_str(), Instant::now())
            .map_err(Problem::rate_limited)?;
        let current = body.current_password.clone().unwrap_or_default();
        if !verify_password(current, Some(stored)).await {
            return Err(Problem::new(ApiErrorCode::WrongPassword, "the current password is wrong"));
        }
    }
    let hash = hash_password(body.password).await?;
    let (id, name) = (row.id.clone(), body.name.clone());
    match state.db.run(move |s| s.set_name(&id, &name, &hash)).await {
        Ok(()) => Ok(Json(Me { account: row.id, name: Some(body.name) })),
        Err(StoreError::Conflict) => {
            Err(Problem::new(ApiErrorCode::NameTaken, "another account has this name"))
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /v1/sessions`: signs in with a name and password; a new token (201).
async fn sign_in(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    body: JsonBody<SignIn>,
) -> Result<impl IntoResponse, Problem> {
    let body = body.required()?;
    let now = Instant::now();
    state
        .limits
        .sign_in_per_address
        .check(&addr.to_string(), now)
        .map_err(Problem::rate_limited)?;
    state
        .limits
        .sign_in_per_name
        .check(&format!("name:{}", body.name.folded()), now)
        .map_err(Problem::rate_limited)?;
    let name = body.name.clone();
    let row = state.db.run(move |s| s.account_by_name(&name)).await?;
    let hash = row.as_ref().and_then(|r| r.password_hash.clone());
    let password = body.password.clone();
    if !verify_password(password, hash).await {
        return Err(Problem::new(ApiErrorCode::WrongPassword, "wrong name or password"));
    }
    let Some(row) = row else {
        return Err(Problem::new(ApiErrorCode::WrongPassword, "wrong name or password"));
    };
    let (token, session) = session(&row.id, &body.device)?;
    state.db.run(move |s| s.add_session(&session)).await?;
    if let Some(old) = body.merge_token {
        merge_anonymous(&state, &old, &row.id).await?;
    }
    Ok((StatusCode::CREATED, Json(Credentials { account: row.id, token })))
}

/// Moves the synced progress of the anonymous account that `old_token` signs in into
/// `into`, and ends that session: the device that held it plays as `into` from now on. A
/// token that signs in nothing, a named account (it has a name to sign in with, and its
/// progress stays its own) or `into` itself moves nothing.
pub(crate) async fn merge_anonymous(
    state: &AppState,
    old_token: &str,
    into: &AccountId,
) -> Result<(), Problem> {
    let hash = token_hash(old_token);
    let key = hash.clone();
    let Some(from) = state.db.run(move |s| s.session_account(&key)).await? else {
        return Ok(());
    };
    let id = from.clone();
    let row = state.db.run(move |s| s.account(&id)).await?;
    if from == *into || row.is_none_or(|r| r.name.is_some()) {
        return Ok(());
    }
    let to = into.clone();
    let moved = state.db.run(move |s| s.merge_progress(&from, &to)).await?;
    tracing::info!("merged {moved} synced items of an anonymous account on sign-in");
    state.db.run(move |s| s.delete_session(&hash)).await?;
    Ok(())
}

/// `DELETE /v1/sessions/current`: revokes the token of this request (204).
async fn revoke_current(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<StatusCode, Problem> {
    state.db.run(move |s| s.delete_session(&caller.token_hash)).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /v1/sessions`: revokes every token of the account, this one included (204).
async fn revoke_all(State(state): State<AppState>, caller: Caller) -> Result<StatusCode, Problem> {
    state.db.run(move |s| s.delete_sessions(&caller.account)).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_hash_with_argon2id_and_verify() {
        let hash = hash_password("correct horse".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(verify_password("correct horse".into(), Some(hash.clone())).await);
        assert!(!verify_password("wrong horse".into(), Some(hash)).await);
        assert!(!verify_password("anything".into(), None).await);
        assert!(!verify_password("decoy password".into(), None).await);
        assert!(!verify_password("x".into(), Some("not a hash".into())).await);
    }

    #[test]
    fn passwords_and_device_names_are_bounded() {
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"x".repeat(PASSWORD_MAX + 1)).is_err());
        assert_eq!(device_name(&"ab\n".repeat(100)).chars().count(), DEVICE_MAX_CHARS);
        assert!(!device_name("a\u{7}b").contains('\u{7}'));
    }
}
