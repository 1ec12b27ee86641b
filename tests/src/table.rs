//! A game at a table of raw sockets: its two players and a spectator, each with a socket on
//! the game and a record of what it received; moves sent and seen arrive at every seat.

use std::net::SocketAddr;

use rand::Rng;
use rodina_protocol::{ClientMessage, Event, GameId};
use rodina_rules::Color;

use crate::E2eError;
use crate::play::Record;
use crate::rest::{Rest, options};
use crate::socket::{Socket, join};

/// One seat at the table: its token, socket and record.
pub struct Sitter {
    /// The account's token.
    pub token: String,
    /// The socket; none while the seat is disconnected.
    pub socket: Option<Socket>,
    /// What the seat holds of the game.
    pub record: Record,
}

/// White, black and a spectator on one game.
pub struct Table {
    /// The server's address.
    pub addr: SocketAddr,
    /// The game.
    pub game: GameId,
    /// The seats: white, black, spectator.
    pub seats: Vec<Sitter>,
    /// REST from the default address.
    pub rest: Rest,
}

/// Index of the white seat in [`Table::seats`].
pub const WHITE: usize = 0;
/// Index of the black seat.
pub const BLACK: usize = 1;
/// Index of the spectator.
pub const SPECTATOR: usize = 2;

impl Table {
    /// A new game of `game` (no clock) between two new accounts, with a third watching;
    /// each has said hello and got its sync.
    pub async fn new(addr: SocketAddr, game: &str) -> Result<Table, E2eError> {
        let rest = Rest::new(addr, None)?;
        let (a, b, c) = (rest.account().await?, rest.account().await?, rest.account().await?);
        let seats = rest.game(&rest, &a.token, &b.token, &options(game, None)).await?;
        let mut table = Table { addr, game: seats.game.clone(), seats: Vec::new(), rest };
        for token in [seats.white, seats.black, c.token] {
            let mut socket = join(addr, &table.game, &token, None).await?;
            let record = Record::new(socket.sync().await?)?;
            table.seats.push(Sitter { token, socket: Some(socket), record });
        }
        Ok(table)
    }

    /// The socket of seat `i`.
    pub fn socket(&mut self, i: usize) -> Result<&mut Socket, E2eError> {
        self.seats
            .get_mut(i)
            .and_then(|s| s.socket.as_mut())
            .ok_or_else(|| E2eError::Socket(format!("seat {i} is not connected")))
    }

    /// Drops seat `i`'s connection without a close (a lost network); the last version it
    /// applied.
    pub fn drop_socket(&mut self, i: usize) -> Result<u64, E2eError> {
        let socket = self
            .seats
            .get_mut(i)
            .and_then(|s| s.socket.take())
            .ok_or_else(|| E2eError::Socket(format!("seat {i} is not connected")))?;
        let version = socket.version;
        socket.drop_connection();
        Ok(version)
    }

    /// Connects seat `i` again, saying hello with `last_version`.
    pub async fn rejoin(&mut self, i: usize, last_version: Option<u64>) -> Result<(), E2eError> {
        let token = self.seats.get(i).map(|s| s.token.clone()).unwrap_or_default();
        let socket = join(self.addr, &self.game, &token, last_version).await?;
        if let Some(s) = self.seats.get_mut(i) {
            s.socket = Some(socket);
        }
        Ok(())
    }

    /// The seat index of the side to move.
    pub fn to_move(&self) -> usize {
        if self.seats[WHITE].record.view.turn() == Color::White { WHITE } else { BLACK }
    }

    /// The side to move plays `mv` with `ack` = the ply; it is acknowledged and every seat in
    /// `watching` (indices) receives it and plays it on its record.
    pub async fn play(&mut self, mv: &str, watching: &[usize]) -> Result<(), E2eError> {
        let mover = self.to_move();
        let ply = self.seats[mover].record.moves.len() + 1;
        let ack = u32::try_from(ply).unwrap_or(u32::MAX);
        let message = ClientMessage::Move { ack, mv: mv.to_owned(), lag_ms: None };
        self.socket(mover)?.send(&message).await?;
        let got = self.socket(mover)?.ack().await?;
        if got != ack {
            return Err(E2eError::Protocol(format!("ack {got} for {ack}")));
        }
        for &i in watching {
            match self.socket(i)?.event().await? {
                (_, Some(Event::Move { ply: n, mv, .. })) if n as usize == ply => {
                    self.seats[i].record.play(&mv)?;
                }
                other => {
                    return Err(E2eError::Protocol(format!("expected move {ply}, got {other:?}")));
                }
            }
        }
        Ok(())
    }

    /// A legal move of the side to move that does not end the game (random).
    pub fn quiet_move(&self, rng: &mut impl Rng) -> Result<String, E2eError> {
        let view = &self.seats[self.to_move()].record.view;
        let mut moves = view.legal_move_texts();
        for _ in 0..moves.len() {
            let m = moves.swap_remove(rng.random_range(0..moves.len()));
            let mut next = view.clone();
            if next.play_text(&m).is_ok() && next.outcome().is_none() {
                return Ok(m);
            }
        }
        Err(E2eError::Protocol("no move that goes on".into()))
    }
}
