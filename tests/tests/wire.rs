//! The wire test: many Jieqi games between two players and a spectator over real sockets
//! to the real server, every frame each party received checked against what that party may
//! know (`rules/jieqi.md`, "Information"), and the deal's commitment checked at the end with
//! the protocol crate's verification.
//!
//! Each game is set up over REST as the app does (invitation, accept), its three sockets say
//! hello and get a sync, then the players move at random from their own views (a move that
//! ends the game when there is one, captures preferred), each move acknowledged and received
//! by all three. A game still going at [`CAP`] plies is ended by a resignation or a draw by
//! agreement (alternately). Then the true game is rebuilt from the end-of-game reveal and
//! every identity any frame carried to a party is checked to be one it was entitled to then.
//!
//! The server limits invitation accepts per client address; the games' accepts are spread
//! over `127.0.0.2`, `127.0.0.3`, ... as many players' phones would be.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rodina_e2e::E2eError;
use rodina_e2e::knowledge::Truth;
use rodina_e2e::play::{Record, choose};
use rodina_e2e::rest::{Rest, options};
use rodina_e2e::server::ServerProcess;
use rodina_e2e::socket::{Socket, join};
use rodina_protocol::{ClientMessage, Event, ServerMessage, Status};
use rodina_rules::{Color, Seat};

/// Games played (`RODINA_E2E_WIRE_GAMES` may ask for another number, to measure).
const GAMES: usize = 1000;

fn games() -> usize {
    std::env::var("RODINA_E2E_WIRE_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(GAMES)
}
/// Games in play at once.
const AT_ONCE: usize = 48;
/// Plies after which a game still going is resigned or drawn by agreement.
const CAP: usize = 160;
/// Games whose accepts come from one client address (the server allows 30 at once).
const PER_ADDRESS: usize = 25;
/// How long one game may take, all told.
const GAME_WITHIN: Duration = Duration::from_secs(150);

/// What one game gave.
#[derive(Debug, Default)]
struct GameReport {
    plies: usize,
    /// `natural:<reason>`, `resignation` or `agreement`.
    end: String,
    frames: usize,
    hidden_captures: usize,
    /// Identities carried where a party was not entitled to them during the game (must be
    /// none), and other faults.
    faults: Vec<String>,
    /// Identities the end-of-game frames carried to a party not entitled to them.
    end_leaks: Vec<String>,
}

/// The accounts every game uses: the inviter, the friend who accepts, the spectator.
struct Accounts {
    inviter: String,
    friend: String,
    watcher: String,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_jieqi_games_show_each_party_only_what_it_may_know() {
    let started = Instant::now();
    let games = games();
    // Test players move without thinking: the socket rate is raised past their pace.
    let server = ServerProcess::start(&["--socket-rate", "1000"]).expect("the server starts");
    let addr = server.addr();
    let home = Rest::new(addr, None).expect("a REST client");
    let accounts = Arc::new(Accounts {
        inviter: home.account().await.expect("account").token,
        friend: home.account().await.expect("account").token,
        watcher: home.account().await.expect("account").token,
    });
    let addresses = games.div_ceil(PER_ADDRESS);
    let mut clients = Vec::with_capacity(addresses);
    for i in 0..addresses {
        let ip = IpAddr::V4(Ipv4Addr::new(127, 0, 0, u8::try_from(2 + i).expect("few addresses")));
        clients.push(Rest::new(addr, Some(ip)).expect("a REST client from a loopback address"));
    }
    let clients = Arc::new(clients);
    let home = Arc::new(home);
    let gate = Arc::new(tokio::sync::Semaphore::new(AT_ONCE));
    let mut tasks = Vec::with_capacity(games);
    for index in 0..games {
        let (gate, home, clients, accounts) =
            (Arc::clone(&gate), Arc::clone(&home), Arc::clone(&clients), Arc::clone(&accounts));
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire_owned().await.expect("the gate stays open");
            let accept_from = &clients[index / PER_ADDRESS];
            let game = one_game(addr, &home, accept_from, &accounts, index);
            match tokio::time::timeout(GAME_WITHIN, game).await {
                Ok(r) => r.map_err(|e| format!("game {index}: {e}")),
                Err(_) => Err(format!("game {index}: not over within {GAME_WITHIN:?}")),
            }
        }));
    }
    let mut reports = Vec::with_capacity(games);
    let mut failures = Vec::new();
    for t in tasks {
        match t.await {
            Ok(Ok(r)) => reports.push(r),
            Ok(Err(e)) => failures.push(e),
            Err(e) => failures.push(format!("a game's task failed: {e}")),
        }
    }
    let wall = started.elapsed();
    let mut ends = BTreeMap::<String, usize>::new();
    for r in &reports {
        *ends.entry(r.end.clone()).or_default() += 1;
    }
    let plies: usize = reports.iter().map(|r| r.plies).sum();
    let frames: usize = reports.iter().map(|r| r.frames).sum();
    let hidden: usize = reports.iter().map(|r| r.hidden_captures).sum();
    let natural: usize =
        ends.iter().filter(|(k, _)| k.starts_with("natural")).map(|(_, n)| n).sum();
    let faults: Vec<&String> = reports.iter().flat_map(|r| &r.faults).collect();
    let end_leaks: Vec<&String> = reports.iter().flat_map(|r| &r.end_leaks).collect();
    eprintln!(
        "wire: {} games ({} natural ends) in {wall:.1?}; {plies} plies, {frames} frames checked, \
         {hidden} face-down captures; ends {ends:?}; {} faults, {} end-of-game leaks, {} failures",
        reports.len(),
        natural,
        faults.len(),
        end_leaks.len(),
        failures.len()
    );
    if !failures.is_empty() {
        eprintln!("server log:\n{}", server.log_tail(30));
    }
    assert!(
        failures.is_empty(),
        "{} games failed, the first: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert_eq!(reports.len(), games);
    assert!(
        faults.is_empty(),
        "{} faults, the first: {:?}",
        faults.len(),
        &faults[..faults.len().min(10)]
    );
    assert!(
        hidden > games,
        "face-down captures happened ({hidden}): the checks had something to check"
    );
    assert!(natural * 2 > games, "a good share of the games ended by the rules: {natural}");
    // The rules: whoever captures a face-down piece sees what it was; its owner never
    // learns it, not after the game either (and a spectator, who sees what both players
    // know, neither). The end of the game must not tell them.
    assert!(
        end_leaks.is_empty(),
        "END-OF-GAME LEAK: {} identities of face-down pieces captured by the opponent were \
         told to their owner or a spectator at the end; the first: {:?}",
        end_leaks.len(),
        &end_leaks[..end_leaks.len().min(5)]
    );
}

/// The three parties of a game: white, black, spectator.
struct Party {
    socket: Socket,
    record: Record,
}

async fn one_game(
    addr: SocketAddr,
    home: &Rest,
    accept_from: &Rest,
    accounts: &Accounts,
    index: usize,
) -> Result<GameReport, E2eError> {
    let seats = home
        .game(accept_from, &accounts.inviter, &accounts.friend, &options("jieqi", None))
        .await?;
    let mut parties = Vec::with_capacity(3);
    for token in [&seats.white, &seats.black, &accounts.watcher] {
        let mut socket = join(addr, &seats.game, token, None).await?;
        let state = socket.sync().await?;
        if state.status != Status::Started || state.commitment.is_none() {
            return Err(E2eError::Protocol(format!("a new Jieqi game: {state:?}")));
        }
        parties.push(Party { record: Record::new(state)?, socket });
    }
    let want = [Seat::Player(Color::White), Seat::Player(Color::Black), Seat::Spectator];
    if parties.iter().map(|p| p.record.seat).ne(want) {
        return Err(E2eError::Protocol("the seats are not white, black, spectator".into()));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(index as u64);
    let mut ended = None;
    let mut plies = 0;
    for ply in 1..=CAP {
        let mover = if parties[0].record.view.turn() == Color::White { 0 } else { 1 };
        let Some(mv) = choose(&parties[mover].record.view, &mut rng, 0.85) else {
            return Err(E2eError::Protocol(format!("no move at ply {ply} of a game going on")));
        };
        let ack = u32::try_from(ply).unwrap_or(u32::MAX);
        parties[mover].socket.send(&ClientMessage::Move { ack, mv, lag_ms: None }).await?;
        let got = parties[mover].socket.ack().await?;
        if got != ack {
            return Err(E2eError::Protocol(format!("ack {got} for {ack}")));
        }
        for p in &mut parties {
            match p.socket.event().await? {
                (_, Some(Event::Move { ply: n, mv, .. })) if n as usize == ply => {
                    p.record.play(&mv)?
                }
                other => {
                    return Err(E2eError::Protocol(format!("expected move {ply}, got {other:?}")));
                }
            }
        }
        plies = ply;
        let over: Vec<bool> = parties.iter().map(|p| p.record.view.outcome().is_some()).collect();
        if over.iter().any(|o| *o) {
            if over.iter().any(|o| !*o) {
                return Err(E2eError::Protocol(format!("the seats disagree on the end: {over:?}")));
            }
            let outcome = parties[2].record.view.outcome();
            ended =
                Some(format!("natural:{}", outcome.map(|o| o.reason_str()).unwrap_or_default()));
            break;
        }
    }
    let end = match ended {
        Some(e) => e,
        None => {
            let to_move = if parties[0].record.view.turn() == Color::White { 0 } else { 1 };
            if index % 2 == 0 {
                parties[to_move].socket.send(&ClientMessage::Resign {}).await?;
                "resignation".to_owned()
            } else {
                parties[to_move].socket.send(&ClientMessage::OfferDraw {}).await?;
                for p in &mut parties {
                    match p.socket.event().await? {
                        (_, Some(Event::DrawOffered { .. })) => {}
                        other => {
                            return Err(E2eError::Protocol(format!(
                                "expected the offer, got {other:?}"
                            )));
                        }
                    }
                }
                parties[1 - to_move].socket.send(&ClientMessage::AcceptDraw {}).await?;
                "agreement".to_owned()
            }
        }
    };
    let mut outcomes = Vec::new();
    for p in &mut parties {
        match p.socket.event().await? {
            (_, Some(Event::Ended { outcome, .. })) => outcomes.push(outcome),
            other => return Err(E2eError::Protocol(format!("expected the end, got {other:?}"))),
        }
    }
    if outcomes.iter().any(|o| *o != outcomes[0]) {
        return Err(E2eError::Protocol(format!("the parties got different ends: {outcomes:?}")));
    }
    let mut report = check_game(&parties)?;
    report.plies = plies;
    report.end = end;
    for p in parties {
        p.socket.close().await;
    }
    Ok(report)
}

// ---- The end of the game as the protocol sends it. ----
//
// END-OF-GAME API: these two functions are all that depends on the form of the reveal.
// Since the per-piece commitment (commit faed4d8) each seat gets one opening per face-down
// start point: the piece and its salt where it may know it, the leaf alone where not.

/// Rebuilds the truth from what the two players received: the deal from the union of
/// their openings (what one may not know, the other captured and saw), the moves as each
/// mover was shown its own move (with what it turned up and what it took).
fn rebuild_truth(parties: &[Party], ends: &[Option<Event>]) -> Result<Truth, E2eError> {
    let mut identities: Vec<Option<String>> = Vec::new();
    for end in ends.iter().take(2) {
        let Some(Event::Ended { reveal: Some(reveal), .. }) = end else {
            return Err(E2eError::Protocol("a player's end carries no reveal".into()));
        };
        identities.resize(reveal.openings.len(), None);
        for (slot, o) in identities.iter_mut().zip(&reveal.openings) {
            if let Some(p) = &o.piece {
                if slot.as_ref().is_some_and(|q| q != p) {
                    return Err(E2eError::Protocol(format!("two identities on {}", o.point)));
                }
                *slot = Some(p.clone());
            }
        }
    }
    let letters: Option<String> = identities.into_iter().collect();
    let letters =
        letters.ok_or_else(|| E2eError::Protocol("a point neither player may open".into()))?;
    let start = &parties[0].record.state.start;
    let mut fields: Vec<&str> = start.split(' ').collect();
    if fields.len() < 3 {
        return Err(E2eError::Protocol(format!("a start of few fields: {start}")));
    }
    fields[2] = &letters;
    let deal = fields.join(" ");
    let truth_moves: Vec<String> = (0..parties[0].record.moves.len())
        .map(|i| parties[i % 2].record.moves[i].clone())
        .collect();
    Truth::rebuild(&deal, &truth_moves)
}

/// What an end frame told a party (each point with the letter it named there), and why its
/// reveal does not verify, if it does not.
type EndSeen = (Vec<(String, char)>, Option<String>);

/// The identities (point, letter) the end frame told `record`'s party, and the check of
/// the reveal against the commitment and what the party saw by the protocol crate's
/// verification (its failure as a sentence).
fn end_identities(record: &Record, end: &Event) -> Result<EndSeen, E2eError> {
    let Event::Ended { reveal: Some(reveal), .. } = end else {
        return Err(E2eError::Protocol("the end carries no reveal".into()));
    };
    let committed = record.state.commitment.as_deref().unwrap_or_default();
    let verified = rodina_protocol::verify_reveal(
        committed,
        reveal,
        record.seat,
        None,
        &record.state.start,
        &record.moves,
    )
    .err()
    .map(|e| format!("{:?}: the reveal does not verify: {e}", record.seat));
    let carried = reveal
        .openings
        .iter()
        .filter_map(|o| Some((o.point.clone(), o.piece.as_deref()?.chars().next()?)))
        .collect();
    Ok((carried, verified))
}

/// Checks every frame of every party against the truth.
fn check_game(parties: &[Party]) -> Result<GameReport, E2eError> {
    let mut report = GameReport::default();
    let mut ends = Vec::new();
    let mut decoded = Vec::new();
    for p in parties {
        let mut messages = Vec::with_capacity(p.socket.frames.len());
        let mut end = None;
        for text in &p.socket.frames {
            let m = ServerMessage::decode(text).map_err(|e| E2eError::Protocol(format!("{e}")))?;
            if let ServerMessage::Event { e: Some(e @ Event::Ended { .. }), .. } = &m {
                end = Some(e.clone());
            }
            messages.push(m);
        }
        ends.push(end);
        decoded.push(messages);
    }
    let truth = rebuild_truth(parties, &ends)?;
    report.hidden_captures = truth.hidden_captures.len();
    for (p, messages) in parties.iter().zip(&decoded) {
        let seat = p.record.seat;
        for m in messages {
            report.frames += 1;
            match m {
                ServerMessage::Sync { state, .. } => {
                    report.faults.extend(Truth::check_start(seat, &state.start));
                    for (i, mv) in state.moves.iter().enumerate() {
                        report.faults.extend(truth.check_move(seat, i + 1, mv));
                    }
                    if state.reveal.is_some() {
                        report.faults.push(format!("{seat:?}: a reveal before the end"));
                    }
                }
                ServerMessage::Event { e: Some(Event::Move { ply, mv, .. }), .. } => {
                    report.faults.extend(truth.check_move(seat, *ply as usize, mv));
                }
                ServerMessage::Event { e: Some(end @ Event::Ended { .. }), .. } => {
                    let (carried, verified) = end_identities(&p.record, end)?;
                    report.faults.extend(verified);
                    report.end_leaks.extend(truth.check_end(seat, &carried));
                }
                ServerMessage::Error { detail, .. } => {
                    report
                        .faults
                        .push(format!("{seat:?}: an error in a game of legal moves: {detail}"));
                }
                // Acks, pings, presence and the draw events carry no identity.
                _ => {}
            }
        }
    }
    Ok(report)
}
