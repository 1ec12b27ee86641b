//! The message catalog: every text a player reads, in English and Slovak, from one source
//! that both apps use (Project Fluent files embedded in the core, `messages/*.ftl`).
//!
//! The rules and the app speak in typed values (an [`Outcome`], a [`Refusal`], a
//! [`PieceKind`]); this module turns them into sentences of a [`Language`]. Slovak plural
//! forms (1 ťah, 2–4 ťahy, 5 ťahov) come from Fluent's plural rules. A message missing in
//! one language is a test failure; a message missing at run time shows its id rather than
//! failing.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use rodina_engine::Level;
use rodina_puzzles::{Difficulty, Theme};
use rodina_rules::friendly::StepError;
use rodina_rules::jieqi::{RuleSet, ViewPlayError};
use rodina_rules::xiangqi::Handicap;
use rodina_rules::{
    Color, IllegalMoveReason, Outcome, ParseMoveError, PieceKind, PlayError, Seat, Variant,
};

use crate::model::{GameSummary, PieceView, Player, Refusal};
use crate::puzzle::{PuzzleProgress, RatingView};
use crate::store::PieceStyle;

/// A language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// English.
    English,
    /// Slovak.
    Slovak,
}

impl Language {
    /// Every language, in the order a picker lists them.
    pub const ALL: [Language; 2] = [Language::English, Language::Slovak];

    /// The language's code (`en`, `sk`), as settings keep it.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Slovak => "sk",
        }
    }

    /// The language for a system locale (`sk`, `sk-SK`, `sk_SK`, `en-GB`, ...): Slovak for a
    /// Slovak locale, English for everything else.
    pub fn for_locale(locale: &str) -> Language {
        let primary = locale.trim().split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("sk") { Language::Slovak } else { Language::English }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A text that names no language the app speaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?} (known: en, sk)", self.0)
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLanguage(s.to_owned()))
    }
}

/// The sources of the catalog, one per language in [`Language::ALL`] order.
pub(crate) const SOURCES: [&str; 2] =
    [include_str!("../messages/en.ftl"), include_str!("../messages/sk.ftl")];

/// The rules courses' texts (rodina-learn's), added to the same bundles.
pub(crate) const COURSE_SOURCES: [&str; 2] = rodina_learn::MESSAGES;

type Bundle = FluentBundle<FluentResource>;

/// The parsed catalog, built once.
fn bundles() -> &'static [Bundle; 2] {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        Language::ALL.map(|l| bundle(l, &[SOURCES[l.index()], COURSE_SOURCES[l.index()]]))
    })
}

/// One language's bundle of `sources`. A source that does not parse keeps what parses (the
/// tests make sure nothing is left out).
pub(crate) fn bundle(language: Language, sources: &[&str]) -> Bundle {
    let id: unic_langid::LanguageIdentifier = language.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks: the texts go to UI labels, not into mixed-direction text.
    bundle.set_use_isolating(false);
    for source in sources {
        let resource = match FluentResource::try_new((*source).to_owned()) {
            Ok(r) => r,
            Err((r, _errors)) => r,
        };
        // A message defined twice is a test failure; here the first one stays.
        let _ = bundle.add_resource(resource);
    }
    bundle
}

/// Formats message `id` with `args` in `language`, and reports what went wrong (a message or
/// argument missing): for the tests, which allow nothing to go wrong.
pub(crate) fn format_checked(
    language: Language,
    id: &str,
    args: &[(&str, Arg)],
) -> (String, Vec<String>) {
    let bundle = &bundles()[language.index()];
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return (id.to_owned(), vec![format!("no message {id} in {language}")]);
    };
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Text(t) => fluent_args.set(*name, FluentValue::from(t.clone())),
            Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
    (text, errors.into_iter().map(|e| format!("{id} in {language}: {e}")).collect())
}

/// An argument of a message.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    /// Text (a name, a square, a sentence already formatted).
    Text(String),
    /// A number (it chooses plural forms).
    Number(i64),
}

impl From<&str> for Arg {
    fn from(t: &str) -> Self {
        Arg::Text(t.to_owned())
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Self {
        Arg::Number(i64::from(n))
    }
}

impl From<String> for Arg {
    fn from(t: String) -> Self {
        Arg::Text(t)
    }
}

/// Message `id` in `language` with `args`.
pub(crate) fn tr(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    format_checked(language, id, args).0
}

/// A text of a rules course (a lesson's title, an exercise's title, goal, hint or words on
/// success), by the catalog id the course names it with
/// ([`rodina_learn::Exercise::text_id`], [`rodina_learn::Lesson::title_id`]).
pub fn course_text(language: Language, id: &str) -> String {
    tr(language, id, &[])
}

/// The first letter in upper case: names start sentences in some messages.
fn capitalized(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// A game's name.
pub fn game_name(language: Language, variant: Variant) -> String {
    tr(language, &format!("game-{}", variant.name()), &[])
}

/// A side as players of `variant` name it (`Red`, `Green`, `White`).
pub fn side_name(language: Language, variant: Variant, side: Color) -> String {
    tr(language, &format!("side-{}", variant.color_name(side)), &[])
}

/// A seat: its side's name, or the spectator.
pub fn seat_name(language: Language, variant: Variant, seat: Seat) -> String {
    match seat {
        Seat::Player(side) => side_name(language, variant, side),
        Seat::Spectator => tr(language, "seat-spectator", &[]),
    }
}

/// A piece's name, in lower case (`horse`, `kôň`).
pub fn piece_name(language: Language, kind: PieceKind) -> String {
    tr(language, &format!("piece-{}", kind.name()), &[])
}

/// A piece as a message names it: its kind, or for a face-down piece what it moves as.
fn piece_words(language: Language, kind: PieceKind, face_down: bool) -> String {
    if face_down {
        tr(language, "piece-face-down", &[("piece", piece_name(language, kind).into())])
    } else {
        piece_name(language, kind)
    }
}

/// A bot level's name.
pub fn level_name(language: Language, level: Level) -> String {
    tr(language, &format!("level-{}", level.id()), &[])
}

/// A handicap's description; `None` for no handicap.
pub fn handicap_name(language: Language, handicap: Option<Handicap>) -> String {
    match handicap {
        None => tr(language, "handicap-none", &[]),
        Some(h) => tr(language, &format!("handicap-{}", h.name()), &[]),
    }
}

/// A rule set's name.
pub fn rule_set_name(language: Language, rule_set: RuleSet) -> String {
    tr(language, &format!("ruleset-{}", rule_set.name()), &[])
}

/// How a game ended, as a sentence: `Red wins: checkmate.`, `Draw: the position repeated.`
pub fn outcome_text(language: Language, variant: Variant, outcome: Outcome) -> String {
    let game = Arg::from(variant.name());
    match outcome {
        Outcome::Win { winner, reason } => {
            let reason = tr(language, &format!("win-{reason}"), &[("game", game)]);
            let winner = side_name(language, variant, winner);
            tr(language, "outcome-win", &[("winner", winner.into()), ("reason", reason.into())])
        }
        Outcome::Draw { reason } => {
            let reason = tr(language, &format!("draw-{reason}"), &[("game", game)]);
            tr(language, "outcome-draw", &[("reason", reason.into())])
        }
    }
}

/// A number of moves: `1 move`, `5 ťahov`.
pub fn move_count(language: Language, count: u32) -> String {
    tr(language, "move-count", &[("count", Arg::Number(i64::from(count)))])
}

/// A number of games in progress: `1 game in progress`, `5 rozohraných partií`.
pub fn games_in_progress(language: Language, count: u32) -> String {
    tr(language, "home-in-progress", &[("count", Arg::Number(i64::from(count)))])
}

/// Why a tap did nothing, as a sentence.
pub fn refusal_text(language: Language, refusal: &Refusal) -> String {
    match refusal {
        Refusal::GameOver => tr(language, "refusal-game-over", &[]),
        Refusal::NotYourTurn => tr(language, "refusal-not-your-turn", &[]),
        Refusal::OffBoard => tr(language, "refusal-off-board", &[]),
        Refusal::EmptyPoint => tr(language, "refusal-empty-point", &[]),
        Refusal::OpponentPiece { game, to_move } => {
            let side = side_name(language, *game, *to_move);
            tr(language, "refusal-opponent-piece", &[("side", side.into())])
        }
        Refusal::NoLegalMove { piece, point } => tr(
            language,
            "refusal-no-legal-move",
            &[("piece", piece_name(language, *piece).into()), ("square", point.to_string().into())],
        ),
        Refusal::IllegalMove { reason } => illegal_text(language, reason),
    }
}

/// Why the rules refuse a move, as a sentence.
pub fn illegal_text(language: Language, reason: &IllegalMoveReason) -> String {
    use IllegalMoveReason as R;
    let sq = |p: &rodina_rules::Point| Arg::from(p.to_string());
    let text = match reason {
        R::NoPiece { square } => tr(language, "illegal-no-piece", &[("square", sq(square))]),
        R::NotYourPiece { game, square, piece, face_down, owner, to_move } => tr(
            language,
            "illegal-not-your-piece",
            &[
                ("piece", piece_words(language, *piece, *face_down).into()),
                ("square", sq(square)),
                ("owner", side_name(language, *game, *owner).into()),
                ("side", side_name(language, *game, *to_move).into()),
            ],
        ),
        R::CannotReach { piece, face_down, from, to } => tr(
            language,
            "illegal-cannot-reach",
            &[
                ("piece", piece_words(language, *piece, *face_down).into()),
                ("from", sq(from)),
                ("to", sq(to)),
            ],
        ),
        R::GeneralsFace => tr(language, "illegal-generals-face", &[]),
        R::StaysInCheck => tr(language, "illegal-stays-in-check", &[]),
        R::LeavesCheck => tr(language, "illegal-leaves-check", &[]),
        R::LeavesGeneralAttacked => tr(language, "illegal-leaves-general-attacked", &[]),
        R::NoWxfMatch => tr(language, "illegal-no-wxf-match", &[]),
        R::RevealMissing => tr(language, "illegal-reveal-missing", &[]),
        R::RevealsNothing => tr(language, "illegal-reveals-nothing", &[]),
        R::CapturesNothing => tr(language, "illegal-captures-nothing", &[]),
        R::CaptureNoteMisfit => tr(language, "illegal-capture-note-misfit", &[]),
        R::RecordDisagrees { record } => {
            tr(language, "illegal-record-disagrees", &[("record", record.text().into())])
        }
        R::View(e) => view_text(language, e),
        R::OwedPromotionElsewhere { owed, given } => {
            tr(language, "illegal-owed-elsewhere", &[("owed", sq(owed)), ("given", sq(given))])
        }
        R::PromotionOwedFirst { square, .. } => {
            tr(language, "illegal-promotion-owed-first", &[("square", sq(square))])
        }
        R::Step { number: None, error } => step_text(language, error),
        R::Step { number: Some(n), error } => tr(
            language,
            "illegal-step-numbered",
            &[
                ("number", Arg::Number(i64::try_from(*n).unwrap_or(i64::MAX))),
                ("error", step_text(language, error).into()),
            ],
        ),
        R::NoMoveLeadsThere => tr(language, "illegal-no-move-leads-there", &[]),
        R::WonByLeavingCentre { winner } => tr(
            language,
            "illegal-won-by-leaving-centre",
            &[("winner", side_name(language, Variant::JesonMor, *winner).into())],
        ),
        R::NoKnightLeft { side } => tr(
            language,
            "illegal-no-knight-left",
            &[("side", side_name(language, Variant::JesonMor, *side).into())],
        ),
        R::NoKnight { square } => tr(language, "illegal-no-knight", &[("square", sq(square))]),
        R::NotAKnightJump { from, to } => {
            tr(language, "illegal-not-a-knight-jump", &[("from", sq(from)), ("to", sq(to))])
        }
        R::OwnKnightThere { side, square } => tr(
            language,
            "illegal-own-knight-there",
            &[
                ("side", side_name(language, Variant::JesonMor, *side).into()),
                ("square", sq(square)),
            ],
        ),
        R::Forbidden => tr(language, "illegal-forbidden", &[]),
        R::NotLegal => tr(language, "illegal-not-legal", &[]),
    };
    capitalized(text)
}

/// Why a step of a Friendly chess move cannot be taken, as a sentence.
pub fn step_text(language: Language, error: &StepError) -> String {
    let sq = |p: rodina_rules::friendly::Square| Arg::from(p.to_string());
    match error {
        StepError::GameOver => tr(language, "step-game-over", &[]),
        StepError::MoveComplete => tr(language, "step-move-complete", &[]),
        StepError::PromotionOwed { square } => {
            tr(language, "step-promotion-owed", &[("square", sq(*square))])
        }
        StepError::NoPromotionOwed => tr(language, "step-no-promotion-owed", &[]),
        StepError::AlreadyLifted => tr(language, "step-already-lifted", &[]),
        StepError::NothingLifted => tr(language, "step-nothing-lifted", &[]),
        StepError::NotYourPiece { square } => {
            tr(language, "step-not-your-piece", &[("square", sq(*square))])
        }
        StepError::CannotMove { square } => {
            tr(language, "step-cannot-move", &[("square", sq(*square))])
        }
        StepError::IllegalStep { from, to } => {
            tr(language, "step-illegal", &[("from", sq(*from)), ("to", sq(*to))])
        }
        StepError::PromotionRequired { to } => {
            tr(language, "step-promotion-required", &[("to", sq(*to))])
        }
        StepError::InvalidPromotion { role } => tr(
            language,
            "step-invalid-promotion",
            &[("piece", piece_name(language, PieceKind::from(*role)).into())],
        ),
        StepError::Unfinished { square } => {
            tr(language, "step-unfinished", &[("square", sq(*square))])
        }
    }
}

/// Why a Jieqi seat's record refuses a move read with what it revealed, as a sentence.
pub fn view_text(language: Language, error: &ViewPlayError) -> String {
    let mv = |m: &rodina_rules::jieqi::Move| Arg::from(m.to_string());
    let role =
        |r: &rodina_rules::xiangqi::Role| Arg::from(piece_name(language, PieceKind::from(*r)));
    match error {
        ViewPlayError::Play(e) => play_text(language, e),
        ViewPlayError::RevealMissing { mv: m } => {
            tr(language, "view-reveal-missing", &[("move", mv(m))])
        }
        ViewPlayError::RevealUnexpected { mv: m } => {
            tr(language, "view-reveal-unexpected", &[("move", mv(m))])
        }
        ViewPlayError::RevealImpossible { mv: m, role: r } => {
            tr(language, "view-reveal-impossible", &[("move", mv(m)), ("piece", role(r))])
        }
        ViewPlayError::CaptureMissing { mv: m } => {
            tr(language, "view-capture-missing", &[("move", mv(m))])
        }
        ViewPlayError::CaptureUnknowable { mv: m } => {
            tr(language, "view-capture-unknowable", &[("move", mv(m))])
        }
        ViewPlayError::CaptureImpossible { mv: m, role: r } => {
            tr(language, "view-capture-impossible", &[("move", mv(m)), ("piece", role(r))])
        }
    }
}

/// Why a move could not be played, as a sentence.
pub fn play_text(language: Language, error: &PlayError) -> String {
    match error {
        PlayError::Text(e) => move_text_error(language, e),
        PlayError::IllegalMove { text } => {
            tr(language, "play-illegal", &[("move", text.clone().into())])
        }
        PlayError::Forbidden { text } => {
            tr(language, "play-forbidden", &[("move", text.clone().into())])
        }
        PlayError::Chance { text } => tr(language, "play-chance", &[("move", text.clone().into())]),
        PlayError::GameOver => tr(language, "play-game-over", &[]),
    }
}

/// Why a move text names no legal move, as a sentence.
pub fn move_text_error(language: Language, error: &ParseMoveError) -> String {
    match error {
        ParseMoveError::Syntax { text } => {
            tr(language, "move-syntax", &[("text", text.clone().into())])
        }
        ParseMoveError::Illegal { text, reason } => tr(
            language,
            "move-illegal",
            &[("text", text.clone().into()), ("reason", illegal_text(language, reason).into())],
        ),
        ParseMoveError::Ambiguous { text } => {
            tr(language, "move-ambiguous", &[("text", text.clone().into())])
        }
    }
}

/// The texts of the screens: labels, menus, settings. Each is one message of the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UiText {
    /// The app's name.
    AppName,
    /// The home screen's title.
    HomeTitle,
    /// Starts a new game.
    HomeNewGame,
    /// The list of saved games.
    HomeSavedGames,
    /// Said when there is no saved game.
    HomeNoGames,
    /// Opens the settings.
    HomeSettings,
    /// Deletes a saved game.
    HomeDelete,
    /// Takes back a move.
    GameUndo,
    /// Resigns.
    GameResign,
    /// Ends the game in a draw both players agree to.
    GameDraw,
    /// Turns the board round.
    GameFlip,
    /// Starts a move of several steps again.
    GameRestartMove,
    /// Leaves a screen.
    GameBack,
    /// The move list's title.
    GameMoves,
    /// The captured pieces' title.
    GameCaptured,
    /// The promotion chooser's title.
    GamePromotionTitle,
    /// Shown while a bot thinks.
    GameThinking,
    /// The new-game form's title.
    NewGameTitle,
    /// The choice of game.
    NewGameGame,
    /// The choice of opponent.
    NewGameOpponent,
    /// Playing a friend on the same device.
    NewGameFriend,
    /// Playing a bot.
    NewGameBot,
    /// The bot's level.
    NewGameLevel,
    /// The side the person plays.
    NewGameSide,
    /// The handicap (Xiangqi).
    NewGameHandicap,
    /// The rule set (Jieqi).
    NewGameRules,
    /// Starts the game.
    NewGameStart,
    /// Who gives the handicap (Xiangqi against a bot).
    NewGameGiver,
    /// The person gives the handicap.
    NewGameGiverPerson,
    /// The bot gives the handicap.
    NewGameGiverBot,
    /// The settings' title.
    SettingsTitle,
    /// Show the selected piece's targets.
    SettingsShowTargets,
    /// Mark the last move.
    SettingsShowLastMove,
    /// Turn the board to the side to move.
    SettingsRotate,
    /// How pieces are labelled.
    SettingsPieceStyle,
    /// Chinese characters on the pieces.
    SettingsCharacters,
    /// Latin letters on the pieces.
    SettingsLetters,
    /// The language.
    SettingsLanguage,
    /// The language of the system.
    SettingsLanguageSystem,
    /// Offers to set a damaged database aside.
    ErrorSetAside,
    /// Stops the bot thinking.
    GameStopBot,
    /// Lets a stopped bot think again.
    GameLetBotGoOn,
    /// Marks the player whose king (general) is threatened.
    GameThreatened,
    /// Closes a message.
    Dismiss,
    /// Shown while the saved games are opened.
    StartupOpening,
    /// The title when the saved games cannot be opened.
    StartupFailed,
    /// Tries to open the saved games again.
    StartupTryAgain,
    /// The puzzles of a game, on its page.
    PuzzlesEntry,
    /// Shown while a puzzle is chosen.
    PuzzlesLoading,
    /// Asks for a hint.
    PuzzleHint,
    /// Shows a puzzle's solution.
    PuzzleShowSolution,
    /// Goes on to the next puzzle.
    PuzzleNext,
    /// Tries a puzzle again (unrated).
    PuzzleRetry,
    /// Steps the solution back.
    PuzzlePreviousMove,
    /// Steps the solution forward.
    PuzzleNextMove,
    /// The choice of how hard the puzzles are.
    PuzzleDifficulty,
    /// The rules course of a game, on its page.
    CoursesEntry,
    /// Shown while a course is read.
    CoursesLoading,
    /// Shows the next hint of an exercise.
    CourseHint,
    /// Tries an exercise again.
    CourseRetry,
    /// Goes on to the next exercise.
    CourseNext,
    /// Opens the first exercise not solved yet.
    CourseContinue,
    /// A game's page (how it is played, its story), on the game's home.
    CoursePageEntry,
}

impl UiText {
    /// Every text, in declaration order.
    pub const ALL: [UiText; 63] = [
        UiText::AppName,
        UiText::HomeTitle,
        UiText::HomeNewGame,
        UiText::HomeSavedGames,
        UiText::HomeNoGames,
        UiText::HomeSettings,
        UiText::HomeDelete,
        UiText::GameUndo,
        UiText::GameResign,
        UiText::GameDraw,
        UiText::GameFlip,
        UiText::GameRestartMove,
        UiText::GameBack,
        UiText::GameMoves,
        UiText::GameCaptured,
        UiText::GamePromotionTitle,
        UiText::GameThinking,
        UiText::NewGameTitle,
        UiText::NewGameGame,
        UiText::NewGameOpponent,
        UiText::NewGameFriend,
        UiText::NewGameBot,
        UiText::NewGameLevel,
        UiText::NewGameSide,
        UiText::NewGameHandicap,
        UiText::NewGameRules,
        UiText::NewGameStart,
        UiText::NewGameGiver,
        UiText::NewGameGiverPerson,
        UiText::NewGameGiverBot,
        UiText::SettingsTitle,
        UiText::SettingsShowTargets,
        UiText::SettingsShowLastMove,
        UiText::SettingsRotate,
        UiText::SettingsPieceStyle,
        UiText::SettingsCharacters,
        UiText::SettingsLetters,
        UiText::SettingsLanguage,
        UiText::SettingsLanguageSystem,
        UiText::ErrorSetAside,
        UiText::GameStopBot,
        UiText::GameLetBotGoOn,
        UiText::GameThreatened,
        UiText::Dismiss,
        UiText::StartupOpening,
        UiText::StartupFailed,
        UiText::StartupTryAgain,
        UiText::PuzzlesEntry,
        UiText::PuzzlesLoading,
        UiText::PuzzleHint,
        UiText::PuzzleShowSolution,
        UiText::PuzzleNext,
        UiText::PuzzleRetry,
        UiText::PuzzlePreviousMove,
        UiText::PuzzleNextMove,
        UiText::PuzzleDifficulty,
        UiText::CoursesEntry,
        UiText::CoursesLoading,
        UiText::CourseHint,
        UiText::CourseRetry,
        UiText::CourseNext,
        UiText::CourseContinue,
        UiText::CoursePageEntry,
    ];

    /// The message id.
    pub const fn id(self) -> &'static str {
        match self {
            UiText::AppName => "app-name",
            UiText::HomeTitle => "home-title",
            UiText::HomeNewGame => "home-new-game",
            UiText::HomeSavedGames => "home-saved-games",
            UiText::HomeNoGames => "home-no-games",
            UiText::HomeSettings => "home-settings",
            UiText::HomeDelete => "home-delete",
            UiText::GameUndo => "game-undo",
            UiText::GameResign => "game-resign",
            UiText::GameDraw => "game-draw",
            UiText::GameFlip => "game-flip",
            UiText::GameRestartMove => "game-restart-move",
            UiText::GameBack => "game-back",
            UiText::GameMoves => "game-moves",
            UiText::GameCaptured => "game-captured",
            UiText::GamePromotionTitle => "game-promotion-title",
            UiText::GameThinking => "game-thinking",
            UiText::NewGameTitle => "new-game-title",
            UiText::NewGameGame => "new-game-game",
            UiText::NewGameOpponent => "new-game-opponent",
            UiText::NewGameFriend => "new-game-friend",
            UiText::NewGameBot => "new-game-bot",
            UiText::NewGameLevel => "new-game-level",
            UiText::NewGameSide => "new-game-side",
            UiText::NewGameHandicap => "new-game-handicap",
            UiText::NewGameRules => "new-game-rules",
            UiText::NewGameStart => "new-game-start",
            UiText::NewGameGiver => "new-game-giver",
            UiText::NewGameGiverPerson => "new-game-giver-person",
            UiText::NewGameGiverBot => "new-game-giver-bot",
            UiText::SettingsTitle => "settings-title",
            UiText::SettingsShowTargets => "settings-show-targets",
            UiText::SettingsShowLastMove => "settings-show-last-move",
            UiText::SettingsRotate => "settings-rotate",
            UiText::SettingsPieceStyle => "settings-piece-style",
            UiText::SettingsCharacters => "settings-characters",
            UiText::SettingsLetters => "settings-letters",
            UiText::SettingsLanguage => "settings-language",
            UiText::SettingsLanguageSystem => "settings-language-system",
            UiText::ErrorSetAside => "error-set-aside",
            UiText::GameStopBot => "game-stop-bot",
            UiText::GameLetBotGoOn => "game-let-bot-go-on",
            UiText::GameThreatened => "game-threatened",
            UiText::Dismiss => "dismiss",
            UiText::StartupOpening => "startup-opening",
            UiText::StartupFailed => "startup-failed",
            UiText::StartupTryAgain => "startup-try-again",
            UiText::PuzzlesEntry => "puzzles-entry",
            UiText::PuzzlesLoading => "puzzles-loading",
            UiText::PuzzleHint => "puzzle-hint-button",
            UiText::PuzzleShowSolution => "puzzle-show-solution",
            UiText::PuzzleNext => "puzzle-next",
            UiText::PuzzleRetry => "puzzle-retry",
            UiText::PuzzlePreviousMove => "puzzle-previous-move",
            UiText::PuzzleNextMove => "puzzle-next-move",
            UiText::PuzzleDifficulty => "puzzle-difficulty",
            UiText::CoursesEntry => "courses-entry",
            UiText::CoursesLoading => "courses-loading",
            UiText::CourseHint => "course-hint-button",
            UiText::CourseRetry => "course-retry",
            UiText::CourseNext => "course-next",
            UiText::CourseContinue => "course-continue",
            UiText::CoursePageEntry => "course-page-entry",
        }
    }
}

// `ALL` lists every text once, in declaration order (a text left out breaks the build).
const _: () = {
    let mut i = 0;
    while i < UiText::ALL.len() {
        assert!(UiText::ALL[i] as usize == i);
        i += 1;
    }
    assert!(UiText::CoursePageEntry as usize + 1 == UiText::ALL.len());
};

/// A text of the screens.
pub fn ui_text(language: Language, text: UiText) -> String {
    tr(language, text.id(), &[])
}

/// A language's own name (`English`, `Slovenčina`), the same whatever the app's language.
pub fn language_name(language: Language) -> String {
    tr(language, &format!("language-{}", language.code()), &[])
}

/// Who plays a side: `Person`, `Bot (Casual player)`. A level this version does not know
/// shows its stored name.
pub fn player_name(language: Language, player: &Player) -> String {
    match player {
        Player::Person => tr(language, "player-person", &[]),
        Player::Bot { level } => {
            let level =
                level.parse::<Level>().map_or_else(|_| level.clone(), |l| level_name(language, l));
            tr(language, "player-bot", &[("level", level.into())])
        }
    }
}

/// The text drawn on a piece: a Chinese character (each side's own, as sets print them) or
/// a letter of the language's piece names. Chess pieces have no characters: their symbols.
/// A face-down piece shows its back, whatever it moves as.
pub fn piece_label(language: Language, style: PieceStyle, piece: PieceView) -> String {
    let red = piece.side == Color::White;
    let pick = |red_text: &str, black_text: &str| {
        if red { red_text.to_owned() } else { black_text.to_owned() }
    };
    match style {
        PieceStyle::Letters if piece.face_down => tr(language, "label-face-down", &[]),
        PieceStyle::Letters => tr(language, &format!("label-{}", piece.kind.name()), &[]),
        PieceStyle::Characters if piece.face_down => "暗".to_owned(),
        PieceStyle::Characters => match piece.kind {
            PieceKind::General => pick("帥", "將"),
            PieceKind::Advisor => pick("仕", "士"),
            PieceKind::Elephant => pick("相", "象"),
            PieceKind::Horse => pick("傌", "馬"),
            PieceKind::Chariot => pick("俥", "車"),
            PieceKind::Cannon => pick("炮", "砲"),
            PieceKind::Soldier => pick("兵", "卒"),
            PieceKind::Knight => pick("♘", "♞"),
            PieceKind::King => pick("♔", "♚"),
            PieceKind::Queen => pick("♕", "♛"),
            PieceKind::Rook => pick("♖", "♜"),
            PieceKind::Bishop => pick("♗", "♝"),
            PieceKind::Pawn => pick("♙", "♟"),
        },
    }
}

/// The hand-over screen's texts (pass-and-play where pieces are hidden).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandOverText {
    /// The title: whom to hand the device to.
    pub title: String,
    /// Why: only that player may look now.
    pub body: String,
    /// The button the next player presses to see the board.
    pub ready: String,
}

/// The hand-over screen's texts for `side`, who is to look next.
pub fn hand_over_text(language: Language, variant: Variant, side: Color) -> HandOverText {
    let name = || Arg::from(side_name(language, variant, side));
    HandOverText {
        title: tr(language, "handover-title", &[("side", name())]),
        body: tr(language, "handover-body", &[("side", name())]),
        ready: tr(language, "handover-ready", &[("side", name())]),
    }
}

/// A saved game as the home list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SavedGameText {
    /// `Xiangqi: Person vs Bot (Novice)`.
    pub title: String,
    /// `12 moves · in progress`, `40 moves · Red wins: checkmate.`
    pub subtitle: String,
}

/// How the home list shows saved game `game`.
pub fn saved_game_text(language: Language, game: &GameSummary) -> SavedGameText {
    let title = tr(
        language,
        "saved-title",
        &[
            ("game", game_name(language, game.variant).into()),
            ("first", player_name(language, &game.first).into()),
            ("second", player_name(language, &game.second).into()),
        ],
    );
    let result = match game.outcome {
        Some(o) => outcome_text(language, game.variant, o),
        None => tr(language, "saved-in-progress", &[]),
    };
    let moves = move_count(language, game.ply_count);
    let subtitle =
        tr(language, "saved-summary", &[("moves", moves.into()), ("result", result.into())]);
    SavedGameText { title, subtitle }
}

/// `Last move: C2=5`, for the board's accessible description.
pub fn last_move_text(language: Language, notation: &str) -> String {
    tr(language, "game-last-move", &[("move", notation.into())])
}

/// Something that went wrong, as the app tells the player. `detail` is the error's own text
/// (a storage error's cause), shown after the sentence where the message has room for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// A bot could not move.
    Bot {
        /// Why.
        detail: String,
    },
    /// A game could not be saved.
    Save {
        /// Why.
        detail: String,
    },
    /// Text or options that cannot be used.
    InvalidInput {
        /// What was wrong.
        detail: String,
    },
    /// The saved game is gone.
    NotFound,
    /// The game is over.
    GameOver,
    /// The database could not be used (disk full, locked, no permission).
    Storage {
        /// Why.
        detail: String,
    },
    /// The database file is damaged or is not Rodina's (another app's).
    DatabaseDamaged,
    /// The database was written by a newer version.
    DatabaseTooNew,
    /// One saved game's record cannot be rebuilt.
    SavedGameDamaged {
        /// What is wrong with it.
        detail: String,
    },
    /// Something this version cannot do (a game written by a newer one).
    Unsupported {
        /// What.
        detail: String,
    },
    /// The device gave no randomness for a deal.
    Randomness {
        /// Why.
        detail: String,
    },
    /// A puzzle, a game's puzzle bank or a stored attempt cannot be used.
    PuzzleDamaged {
        /// What is wrong.
        detail: String,
    },
    /// A rules course, a game's page or a stored course score cannot be used.
    CourseDamaged {
        /// What is wrong.
        detail: String,
    },
    /// A bug.
    Internal {
        /// What happened.
        detail: String,
    },
    /// An online call failed: `detail` is already the sentence to show, in the player's
    /// language ([`crate::online::online_error_text`]).
    Online {
        /// The sentence.
        detail: String,
    },
}

/// What the app says of `problem`.
pub fn problem_text(language: Language, problem: &Problem) -> String {
    let with = |id: &str, detail: &str| tr(language, id, &[("detail", detail.into())]);
    match problem {
        Problem::Bot { detail } => with("error-bot", detail),
        Problem::Save { detail } => with("error-save", detail),
        Problem::InvalidInput { detail } => with("error-invalid-input", detail),
        Problem::NotFound => tr(language, "error-not-found", &[]),
        Problem::GameOver => tr(language, "error-game-over", &[]),
        Problem::Storage { detail } => with("error-storage", detail),
        Problem::DatabaseDamaged => tr(language, "error-database-damaged", &[]),
        Problem::DatabaseTooNew => tr(language, "error-database-too-new", &[]),
        Problem::SavedGameDamaged { detail } => with("error-saved-game-damaged", detail),
        Problem::Unsupported { detail } => with("error-unsupported", detail),
        Problem::Randomness { detail } => with("error-randomness", detail),
        Problem::PuzzleDamaged { detail } => with("error-puzzle-damaged", detail),
        Problem::CourseDamaged { detail } => with("error-course-damaged", detail),
        Problem::Internal { detail } => with("error-internal", detail),
        Problem::Online { detail } => detail.clone(),
    }
}

/// Said after a damaged database was set aside: where the old file is.
pub fn set_aside_text(language: Language, file: &str) -> String {
    tr(language, "error-set-aside-done", &[("file", file.into())])
}

/// A puzzle difficulty's name (`Easiest` .. `Hardest`).
pub fn difficulty_name(language: Language, difficulty: Difficulty) -> String {
    tr(language, &format!("difficulty-{}", difficulty.name()), &[])
}

/// A puzzle theme's name (`Mate in 2`, `Cannon screen`).
pub fn theme_name(language: Language, theme: Theme) -> String {
    tr(language, &format!("theme-{}", theme.name()), &[])
}

/// The puzzle screen's title: `Xiangqi puzzles`.
pub fn puzzles_title(language: Language, variant: Variant) -> String {
    tr(language, "puzzles-title", &[("game", game_name(language, variant).into())])
}

/// Why no puzzle of `variant` is offered: the bank has none (`any` false), or the player
/// solved every one.
pub fn no_puzzle_text(language: Language, variant: Variant, any: bool) -> String {
    let id = if any { "puzzles-all-solved" } else { "puzzles-none" };
    tr(language, id, &[("game", game_name(language, variant).into())])
}

/// A player's puzzle rating: `Rating 1523`, `Rating 1500?` while provisional.
pub fn puzzle_rating_text(language: Language, rating: RatingView) -> String {
    let id = if rating.provisional { "puzzle-rating-provisional" } else { "puzzle-rating" };
    // As text: a rating is a name for a level, not a quantity to group in thousands.
    tr(language, id, &[("rating", rating.rating.to_string().into())])
}

/// A rating change with its sign: `+12`, `−8`, `±0`.
pub fn rating_change_text(language: Language, change: i32) -> String {
    let size = Arg::from(change.unsigned_abs().to_string());
    match change.signum() {
        1 => tr(language, "puzzle-change-up", &[("change", size)]),
        -1 => tr(language, "puzzle-change-down", &[("change", size)]),
        _ => tr(language, "puzzle-change-none", &[]),
    }
}

/// A number of puzzles solved: `1 puzzle solved`, `5 vyriešených úloh`.
pub fn puzzles_solved(language: Language, count: u32) -> String {
    tr(language, "puzzles-solved", &[("count", Arg::Number(i64::from(count)))])
}

/// A number of puzzle attempts: `1 attempt`, `3 pokusy`.
pub fn puzzle_attempts(language: Language, count: u32) -> String {
    tr(language, "puzzles-attempts", &[("count", Arg::Number(i64::from(count)))])
}

/// A number of puzzles: `1 puzzle`, `2 úlohy`.
pub fn puzzle_count(language: Language, count: u32) -> String {
    tr(language, "puzzles-in-bank", &[("count", Arg::Number(i64::from(count)))])
}

/// Where the solution shown stands: `The solution, 3 moves: step through it` before its
/// first move, then `Solution: move 2 of 3`.
pub fn puzzle_solution_text(language: Language, shown: u32, length: u32) -> String {
    if shown == 0 {
        return tr(
            language,
            "puzzle-solution-start",
            &[("moves", move_count(language, length).into())],
        );
    }
    tr(
        language,
        "puzzle-solution-step",
        &[("shown", Arg::Number(i64::from(shown))), ("length", Arg::Number(i64::from(length)))],
    )
}

/// A game's puzzle progress as its page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PuzzleProgressText {
    /// `Puzzles`.
    pub title: String,
    /// `Rating 1523`, `Rating 1500?`.
    pub rating: String,
    /// `12 puzzles solved`.
    pub solved: String,
    /// `15 attempts`.
    pub attempts: String,
    /// `1500 puzzles`: the bank's size.
    pub puzzles: String,
}

/// How a game's page shows the player's puzzle progress.
pub fn puzzle_progress_text(language: Language, progress: &PuzzleProgress) -> PuzzleProgressText {
    PuzzleProgressText {
        title: tr(language, "puzzles-entry", &[]),
        rating: puzzle_rating_text(language, progress.rating),
        solved: puzzles_solved(language, progress.solved),
        attempts: puzzle_attempts(language, progress.attempts),
        puzzles: puzzle_count(language, progress.puzzles),
    }
}

/// A rules course's title: `Xiangqi: rules course`.
pub fn course_title(language: Language, variant: Variant) -> String {
    tr(language, "course-title", &[("game", game_name(language, variant).into())])
}

/// A game's page's title: `About Xiangqi`.
pub fn game_page_title(language: Language, variant: Variant) -> String {
    tr(language, "course-page-title", &[("game", game_name(language, variant).into())])
}

/// Where an exercise is in its course: `Exercise 3 of 17`.
pub fn course_exercise_number(language: Language, number: u32, count: u32) -> String {
    let args = [("number", Arg::from(number)), ("count", Arg::from(count))];
    tr(language, "course-exercise-number", &args)
}

/// The moves an exercise took against its par: `Moves: 1 · par 2`.
pub fn course_moves_text(language: Language, moves: u32, par: u32) -> String {
    tr(language, "course-moves", &[("moves", Arg::from(moves)), ("par", Arg::from(par))])
}

/// The targets collected: `Targets: 1 of 2`.
pub fn course_targets_text(language: Language, collected: u32, total: u32) -> String {
    let args = [("collected", Arg::from(collected)), ("total", Arg::from(total))];
    tr(language, "course-targets", &args)
}

/// A score's points: `600 points`, `600 bodov`.
pub fn course_score_text(language: Language, points: u32) -> String {
    tr(language, "course-score", &[("points", Arg::from(points))])
}

/// Stars earned of the most there are: `2 of 3 stars`.
pub fn course_stars_text(language: Language, stars: u32, max: u32) -> String {
    tr(language, "course-stars", &[("stars", Arg::from(stars)), ("max", Arg::from(max))])
}

/// Exercises solved of a course's: `5 of 17 exercises solved`.
pub fn course_solved_text(language: Language, solved: u32, count: u32) -> String {
    let args = [("solved", Arg::from(solved)), ("count", Arg::from(count))];
    tr(language, "course-solved-count", &args)
}

/// A message with arguments, for the app's own sentences (`status-to-move`, `error-save`,
/// ...): the id and named text arguments.
pub(crate) fn message(language: Language, id: &str, args: &[(&str, String)]) -> String {
    let args: Vec<(&str, Arg)> = args.iter().map(|(k, v)| (*k, Arg::Text(v.clone()))).collect();
    tr(language, id, &args)
}

#[cfg(test)]
mod tests;
