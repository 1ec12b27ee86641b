//! Games over REST: a player's list, one game's summary, the rematch offer; and the route of
//! a game's live socket (`socket.rs`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::{Json, Router, routing};
use rodina_protocol::{ApiErrorCode, GameId, GameList, GameSummary};
use tokio::sync::oneshot;

use crate::AppState;
use crate::http::{Caller, Problem, path_name};
use crate::invitations::to_wire;
use crate::live::Command;
use crate::store::GameRow;

/// Games a list shows.
const LIST_LIMIT: u32 = 50;

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/games", routing::get(list))
        .route("/v1/games/{id}", routing::get(show))
        .route("/v1/games/{id}/rematch", routing::post(rematch))
        .route("/v1/games/{id}/live", routing::get(crate::socket::upgrade))
}

/// What a list shows of a game: never its start or moves (a Jieqi start is the deal).
fn summary(row: GameRow) -> GameSummary {
    GameSummary {
        game: row.id,
        options: row.options,
        white: row.white,
        black: row.black,
        status: row.progress.status,
        outcome: row.progress.outcome,
        plies: row.progress.plies,
        created_at_ms: row.created_at_ms,
    }
}

/// `GET /v1/games`: the caller's games, newest first.
async fn list(State(state): State<AppState>, caller: Caller) -> Result<Json<GameList>, Problem> {
    let rows = state.db.run(move |s| s.games_of(&caller.account, LIST_LIMIT)).await?;
    Ok(Json(GameList { games: rows.into_iter().map(summary).collect() }))
}

/// `GET /v1/games/ID`: one game's summary (for anyone signed in).
async fn show(
    State(state): State<AppState>,
    _caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<GameSummary>, Problem> {
    let id: GameId = path_name(&id, "game")?;
    let row = state.db.run(move |s| s.game(&id)).await?;
    let row = row.ok_or_else(|| Problem::new(ApiErrorCode::NotFound, "no such game"))?;
    Ok(Json(summary(row)))
}

/// `POST /v1/games/ID/rematch`: a player of a finished game offers the opponent a new game
/// with colours swapped; the invitation (201), which the opponent gets as an event. Asked
/// again, the same invitation.
async fn rematch(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, Problem> {
    let id: GameId = path_name(&id, "game")?;
    let (reply, answer) = oneshot::channel();
    state.games.send(&id, Command::Rematch { by: caller.account, reply }).await?;
    let row = answer
        .await
        .map_err(|_| Problem::new(ApiErrorCode::Internal, "the game did not answer"))??;
    Ok((StatusCode::CREATED, Json(to_wire(&state, row).await?)))
}
