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

use crate::board::{Marks, draw, move_rows, player_bars};
use crate::bot::{BotReply, BotRequest, Moment, fresh_seed, session_id, side_seed};
use crate::error::{SessionError, StoreError};
use crate::input::{Entered, Input};
use crate::model::{
    Awaiting, BoardView, Hovering, MoveRecord, NewGame, PieceKind, Player, PlayerBar, Point,
    PromotionChoice, Refusal, TapResult,
};
use crate::store::{GameRecord, Store};
use crate::table::Situation;
use crate::table::{Table, new_table};
use crate::text::{self, Language};

/// What saving a session writes, copied from it ([`Session::save_snapshot`]).
#[derive(Clone, Debug)]
pub struct SaveSnapshot {
    record: GameRecord,
    outcome: Option<Outcome>,
    id: Option<i64>,
    session: u64,
}

impl SaveSnapshot {
    /// Writes the copy: over its saved game, or as a new one the first time, or when the
    /// saved game was deleted meanwhile (the player is still playing it). Returns the id.
    pub fn write(&self, store: &Store) -> Result<i64, StoreError> {
        match store.save_game(self.id, &self.record, self.outcome) {
            Err(StoreError::NotFound { .. }) if self.id.is_some() => {
                store.save_game(None, &self.record, self.outcome)
            }
            written => written,
        }
    }
}

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
    /// The move being entered beyond the board's own state: a step waiting for its
    /// promotion to be chosen (Friendly chess).
    input: Input,
    /// The side the device must be handed to before the board shows (pass-and-play where
    /// the game hides pieces).
    hand_over: Option<Color>,
    /// The language of the view's texts.
    language: Language,
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
        let table = new_table(game);
        // Two people sharing a device where pieces are hidden: the board shows only after the
        // player to move has it, from the very first move.
        let pass_and_play = first_bot.is_none() && second_bot.is_none();
        let hand_over = (pass_and_play && table.hides_information() && table.outcome().is_none())
            .then(|| table.to_move());
        Ok(Session {
            table,
            first,
            second,
            handicap,
            rule_set,
            bots: [first_bot, second_bot],
            bot_seed,
            input: Input::default(),
            hand_over,
            language: Language::English,
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

    /// Saves the game: the first time as a new saved game, then over the same one (anew if
    /// it was deleted meanwhile). Returns the saved game's id.
    pub fn save(&mut self, store: &Store) -> Result<i64, StoreError> {
        let snapshot = self.save_snapshot();
        let id = snapshot.write(store)?;
        self.saved(&snapshot, id);
        Ok(id)
    }

    /// A copy of what saving writes, to write without holding the session (a UI saves on
    /// another thread while the player goes on).
    pub fn save_snapshot(&self) -> SaveSnapshot {
        SaveSnapshot {
            record: self.record(),
            outcome: self.outcome(),
            id: self.saved_id,
            session: self.id,
        }
    }

    /// Takes note that `snapshot` was written as saved game `id`.
    pub fn saved(&mut self, snapshot: &SaveSnapshot, id: i64) {
        if snapshot.session == self.id {
            self.saved_id = Some(id);
        }
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
        if let Some(side) = self.hand_over {
            return Awaiting::HandOver(side);
        }
        let side = self.table.to_move();
        match self.bot_level(side) {
            None => Awaiting::Person(side),
            Some(_) => Awaiting::Bot(side),
        }
    }

    /// The language of the view's texts (status line, result, players' bars, refusals).
    pub fn language(&self) -> Language {
        self.language
    }

    /// Speaks `language` from now on.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    /// The player at the device confirms they are the one the device was handed to: the
    /// board shows again. Returns whether a hand-over was awaited.
    pub fn confirm_hand_over(&mut self) -> bool {
        self.hand_over.take().is_some()
    }

    /// After a move or a take-back by a person: where pieces are hidden and two people share
    /// the device, it goes to the player to move before the board shows.
    fn hand_over_if_shared(&mut self) {
        let pass_and_play = self.bots.iter().all(Option::is_none);
        self.hand_over =
            (pass_and_play && self.table.hides_information() && self.table.outcome().is_none())
                .then(|| self.table.to_move());
    }

    /// What the board screen draws now. While the device waits to be handed over, it shows
    /// no piece and no move of the game.
    pub fn view(&self) -> BoardView {
        let (files, ranks) = self.table.size();
        let seat = self.seat();
        let awaiting = self.awaiting();
        let hidden = matches!(awaiting, Awaiting::HandOver(_));
        let lang = self.language;
        let variant = self.variant();
        let drawn = draw(self.table.as_ref(), seat, hidden, Marks::default());
        let promotion = if hidden { None } else { self.promotion_choice() };
        let outcome = self.outcome();
        let result = outcome.map(|o| text::outcome_text(lang, variant, o));
        let last_move_text = drawn.last.as_ref().map(|m| text::last_move_text(lang, &m.notation));
        BoardView {
            variant,
            files,
            ranks,
            points: drawn.points,
            to_move: self.table.to_move(),
            awaiting,
            selected: drawn.selected,
            targets: drawn.targets,
            last_move: drawn.last,
            check: drawn.check,
            hovering: drawn.hovering,
            promotion: promotion.clone(),
            outcome,
            can_undo: !hidden && self.can_undo(),
            can_agree_draw: !hidden && self.can_agree_draw(),
            move_started: !hidden && (drawn.selected.is_some() || self.input.pending().is_some()),
            ply_count: u32::try_from(self.table.moves().len()).unwrap_or(u32::MAX),
            players: if hidden { Vec::new() } else { self.player_bars(seat) },
            status: self.status_line(
                awaiting,
                drawn.hovering,
                promotion.as_ref(),
                result.as_deref(),
            ),
            result,
            move_rows: if hidden { Vec::new() } else { move_rows(self.table.moves()) },
            last_move_text,
            hand_over: match awaiting {
                Awaiting::HandOver(side) => Some(text::hand_over_text(lang, variant, side)),
                _ => None,
            },
        }
    }

    /// The promotion to choose now: the one the step just tapped needs, or one owed.
    fn promotion_choice(&self) -> Option<PromotionChoice> {
        let person = matches!(self.awaiting(), Awaiting::Person(_));
        self.input.promotion_choice(self.table.as_ref(), person)
    }

    /// The status line in the session's language.
    fn status_line(
        &self,
        awaiting: Awaiting,
        hovering: Option<Hovering>,
        promotion: Option<&PromotionChoice>,
        result: Option<&str>,
    ) -> String {
        let (lang, variant) = (self.language, self.variant());
        let side = |c: Color| text::side_name(lang, variant, c);
        match awaiting {
            Awaiting::Nobody => {
                result.map_or_else(|| text::message(lang, "status-over", &[]), str::to_owned)
            }
            Awaiting::HandOver(c) => text::message(lang, "status-hand-over", &[("side", side(c))]),
            // A session on this device has no opponent elsewhere; said as a bot's turn would be.
            Awaiting::Bot(c) | Awaiting::Opponent(c) => {
                text::message(lang, "status-bot-to-move", &[("side", side(c))])
            }
            Awaiting::Person(c) => {
                if let Some(p) = promotion {
                    return match self.input.pending() {
                        Some(_) => text::message(lang, "status-promotion", &[]),
                        None => {
                            text::message(lang, "status-owed", &[("square", p.point.to_string())])
                        }
                    };
                }
                if let Some(h) = hovering {
                    let piece = text::piece_name(lang, h.piece.kind);
                    return text::message(lang, "status-released", &[("piece", piece)]);
                }
                let id = match self.table.situation(self.seat()) {
                    Situation::Quiet => "status-to-move",
                    Situation::Check => "status-check",
                    Situation::Threatened => "status-threatened",
                    Situation::CentreHeld => "status-centre-own",
                    Situation::CentreThreat => "status-centre-threat",
                };
                text::message(lang, id, &[("side", side(c))])
            }
        }
    }

    /// The players' bars: each side's name and player, whether it is to move, whether its
    /// king is threatened, and what it has captured, as the looking seat knows it.
    fn player_bars(&self, seat: Seat) -> Vec<PlayerBar> {
        let (lang, variant) = (self.language, self.variant());
        player_bars(self.table.as_ref(), seat, |side| {
            let who = text::player_name(lang, self.player(side));
            format!("{} · {who}", text::side_name(lang, variant, side))
        })
    }

    /// Why no person may touch the pieces now, if that is so.
    fn input_refusal(&self) -> Option<Refusal> {
        match self.awaiting() {
            Awaiting::Person(_) => None,
            Awaiting::Nobody => Some(Refusal::GameOver),
            Awaiting::Bot(_) | Awaiting::HandOver(_) | Awaiting::Opponent(_) => {
                Some(Refusal::NotYourTurn)
            }
        }
    }

    /// A move completed: record it as a change, and hand the device on where that is due.
    fn played(&mut self, record: MoveRecord) -> TapResult {
        self.input.clear();
        self.changed();
        self.hand_over_if_shared();
        TapResult::Moved(record)
    }

    /// What an input did: a completed move is played (the table played it already).
    fn entered(&mut self, entered: Entered<MoveRecord>) -> TapResult {
        match entered {
            Entered::Tap(result) => result,
            Entered::Done(record) => self.played(record),
        }
    }

    /// A tap on a point: lifts a piece of the side to move, steps the piece in hand to a
    /// legal target (in Friendly chess each released piece in turn), puts the lifted piece
    /// back on a second tap, or refuses with a reason. A refused step keeps the piece in
    /// hand, so the player can try another point.
    pub fn tap(&mut self, p: Point) -> TapResult {
        let (seat, refusal) = (self.seat(), self.input_refusal());
        let entered = self.input.tap(self.table.as_mut(), seat, refusal, p);
        self.entered(entered)
    }

    /// A piece dragged from `from` and dropped on `to`: lifts it and steps it there. A drop
    /// on the starting point is a tap there (it lifts), and a refused drop leaves the piece
    /// lifted so its targets show.
    pub fn drag(&mut self, from: Point, to: Point) -> TapResult {
        let (seat, refusal) = (self.seat(), self.input_refusal());
        let entered = self.input.drag(self.table.as_mut(), seat, refusal, from, to);
        self.entered(entered)
    }

    /// Chooses the piece a pawn becomes: the promotion of the step just tapped, or one owed
    /// after the opponent carried a pawn to its last rank.
    pub fn choose_promotion(&mut self, kind: PieceKind) -> TapResult {
        let refusal = self.input_refusal();
        let entered = self.input.choose_promotion(self.table.as_mut(), refusal, kind);
        self.entered(entered)
    }

    /// Starts the move being entered again: the lifted piece back, a chain's steps undone.
    /// Returns whether there was anything to undo.
    pub fn restart_move(&mut self) -> bool {
        self.input.restart(self.table.as_mut())
    }

    /// Drops whatever a player has started on the board (the piece in hand; in a chain, the
    /// steps made so far). Returns whether there was any.
    pub fn cancel_input(&mut self) -> bool {
        self.restart_move()
    }

    /// Plays a move given as text: the game's coordinates (`h3e3`) or its notation for
    /// people (`C2=5`). Bots, the network and typed input use this; it does not check
    /// whose device the move comes from.
    pub fn play(&mut self, text: &str) -> Result<MoveRecord, SessionError> {
        let record = self.table.play_text(text)?;
        self.input.clear();
        self.changed();
        self.hand_over_if_shared();
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
        self.input.clear();
        if self.table.take_back_ending() {
            self.changed();
            return true;
        }
        if !self.table.undo_move() {
            return false;
        }
        self.changed();
        self.hand_over_if_shared();
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
        self.input.clear();
        self.hand_over = None;
        self.table.declare(outcome);
        self.changed();
        Ok(outcome)
    }

    /// Whether the players may end the game in a draw they agree to: two people on this
    /// device, in a game not over.
    pub fn can_agree_draw(&self) -> bool {
        self.outcome().is_none() && self.bots == [None, None]
    }

    /// Ends the game in a draw both players agreed to (two people on this device); undo
    /// takes it back, as it does a resignation.
    pub fn agree_draw(&mut self) -> Result<Outcome, SessionError> {
        if self.outcome().is_some() {
            return Err(SessionError::GameOver);
        }
        if self.bots != [None, None] {
            return Err(SessionError::DrawNeedsTwoPeople);
        }
        let outcome = Outcome::Draw { reason: rodina_rules::DrawReason::Agreement };
        self.input.clear();
        self.hand_over = None;
        self.table.declare(outcome);
        self.changed();
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests;
