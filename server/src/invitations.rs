//! Invitations: a player makes one with a game's options and passes on its code (or the
//! link `rodina://join/CODE`); a friend looks at it and accepts it, which creates the game
//! with both players and starts its owner. Invitations expire; the inviter learns the game
//! from the invitation once it is accepted.

use std::time::Instant;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::{Json, Router, routing};
use rand::rngs::OsRng;
use rand::{RngCore, TryRngCore};
use rodina_protocol::{
    AccountId, ApiErrorCode, ColourChoice, GameId, GameOptions, Invitation, InviteCode, Joined,
    PlayerInfo, SALT_BYTES, SideName, Status, commit_deal, deal_points,
};
use rodina_rules::{AnyGame, Color};

use crate::http::{Caller, ClientAddr, JsonBody, Problem, random_bytes};
use crate::store::{GameProgress, GameRow, InvitationRow, StoreError};
use crate::{AppState, now_ms};

/// The routes of this module.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/v1/invitations", routing::post(create))
        .route("/v1/invitations/{code}", routing::get(show))
        .route("/v1/invitations/{code}/accept", routing::post(accept))
}

/// A player as others see them.
pub async fn player_info(state: &AppState, account: &AccountId) -> Result<PlayerInfo, Problem> {
    let id = account.clone();
    let row = state.db.run(move |s| s.account(&id)).await?;
    let name = row.and_then(|r| r.name);
    Ok(PlayerInfo { account: account.clone(), name })
}

/// The wire's invitation.
pub async fn to_wire(state: &AppState, row: InvitationRow) -> Result<Invitation, Problem> {
    Ok(Invitation {
        link: row.code.link(),
        inviter: player_info(state, &row.inviter).await?,
        code: row.code,
        options: row.options,
        expires_at_ms: row.expires_at_ms,
        game: row.game,
    })
}

/// `POST /v1/invitations`: a new invitation with the body's options (201).
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    body: JsonBody<GameOptions>,
) -> Result<impl IntoResponse, Problem> {
    let options = body.required()?;
    options.to_new_game().map_err(|e| Problem::new(ApiErrorCode::BadRequest, e.to_string()))?;
    let created = now_ms();
    let lifetime =
        u64::try_from(state.settings.invitation_lifetime.as_millis()).unwrap_or(u64::MAX);
    // Codes have 39 bits: a clash is rare, and a few fresh draws settle it.
    for _ in 0..4 {
        let row = InvitationRow {
            code: InviteCode::from_random(random_bytes()?),
            inviter: caller.account.clone(),
            options: options.clone(),
            created_at_ms: created,
            expires_at_ms: created.saturating_add(lifetime),
            only_for: None,
            rematch_of: None,
            game: None,
            accepted_by: None,
        };
        let stored = row.clone();
        match state.db.run(move |s| s.create_invitation(&stored)).await {
            Ok(()) => return Ok((StatusCode::CREATED, Json(to_wire(&state, row).await?))),
            Err(StoreError::Conflict) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(Problem::new(ApiErrorCode::Internal, "no free invitation code"))
}

/// Reads a code from the path (case-blind), within the per-address limit on look-ups that
/// keeps codes from being guessed.
async fn lookup(
    state: &AppState,
    addr: std::net::IpAddr,
    code: &str,
) -> Result<InvitationRow, Problem> {
    state
        .limits
        .invitation_lookup
        .check(&addr.to_string(), Instant::now())
        .map_err(Problem::rate_limited)?;
    let code = InviteCode::read(code)
        .map_err(|_| Problem::new(ApiErrorCode::NotFound, "no such invitation"))?;
    let row = state.db.run(move |s| s.invitation(&code)).await?;
    row.ok_or_else(|| Problem::new(ApiErrorCode::NotFound, "no such invitation"))
}

fn check_reader(row: &InvitationRow, caller: &AccountId) -> Result<(), Problem> {
    if row.only_for.as_ref().is_some_and(|o| o != caller) && row.inviter != *caller {
        return Err(Problem::new(ApiErrorCode::Forbidden, "this invitation is for someone else"));
    }
    Ok(())
}

/// `GET /v1/invitations/CODE`: the invitation; its game once accepted.
async fn show(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    caller: Caller,
    Path(code): Path<String>,
) -> Result<Json<Invitation>, Problem> {
    let row = lookup(&state, addr, &code).await?;
    check_reader(&row, &caller.account)?;
    if row.game.is_none() && now_ms() >= row.expires_at_ms {
        return Err(Problem::new(ApiErrorCode::Expired, "the invitation has expired"));
    }
    Ok(Json(to_wire(&state, row).await?))
}

/// The operating system's secure generator as the rules' deal asks for it: a failure is
/// remembered (the numbers are then zeros) and turns the new game into an error.
struct SystemDeal {
    failed: bool,
}

impl RngCore for SystemDeal {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }

    fn next_u64(&mut self) -> u64 {
        let mut b = [0; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        if OsRng.try_fill_bytes(dst).is_err() {
            self.failed = true;
            dst.fill(0);
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Sets up the game an invitation describes, between the inviter and `acceptor`: the sides
/// drawn, the start dealt from the operating system's generator, and for a game with hidden
/// pieces the deal's salts (one per face-down piece) and its commitment.
fn new_game(
    row: &InvitationRow,
    acceptor: PlayerInfo,
    inviter: PlayerInfo,
) -> Result<(GameRow, AnyGame), Problem> {
    let bad = |m: String| Problem::new(ApiErrorCode::BadRequest, m);
    let new = row.options.to_new_game().map_err(|e| bad(e.to_string()))?;
    let inviter_side = match row.options.colour {
        ColourChoice::White => Color::White,
        ColourChoice::Black => Color::Black,
        // A handicap's giver plays the first side.
        ColourChoice::Random if row.options.handicap.is_some() => Color::White,
        ColourChoice::Random => {
            if random_bytes::<1>()?[0] & 1 == 0 {
                Color::White
            } else {
                Color::Black
            }
        }
    };
    let mut deal = SystemDeal { failed: false };
    let game = AnyGame::new(&new, &mut deal).map_err(|e| bad(e.to_string()))?;
    if deal.failed {
        tracing::error!("the system's random generator failed during a deal");
        return Err(Problem::new(ApiErrorCode::Internal, "no randomness"));
    }
    let start_truth = game.start_truth_fen();
    let (salt, committed) = match &game {
        AnyGame::Jieqi(g) => {
            // One salt per face-down piece, so that each can be opened to the seats that may
            // know it and no other (see `rodina_protocol::commitment`).
            let points = deal_points(|s| g.start().is_face_down(s));
            let salts = points
                .iter()
                .map(|_| random_bytes::<SALT_BYTES>().map(|b| hex(&b)))
                .collect::<Result<Vec<_>, _>>()?;
            let c = commit_deal(g.start(), &salts).map_err(|e| {
                tracing::error!("a new deal could not be committed: {e}");
                Problem::new(ApiErrorCode::Internal, "the deal could not be committed")
            })?;
            (Some(salts.join(" ")), Some(c))
        }
        _ => (None, None),
    };
    let (white, black) = match inviter_side {
        Color::White => (inviter, acceptor),
        Color::Black => (acceptor, inviter),
    };
    let mut options = row.options.clone();
    options.colour = match inviter_side {
        Color::White => ColourChoice::White,
        Color::Black => ColourChoice::Black,
    };
    let row = GameRow {
        id: GameId::from_random(random_bytes()?),
        options,
        white,
        black,
        created_at_ms: now_ms(),
        start_truth,
        salt,
        commitment: committed,
        progress: GameProgress { version: 0, plies: 0, status: Status::Started, outcome: None },
    };
    Ok((row, game))
}

fn joined(game: &GameRow, caller: &AccountId) -> Joined {
    let side = if game.white.account == *caller { SideName::White } else { SideName::Black };
    Joined { game: game.id.clone(), side }
}

/// `POST /v1/invitations/CODE/accept`: the game, created with both players (201); the same
/// answer again (200) to the player who accepted it already.
async fn accept(
    State(state): State<AppState>,
    ClientAddr(addr): ClientAddr,
    caller: Caller,
    Path(code): Path<String>,
) -> Result<impl IntoResponse, Problem> {
    let row = lookup(&state, addr, &code).await?;
    check_reader(&row, &caller.account)?;
    let taken =
        || Problem::new(ApiErrorCode::InvitationTaken, "the invitation was accepted already");
    if let Some(game) = &row.game {
        if row.accepted_by.as_ref() != Some(&caller.account) {
            return Err(taken());
        }
        let id = game.clone();
        let stored = state.db.run(move |s| s.game(&id)).await?;
        let stored = stored.ok_or_else(|| Problem::new(ApiErrorCode::NotFound, "no such game"))?;
        return Ok((StatusCode::OK, Json(joined(&stored, &caller.account))));
    }
    if row.inviter == caller.account {
        return Err(Problem::new(ApiErrorCode::InvitationTaken, "this is your own invitation"));
    }
    if now_ms() >= row.expires_at_ms {
        return Err(Problem::new(ApiErrorCode::Expired, "the invitation has expired"));
    }
    let acceptor = player_info(&state, &caller.account).await?;
    let inviter = player_info(&state, &row.inviter).await?;
    let (game_row, game) = new_game(&row, acceptor, inviter)?;
    let (code, acceptor, stored) = (row.code.clone(), caller.account.clone(), game_row.clone());
    if !state.db.run(move |s| s.accept_invitation(&code, &acceptor, &stored)).await? {
        return Err(taken());
    }
    tracing::info!("game {} created from an invitation", game_row.id);
    let answer = joined(&game_row, &caller.account);
    state.games.start(game_row, game);
    Ok((StatusCode::CREATED, Json(answer)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rodina_protocol::{open_deal, verify_reveal};
    use rodina_rules::Seat;

    fn invitation(options: GameOptions) -> InvitationRow {
        InvitationRow {
            code: InviteCode::from_random([1; 8]),
            inviter: AccountId::from_random([1; 20]),
            options,
            created_at_ms: 0,
            expires_at_ms: 1,
            only_for: None,
            rematch_of: None,
            game: None,
            accepted_by: None,
        }
    }

    fn player(n: u8) -> PlayerInfo {
        PlayerInfo { account: AccountId::from_random([n; 20]), name: None }
    }

    #[test]
    fn a_jieqi_game_is_dealt_and_committed_and_sides_follow_the_choice() {
        let options = GameOptions {
            game: "jieqi".into(),
            rule_set: None,
            handicap: None,
            colour: ColourChoice::Black,
            clock: None,
        };
        let (row, game) = new_game(&invitation(options.clone()), player(2), player(1)).unwrap();
        assert_eq!(
            (row.white.account.clone(), row.black.account.clone()),
            (player(2).account, player(1).account)
        );
        let salts: Vec<String> =
            row.salt.as_deref().unwrap().split(' ').map(str::to_owned).collect();
        assert_eq!(salts.len(), 30);
        assert!(salts.iter().all(|s| rodina_protocol::is_hex64(s)));
        let AnyGame::Jieqi(truth) = &game else { panic!("a Jieqi game") };
        assert_eq!(row.commitment, Some(commit_deal(truth.start(), &salts).unwrap()));
        // The deal holds up against the commitment, as a client checks it: at the start every
        // point opens to every seat.
        for seat in Seat::ALL {
            let reveal = open_deal(truth.start(), &salts, &truth.view(seat)).unwrap();
            assert_eq!(
                verify_reveal(
                    row.commitment.as_deref().unwrap(),
                    &reveal,
                    seat,
                    None,
                    &game.view_fen(seat),
                    &[]
                ),
                Ok(())
            );
        }
        // Two deals differ (the generator is the system's).
        let (other, _) = new_game(&invitation(options), player(2), player(1)).unwrap();
        assert_ne!(other.start_truth, row.start_truth);
        assert_ne!(other.id, row.id);
        let open = GameOptions {
            game: "xiangqi".into(),
            rule_set: None,
            handicap: Some("horse".into()),
            colour: ColourChoice::Random,
            clock: None,
        };
        let (row, _) = new_game(&invitation(open), player(2), player(1)).unwrap();
        assert_eq!((row.salt, row.commitment), (None, None));
        assert_eq!(row.white.account, player(1).account);
        assert_eq!(row.options.colour, ColourChoice::White);
    }
}
