//! Progress sync (`/v1/sync`): devices push the changes in their outboxes and pull what the
//! account's other devices pushed, and the server replays the account's attempts with the
//! same code the devices run (`GET /v1/sync/progress`). Also the pairing codes that sign a
//! second device in to an account.
//!
//! A push is checked whole before anything is written ([`check`]: every name exists, no
//! time is from the future, no item comes twice), then merged whole in one transaction
//! ([`merge`] decides each item: a union of attempts, the best course score, the latest
//! setting), so a refused push changes nothing and a repeated one changes nothing more.

use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::Instant;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::{Json, Router, routing};
use rodina_learn::{Course, ExerciseId, Score};
use rodina_protocol::hlc::MAX_DRIFT_MS;
use rodina_protocol::{
    ApiErrorCode, AttemptChange, Change, ClaimPairing, Credentials, GameStanding, MAX_PULL_CHANGES,
    MAX_PUSH_CHANGES, MAX_SETTING_BYTES, PAIRING_LIFETIME_MS, Pairing, PairingCode, Pulled, Push,
    Pushed, SYNCED_SETTINGS, Standings,
};
use rodina_puzzles::{Attempt, AttemptLog, AttemptResult, Bank, NewAttempt, PuzzleId};
use rodina_rules::Variant;
use serde::Deserialize;

use crate::http::{Caller, ClientAddr, JsonBody, Problem, random_bytes};
use crate::store::{PairingRow, PushOutcome, Refusal};
use crate::{AppState, now_ms};

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/sync", routing::get(pull))
        .route("/v1/sync/push", routing::post(push))
        .route("/v1/sync/progress", routing::get(progress))
        .route("/v1/pairings", routing::post(create_pairing))
        .route("/v1/pairings/{code}", routing::post(claim_pairing))
}

/// What each game has embedded (`load`), read once by the caller's static; a game whose
/// data does not read is left out and logged, and its items are then unknown.
fn every_game<T, E: std::fmt::Display>(what: &str, load: fn(Variant) -> Result<T, E>) -> Vec<T> {
    Variant::ALL
        .iter()
        .filter_map(|v| {
            load(*v).map_err(|e| tracing::error!("the {} {what} does not read: {e}", v.name())).ok()
        })
        .collect()
}

/// The embedded puzzle banks.
fn banks() -> &'static [Bank] {
    static BANKS: OnceLock<Vec<Bank>> = OnceLock::new();
    BANKS.get_or_init(|| every_game("puzzle bank", Bank::embedded))
}

/// The embedded courses.
fn courses() -> &'static [Course] {
    static COURSES: OnceLock<Vec<Course>> = OnceLock::new();
    COURSES.get_or_init(|| every_game("course", Course::embedded))
}

/// An attempt of the wire as the puzzles' own type, with every check it has.
pub fn attempt_of(change: &AttemptChange) -> Result<Attempt, Problem> {
    let bad = |detail: String| Problem::new(ApiErrorCode::BadRequest, detail);
    let variant: Variant = change.game.parse().map_err(|_| {
        Problem::new(ApiErrorCode::UnknownItem, format!("no game {:?}", short(&change.game)))
    })?;
    let id = change.id.parse().map_err(|e| bad(format!("{e}")))?;
    let puzzle: PuzzleId = change
        .puzzle
        .parse()
        .map_err(|e| Problem::new(ApiErrorCode::UnknownItem, format!("no such puzzle: {e}")))?;
    Attempt::new(NewAttempt {
        id,
        device: change.device.clone(),
        puzzle,
        variant,
        started_ms: change.started_ms,
        ended_ms: change.ended_ms,
        result: if change.solved { AttemptResult::Solved } else { AttemptResult::Failed },
        rated: change.rated,
    })
    .map_err(|e| bad(e.to_string()))
}

fn short(text: &str) -> String {
    text.chars().take(40).collect()
}

/// Checks one change on its own, against the banks, the courses and the server's clock.
pub fn check(change: &Change, now_ms: u64) -> Result<(), Problem> {
    let future = |ms: u64| {
        (ms > now_ms.saturating_add(MAX_DRIFT_MS)).then(|| {
            Problem::new(ApiErrorCode::FromTheFuture, format!("{ms} is more than a day ahead"))
        })
    };
    match change {
        Change::Attempt(a) => {
            let attempt = attempt_of(a)?;
            let known = banks()
                .iter()
                .filter(|b| b.variant() == Some(attempt.variant()))
                .any(|b| b.get(attempt.puzzle()).is_some());
            if !known {
                return Err(Problem::new(
                    ApiErrorCode::UnknownItem,
                    format!("no {} puzzle {:?}", a.game, short(&a.puzzle)),
                ));
            }
            let latest = u64::try_from(attempt.ended_ms().max(attempt.started_ms())).unwrap_or(0);
            future(latest).map_or(Ok(()), Err)
        }
        Change::CourseScore(c) => {
            let id: ExerciseId = c.exercise.parse().map_err(|_| {
                Problem::new(
                    ApiErrorCode::UnknownItem,
                    format!("no exercise {:?}", short(&c.exercise)),
                )
            })?;
            let known = courses()
                .iter()
                .any(|course| course.exercise(&id.name).is_some_and(|e| e.id == id));
            if !known {
                return Err(Problem::new(
                    ApiErrorCode::UnknownItem,
                    format!("no exercise {:?}", short(&c.exercise)),
                ));
            }
            if Score::from_parts(c.points, c.best).is_none() {
                return Err(Problem::new(
                    ApiErrorCode::BadRequest,
                    format!("{} points of a best of {} is no score", c.points, c.best),
                ));
            }
            Ok(())
        }
        Change::Setting(s) => {
            if !SYNCED_SETTINGS.contains(&s.key.as_str()) {
                return Err(Problem::new(
                    ApiErrorCode::UnknownItem,
                    format!("no synced setting {:?}", short(&s.key)),
                ));
            }
            if s.value.is_empty()
                || s.value.len() > MAX_SETTING_BYTES
                || s.value.chars().any(char::is_control)
            {
                return Err(Problem::new(
                    ApiErrorCode::BadRequest,
                    "a setting's value is 1 to 64 bytes of text",
                ));
            }
            future(s.stamp.wall_ms()).map_or(Ok(()), Err)
        }
    }
}

/// How an incoming change meets the item the account holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    /// The change becomes the item (new, or better than what was held).
    Write,
    /// The item stays as it is (the same, or better than the change).
    Keep,
    /// The change contradicts the item: an attempt with the same id and other contents.
    Contradicts,
}

/// The merge rule of each kind of item: attempts never change (the same id must carry the
/// same attempt), a course score keeps the most points (then the highest best, so that
/// every order of merging ends alike), a setting keeps the latest stamp.
pub fn merge(incoming: &Change, held: Option<&Change>) -> Merge {
    let Some(held) = held else { return Merge::Write };
    match (incoming, held) {
        (Change::Attempt(a), Change::Attempt(b)) => {
            if a == b {
                Merge::Keep
            } else {
                Merge::Contradicts
            }
        }
        (Change::CourseScore(a), Change::CourseScore(b)) => {
            if (a.points, a.best) > (b.points, b.best) { Merge::Write } else { Merge::Keep }
        }
        (Change::Setting(a), Change::Setting(b)) => {
            if a.stamp > b.stamp {
                Merge::Write
            } else {
                Merge::Keep
            }
        }
        // One key never names items of two kinds (the key starts with the kind).
        _ => Merge::Contradicts,
    }
}

/// `POST /v1/sync/push`.
async fn push(
    State(state): State<AppState>,
    caller: Caller,
    body: JsonBody<Push>,
) -> Result<Json<Pushed>, Problem> {
    limit(&state, &caller)?;
    let body = body.required()?;
    if body.changes.len() > MAX_PUSH_CHANGES {
        return Err(Problem::new(
            ApiErrorCode::TooLarge,
            format!("a push carries at most {MAX_PUSH_CHANGES} changes"),
        ));
    }
    let now = now_ms();
    let mut keys = HashSet::with_capacity(body.changes.len());
    for (i, change) in body.changes.iter().enumerate() {
        check(change, now).map_err(|p| p.at(i))?;
        if !keys.insert(change.key()) {
            return Err(Problem::new(ApiErrorCode::Duplicate, "one item twice in a push").at(i));
        }
    }
    let account = caller.account.clone();
    let outcome = state.db.run(move |s| s.push_changes(&account, &body.changes)).await?;
    match outcome {
        PushOutcome::Applied(pushed) => Ok(Json(pushed)),
        PushOutcome::Refused { index, refusal: Refusal::Foreign } => {
            Err(Problem::new(ApiErrorCode::Foreign, "another account holds this attempt").at(index))
        }
        PushOutcome::Refused { index, refusal: Refusal::Contradicts } => Err(Problem::new(
            ApiErrorCode::Duplicate,
            "the account holds this attempt with other contents",
        )
        .at(index)),
    }
}

/// The query of `GET /v1/sync`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PullQuery {
    #[serde(default)]
    since: u64,
    #[serde(default)]
    limit: Option<u32>,
}

/// `GET /v1/sync?since=N&limit=L`.
async fn pull(
    State(state): State<AppState>,
    caller: Caller,
    query: Result<Query<PullQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Pulled>, Problem> {
    limit(&state, &caller)?;
    let Query(query) = query.map_err(|e| {
        Problem::new(ApiErrorCode::BadRequest, format!("since and limit are numbers: {e}"))
    })?;
    let most = query.limit.map_or(MAX_PULL_CHANGES, |l| usize::try_from(l).unwrap_or(0));
    let most = most.clamp(1, MAX_PULL_CHANGES);
    let account = caller.account.clone();
    let (changes, more) =
        state.db.run(move |s| s.pull_changes(&account, query.since, most)).await?;
    let cursor = changes.last().map_or(query.since, |c| c.seq);
    Ok(Json(Pulled { changes, cursor, more }))
}

/// The attempts held, as one log (an attempt that no longer reads is left out and logged:
/// it was checked when it came in).
fn log_of(attempts: &[AttemptChange]) -> AttemptLog {
    let mut log = AttemptLog::new();
    for a in attempts {
        match attempt_of(a) {
            Ok(attempt) => {
                if let Err(e) = log.insert(attempt) {
                    tracing::error!("a held attempt conflicts: {e}");
                }
            }
            Err(p) => tracing::error!("a held attempt does not read: {p:?}"),
        }
    }
    log
}

/// The account's standings from a replay of its attempts: the same replay a device runs.
pub fn standings(attempts: &[AttemptChange], seq: u64) -> Standings {
    let banks: Vec<&Bank> = banks().iter().collect();
    let progress = log_of(attempts).replay(&banks);
    let games = progress
        .games()
        .map(|(variant, g)| GameStanding {
            game: variant.name().to_owned(),
            rating: g.rating.rating,
            deviation: g.rating.deviation,
            volatility: g.rating.volatility,
            attempts: g.attempts as u64,
            rated: g.rated as u64,
            solved: g.solved.len() as u64,
            streak: g.streak as u64,
            best_streak: g.best_streak as u64,
        })
        .collect();
    Standings { games, seq }
}

/// `GET /v1/sync/progress`.
async fn progress(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Json<Standings>, Problem> {
    limit(&state, &caller)?;
    let account = caller.account.clone();
    let (attempts, seq) = state.db.run(move |s| s.sync_attempts(&account)).await?;
    let standings = tokio::task::spawn_blocking(move || standings(&attempts, seq))
        .await
        .map_err(|_| Problem::new(ApiErrorCode::Internal, "the replay failed"))?;
    Ok(Json(standings))
}

/// Takes one of the account's sync requests from its rate limit.
fn limit(state: &AppState, caller: &Caller) -> Result<(), Problem> {
    state
        .limits
        .sync_per_account
        .check(caller.account.as_str(), Instant::now())
        .map_err(Problem::rate_limited)
}

/// `POST /v1/pairings`: a code another device can sign in with for a few minutes (201).
async fn create_pairing(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<impl IntoResponse, Problem> {
    limit(&state, &caller)?;
    let now = now_ms();
    for _ in 0..3 {
        let row = PairingRow {
            code: PairingCode::from_random(random_bytes()?),
            account: caller.account.clone(),
            created_at_ms: now,
            expires_at_ms: now.saturating_add(PAIRING_LIFETIME_MS),
        };
        let stored = row.clone();
        match state.db.run(move |s| s.create_pairing(&stored)).await {
            Ok(()) => {
                let pairing = Pairing { code: row.code, expires_at_ms: row.expires_at_ms };
                return Ok((StatusCode::CREATED, Json(pairing)));
            }
            Err(crate::store::StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(Problem::new(ApiErrorCode::Internal, "could not make a new pairing code"))
}

/// `POST /v1/pairings/CODE`: signs this device in to the code's account (201).
async fn claim_pairing(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    Path(code): Path<String>,
    body: JsonBody<ClaimPairing>,
) -> Result<impl IntoResponse, Problem> {
    // Codes are short: guessing one is held back like a sign-in.
    state
        .limits
        .sign_in_per_address
        .check(&addr.to_string(), Instant::now())
        .map_err(Problem::rate_limited)?;
    let code = PairingCode::read(&code)
        .map_err(|_| Problem::new(ApiErrorCode::NotFound, "no such pairing code"))?;
    let body = body.or_default();
    let now = now_ms();
    let claimed = code.clone();
    let account = state.db.run(move |s| s.claim_pairing(&claimed, now)).await?;
    let account = match account {
        crate::store::Claim::Claimed(account) => account,
        crate::store::Claim::Expired => {
            return Err(Problem::new(ApiErrorCode::Expired, "the pairing code has expired"));
        }
        crate::store::Claim::Unknown => {
            return Err(Problem::new(ApiErrorCode::NotFound, "no such pairing code"));
        }
    };
    let (token, session) = crate::accounts::session(&account, &body.device)?;
    state.db.run(move |s| s.add_session(&session)).await?;
    if let Some(old) = body.merge_token {
        crate::accounts::merge_anonymous(&state, &old, &account).await?;
    }
    Ok((StatusCode::CREATED, Json(Credentials { account, token })))
}

#[cfg(test)]
mod tests {
    use rodina_protocol::hlc::Stamp;
    use rodina_protocol::{CourseScoreChange, SettingChange};

    use super::*;

    fn setting(value: &str, wall_ms: u64, device: &str) -> Change {
        Change::Setting(SettingChange {
            key: "language".into(),
            value: value.into(),
            stamp: Stamp::new(wall_ms, 0, device).expect("a stamp"),
        })
    }

    fn score(points: u32, best: u32) -> Change {
        Change::CourseScore(CourseScoreChange { exercise: "jesonmor/leap".into(), points, best })
    }

    #[test]
    fn every_kind_merges_the_same_in_any_order() {
        let later = setting("sk", 2_000, "b");
        let earlier = setting("en", 1_000, "a");
        assert_eq!(merge(&later, Some(&earlier)), Merge::Write);
        assert_eq!(merge(&earlier, Some(&later)), Merge::Keep);
        assert_eq!(merge(&later, Some(&later)), Merge::Keep);
        assert_eq!(merge(&later, None), Merge::Write);
        let (more, fewer) = (score(550, 550), score(350, 550));
        assert_eq!(merge(&more, Some(&fewer)), Merge::Write);
        assert_eq!(merge(&fewer, Some(&more)), Merge::Keep);
        assert_eq!(merge(&more, Some(&more)), Merge::Keep);
        assert_eq!(merge(&more, Some(&earlier)), Merge::Contradicts);
    }

    #[test]
    fn a_change_names_what_exists_and_no_time_from_the_future() {
        let now = 1_764_748_800_000;
        let bank = &banks()[0];
        let puzzle = bank.puzzles()[0].id.to_string();
        let game = bank.variant().expect("a game").name().to_owned();
        let attempt = |puzzle: &str, game: &str, ended_ms: i64| {
            Change::Attempt(AttemptChange {
                id: "01890a5d-ac96-774b-bcce-b302099a8057".into(),
                device: "d1".into(),
                game: game.into(),
                puzzle: puzzle.into(),
                started_ms: ended_ms - 1000,
                ended_ms,
                solved: true,
                rated: true,
            })
        };
        let code = |c: &Change| check(c, now).err().map(|p| p.code());
        let at = i64::try_from(now).expect("a time");
        assert_eq!(code(&attempt(&puzzle, &game, at)), None);
        assert_eq!(code(&attempt("zz9zz9", &game, at)), Some(ApiErrorCode::UnknownItem));
        assert_eq!(code(&attempt(&puzzle, "chess", at)), Some(ApiErrorCode::UnknownItem));
        let two_days = 2 * 24 * 3600 * 1000;
        assert_eq!(
            code(&attempt(&puzzle, &game, at + two_days)),
            Some(ApiErrorCode::FromTheFuture)
        );
        assert_eq!(code(&score(550, 550)), None);
        assert_eq!(code(&score(551, 550)), Some(ApiErrorCode::BadRequest));
        let unknown = Change::CourseScore(CourseScoreChange {
            exercise: "jesonmor/nothing".into(),
            points: 550,
            best: 550,
        });
        assert_eq!(code(&unknown), Some(ApiErrorCode::UnknownItem));
        assert_eq!(code(&setting("sk", now, "d1")), None);
        assert_eq!(
            code(&setting("sk", now + 2 * 24 * 3600 * 1000, "d1")),
            Some(ApiErrorCode::FromTheFuture)
        );
        let mut odd = setting("sk", now, "d1");
        if let Change::Setting(s) = &mut odd {
            s.key = "theme".into();
        }
        assert_eq!(code(&odd), Some(ApiErrorCode::UnknownItem));
    }
}
