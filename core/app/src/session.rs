//! The controller: a game session as a small state machine between the UI and the rules
//! (lichess-mobile's "controller" layer).
//!
//! The UI sends taps and drags in board points and draws [`Session::view`]; the session keeps
//! the selection, refuses what the rules or the turn forbid (with a reason a player can
//! read), and plays moves. Moves from elsewhere (a bot, the network, typed notation) come in
//! through [`Session::play`]. A [`Player`] is a person on this device or a bot: taps are only
//! accepted while a person is to move, and the bot's move comes from [`Session::bot_request`]
//! (thought about on another thread) and [`Session::apply_bot_reply`], or, blocking, from
//! [`Session::play_bot_move`].

use rand::SeedableRng;
use rand::rngs::StdRng;
use rodina_engine::Level;
use rodina_rules::jieqi::RuleSet;
use rodina_rules::xiangqi::Handicap;
use rodina_rules::{AnyGame, Color, Outcome, Seat, Start, Variant, WinReason};

use crate::bot::{BotReply, BotRequest, Moment, fresh_seed, session_id, side_seed};
use crate::error::{SessionError, StoreError};
use crate::model::{
    Awaiting, BoardView, Highlights, MoveRecord, NewGame, Player, Point, PointView, Refusal,
    TapResult,
};
use crate::store::{GameRecord, Store};
use crate::table::{Table, new_table};

/// A game being played on this device.
pub struct Session {
    table: Box<dyn Table>,
    first: Player,
    second: Player,
    handicap: Option<Handicap>,
    rule_set: Option<RuleSet>,
    /// The level of the bot on each seat (first, second), read once from the players.
    bots: [Option<Level>; 2],
    /// The seed of the bots' choices, fixed for the game and saved with it.
    bot_seed: u64,
    selected: Option<Point>,
    saved_id: Option<i64>,
    /// This session's id and the generation of its game, which every change moves on: a bot's
    /// reply is played only into the moment it was asked for.
    id: u64,
    generation: u64,
}

/// Reads a player's bot level, and gives the player back with the level's stable id (a UI
/// may have sent the level's name).
fn seat(player: Player) -> Result<(Player, Option<Level>), SessionError> {
    match player {
        Player::Person => Ok((Player::Person, None)),
        Player::Bot { level } => {
            let level: Level = level
                .parse()
                .map_err(|e: rodina_engine::UnknownLevel| SessionError::Options(e.to_string()))?;
            Ok((Player::Bot { level: level.id().to_owned() }, Some(level)))
        }
    }
}

/// Reads an option's stable name (a handicap, a rule set), refusing unknown ones.
fn option<T: std::str::FromStr<Err = rodina_rules::UnknownName>>(
    text: Option<&str>,
) -> Result<Option<T>, SessionError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => t
            .parse()
            .map(Some)
            .map_err(|e: rodina_rules::UnknownName| SessionError::Options(e.to_string())),
    }
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("variant", &self.variant())
            .field("plies", &self.moves().len())
            .field("saved_id", &self.saved_id)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Starts a new game. A game that deals (Jieqi) is dealt from the operating system's
    /// secure generator.
    pub fn new(options: NewGame) -> Result<Session, SessionError> {
        let handicap = option::<Handicap>(options.handicap.as_deref())?;
        let rule_set = option::<RuleSet>(options.rule_set.as_deref())?;
        let start = match options.fen.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
            Some(fen) => Start::Fen(fen.to_owned()),
            None => Start::Usual,
        };
        let new = rodina_rules::NewGame { variant: options.variant, start, handicap, rule_set };
        let mut rng =
            StdRng::try_from_os_rng().map_err(|e| SessionError::Randomness(e.to_string()))?;
        let game = AnyGame::new(&new, &mut rng)?;
        let seed = options.bot_seed.unwrap_or_else(fresh_seed);
        Session::seated(game, options.first, options.second, handicap, rule_set, seed)
    }

    /// A session of `game` between `first` and `second`.
    fn seated(
        game: AnyGame,
        first: Player,
        second: Player,
        handicap: Option<Handicap>,
        rule_set: Option<RuleSet>,
        bot_seed: u64,
    ) -> Result<Session, SessionError> {
        let (first, first_bot) = seat(first)?;
        let (second, second_bot) = seat(second)?;
        Ok(Session {
            table: new_table(game),
            first,
            second,
            handicap,
            rule_set,
            bots: [first_bot, second_bot],
            bot_seed,
            selected: None,
            saved_id: None,
            id: session_id(),
            generation: 0,
        })
    }

    /// Rebuilds a session from a saved record by replaying its moves.
    pub fn from_record(record: &GameRecord) -> Result<Session, SessionError> {
        let handicap = option::<Handicap>(record.handicap.as_deref())?;
        let rule_set = option::<RuleSet>(record.rule_set.as_deref())?;
        let game = AnyGame::replay(
            record.variant,
            rule_set,
            &record.start_fen,
            &record.moves,
            record.declared,
        )?;
        let (first, second) = (record.first.clone(), record.second.clone());
        Session::seated(game, first, second, handicap, rule_set, record.bot_seed)
    }

    /// The record to save: the game's whole state (Jieqi's truth too: two people sharing
    /// the device need it), players, options, moves and any ending the moves do not show.
    /// It stays on the device.
    pub fn record(&self) -> GameRecord {
        let game = self.table.game();
        GameRecord {
            variant: game.variant(),
            start_fen: game.start_truth_fen(),
            handicap: self.handicap.map(|h| h.name().to_owned()),
            rule_set: self.rule_set.map(|r| r.name().to_owned()),
            first: self.first.clone(),
            second: self.second.clone(),
            moves: game.move_texts(),
            declared: game.declared(),
            bot_seed: self.bot_seed,
        }
    }

    /// Saves the game: the first time as a new saved game, then over the same one.
    /// Returns the saved game's id.
    pub fn save(&mut self, store: &Store) -> Result<i64, StoreError> {
        let id = store.save_game(self.saved_id, &self.record(), self.outcome())?;
        self.saved_id = Some(id);
        Ok(id)
    }

    /// Opens a saved game to go on playing it; saving it again updates the same one.
    pub fn resume(store: &Store, id: i64) -> Result<Session, StoreError> {
        let record = store.load_game(id)?;
        let mut session = Session::from_record(&record)
            .map_err(|e| StoreError::BadRecord { id, detail: e.to_string() })?;
        session.saved_id = Some(id);
        Ok(session)
    }

    /// The id of the saved game this session writes to, once saved or resumed.
    pub fn saved_id(&self) -> Option<i64> {
        self.saved_id
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.table.variant()
    }

    /// Who plays `side`.
    pub fn player(&self, side: Color) -> &Player {
        match side {
            Color::White => &self.first,
            Color::Black => &self.second,
        }
    }

    /// The level of the bot playing `side`, if a bot plays it.
    pub fn bot_level(&self, side: Color) -> Option<Level> {
        self.bots[side.fold(0, 1)]
    }

    /// The seed the bots' choices follow in this game (saved with it).
    pub fn bot_seed(&self) -> u64 {
        self.bot_seed
    }

    /// The handicap the game started with.
    pub fn handicap(&self) -> Option<Handicap> {
        self.handicap
    }

    /// The rule set the game is played under (Jieqi), if one was chosen.
    pub fn rule_set(&self) -> Option<RuleSet> {
        self.rule_set
    }

    /// Who looks at the board on this device: the person against a bot; in pass-and-play the
    /// side to move where the game hides pieces (the device is handed over between turns),
    /// everyone alike otherwise; nobody in particular between two bots.
    pub fn seat(&self) -> Seat {
        let game_hides = self.table.hides_information();
        match (self.bots[0], self.bots[1]) {
            (None, Some(_)) => Seat::Player(Color::White),
            (Some(_), None) => Seat::Player(Color::Black),
            (None, None) if game_hides => Seat::Player(self.table.to_move()),
            _ => Seat::Spectator,
        }
    }

    /// Every change of the game moves the generation on (see [`Session::apply_bot_reply`]).
    fn changed(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// How the game has ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.table.outcome()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[MoveRecord] {
        self.table.moves()
    }

    /// The current position's FEN as the looking seat ([`Session::seat`]) may see it: for
    /// Jieqi that seat's view FEN, never the hidden identities.
    pub fn fen(&self) -> String {
        self.table.fen(self.seat())
    }

    /// Who the game waits for.
    pub fn awaiting(&self) -> Awaiting {
        if self.outcome().is_some() {
            return Awaiting::Nobody;
        }
        let side = self.table.to_move();
        match self.bot_level(side) {
            None => Awaiting::Person(side),
            Some(_) => Awaiting::Bot(side),
        }
    }

    /// What the board screen draws now.
    pub fn view(&self) -> BoardView {
        let (files, ranks) = self.table.size();
        let seat = self.seat();
        let last = self.table.moves().last().cloned();
        let check = self.table.check(seat);
        let targets = self.selected.map(|s| self.table.targets(s)).unwrap_or_default();
        let board = self.table.board(seat);
        let mut points = Vec::with_capacity(board.len());
        for rank in 0..ranks {
            for file in 0..files {
                let point = Point::new(file, rank);
                let i = usize::from(rank) * usize::from(files) + usize::from(file);
                let [piece, partner] = board.get(i).copied().unwrap_or_default();
                let target = targets.contains(&point);
                points.push(PointView {
                    point,
                    piece,
                    partner,
                    highlights: Highlights {
                        selected: self.selected == Some(point),
                        target,
                        capture: target && piece.is_some(),
                        last_from: last.as_ref().is_some_and(|m| m.from == point),
                        last_to: last.as_ref().is_some_and(|m| m.to == point),
                        check: check == Some(point),
                        special: self.table.is_special(point),
                    },
                });
            }
        }
        BoardView {
            variant: self.variant(),
            files,
            ranks,
            points,
            to_move: self.table.to_move(),
            awaiting: self.awaiting(),
            selected: self.selected,
            targets,
            last_move: last,
            check,
            hovering: None,
            outcome: self.outcome(),
            can_undo: self.can_undo(),
            ply_count: u32::try_from(self.table.moves().len()).unwrap_or(u32::MAX),
        }
    }

    fn on_board(&self, p: Point) -> bool {
        let (files, ranks) = self.table.size();
        p.file < files && p.rank < ranks
    }

    /// Why no person may touch the pieces now, if that is so.
    fn input_refusal(&self) -> Option<Refusal> {
        match self.awaiting() {
            Awaiting::Person(_) => None,
            Awaiting::Nobody => Some(Refusal::GameOver),
            Awaiting::Bot(_) | Awaiting::HandOver(_) => Some(Refusal::NotYourTurn),
        }
    }

    /// Selects the piece on `p` if it belongs to the side to move and can move.
    fn select(&mut self, p: Point) -> TapResult {
        let to_move = self.table.to_move();
        let [piece, partner] = self.table.pieces_at(self.seat(), p);
        let Some(piece) = piece else {
            return TapResult::Refused(Refusal::EmptyPoint);
        };
        // A bond holds a piece of each side: it is the mover's to lift.
        let piece = if piece.side == to_move { piece } else { partner.unwrap_or(piece) };
        if piece.side != to_move {
            return TapResult::Refused(Refusal::OpponentPiece { game: self.variant(), to_move });
        }
        if self.table.targets(p).is_empty() {
            return TapResult::Refused(Refusal::NoLegalMove { piece: piece.kind, point: p });
        }
        self.selected = Some(p);
        TapResult::Selected(p)
    }

    fn move_selected(&mut self, from: Point, to: Point) -> Result<MoveRecord, Refusal> {
        let record = self.table.play_points(from, to)?;
        self.selected = None;
        self.changed();
        Ok(record)
    }

    /// A tap on a point: selects a piece of the side to move, moves the selected piece to a
    /// legal target, deselects on a second tap of the selected piece, or refuses with a
    /// reason. A refused move keeps the selection, so the player can try another point.
    pub fn tap(&mut self, p: Point) -> TapResult {
        if !self.on_board(p) {
            return TapResult::Refused(Refusal::OffBoard);
        }
        if let Some(refusal) = self.input_refusal() {
            self.selected = None;
            return TapResult::Refused(refusal);
        }
        let Some(selected) = self.selected else { return self.select(p) };
        if selected == p {
            self.selected = None;
            return TapResult::Deselected;
        }
        let to_move = self.table.to_move();
        let own =
            self.table.pieces_at(self.seat(), p)[0].is_some_and(|piece| piece.side == to_move);
        if own {
            return self.select(p);
        }
        match self.move_selected(selected, p) {
            Ok(record) => TapResult::Moved(record),
            Err(refusal) => TapResult::Refused(refusal),
        }
    }

    /// A piece dragged from `from` and dropped on `to`: plays the move if it is legal. A
    /// drop on the starting point is a tap there (it selects), and a refused drop leaves the
    /// dragged piece selected so its targets show.
    pub fn drag(&mut self, from: Point, to: Point) -> TapResult {
        if !self.on_board(from) || !self.on_board(to) {
            return TapResult::Refused(Refusal::OffBoard);
        }
        if from == to {
            return if self.selected == Some(from) {
                TapResult::Selected(from)
            } else {
                self.tap(from)
            };
        }
        if let Some(refusal) = self.input_refusal() {
            self.selected = None;
            return TapResult::Refused(refusal);
        }
        match self.select(from) {
            TapResult::Selected(_) => {}
            refused => return refused,
        }
        match self.move_selected(from, to) {
            Ok(record) => TapResult::Moved(record),
            Err(refusal) => TapResult::Refused(refusal),
        }
    }

    /// Drops whatever a player has started on the board (the selection; in games whose
    /// moves have several steps, the steps made so far). Returns whether there was any.
    pub fn cancel_input(&mut self) -> bool {
        self.selected.take().is_some()
    }

    /// Plays a move given as text: the game's coordinates (`h3e3`) or its notation for
    /// people (`C2=5`). Bots, the network and typed input use this; it does not check
    /// whose device the move comes from.
    pub fn play(&mut self, text: &str) -> Result<MoveRecord, SessionError> {
        let record = self.table.play_text(text)?;
        self.selected = None;
        self.changed();
        Ok(record)
    }

    /// Whether [`Session::undo`] would take anything back.
    pub fn can_undo(&self) -> bool {
        self.table.declared().is_some() || !self.table.moves().is_empty()
    }

    /// Takes back a resignation (or another declared ending) if there is one, otherwise the
    /// last move; against a bot, also the bot's move before it, so a person is to move again.
    /// Returns whether anything was taken back.
    pub fn undo(&mut self) -> bool {
        self.selected = None;
        if self.table.take_back_ending() {
            self.changed();
            return true;
        }
        if !self.table.undo_move() {
            return false;
        }
        self.changed();
        // Back to a person's turn; a game between two bots has none, so one move is enough.
        let has_person = self.bots.iter().any(Option::is_none);
        while has_person && self.bot_level(self.table.to_move()).is_some() && self.table.undo_move()
        {
        }
        true
    }

    /// The bot's turn to think about, if a bot is to move: a snapshot to run
    /// [`BotRequest::think`] on, on any thread, while the session stays with the UI. `None`
    /// when a person is to move or the game is over. The bot gets what its seat may know.
    pub fn bot_request(&self) -> Option<BotRequest> {
        let Awaiting::Bot(side) = self.awaiting() else { return None };
        let level = self.bot_level(side)?;
        Some(BotRequest::new(
            self.moment(side),
            level,
            side_seed(self.bot_seed, side),
            self.table.moves().len(),
            self.table.bot_turn(Seat::Player(side)),
        ))
    }

    fn moment(&self, side: Color) -> Moment {
        Moment { session: self.id, generation: self.generation, side }
    }

    /// Plays the bot's reply if the game has not changed since its request (same session,
    /// same generation, the same bot to move); otherwise refuses it with
    /// [`SessionError::StaleBotReply`] and changes nothing. A move taken back and played again
    /// is a change too: ask again, and the bot answers the same (same record, level, seed).
    pub fn apply_bot_reply(&mut self, reply: BotReply) -> Result<MoveRecord, SessionError> {
        let moment = reply.moment();
        let current = matches!(self.awaiting(), Awaiting::Bot(side) if side == moment.side);
        if !current || moment != self.moment(moment.side) {
            return Err(SessionError::StaleBotReply);
        }
        self.play(reply.move_text())
    }

    /// Lets the bot to move think on this thread and plays its move: a convenience for the
    /// command line and tests; a UI uses [`Session::bot_request`] off its main thread.
    /// `Ok(None)` when no bot is to move.
    pub fn play_bot_move(&mut self) -> Result<Option<MoveRecord>, SessionError> {
        let Some(request) = self.bot_request() else { return Ok(None) };
        let reply = request.think(None)?;
        self.apply_bot_reply(reply).map(Some)
    }

    /// Resigns for the person on this device: the only person seat in a game against a bot;
    /// in pass-and-play, the side to move.
    pub fn resign(&mut self) -> Result<Outcome, SessionError> {
        if self.outcome().is_some() {
            return Err(SessionError::GameOver);
        }
        let loser = match (&self.first, &self.second) {
            (Player::Person, Player::Bot { .. }) => Color::White,
            (Player::Bot { .. }, Player::Person) => Color::Black,
            _ => self.table.to_move(),
        };
        let outcome = Outcome::Win { winner: !loser, reason: WinReason::Resignation };
        self.selected = None;
        self.table.declare(outcome);
        self.changed();
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests;
