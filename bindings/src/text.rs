//! The message catalog for the apps: every text a player reads, in English and Slovak,
//! from the core's one catalog, so the Android and iOS apps say the same thing.

use rodina_app as app;
use rodina_rules as rules;

use crate::types::{GameOutcome, GameSummary, Piece, PieceStyle, Player, Variant};

/// A language the app speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum Language {
    /// English.
    English,
    /// Slovak.
    Slovak,
}

impl From<app::text::Language> for Language {
    fn from(l: app::text::Language) -> Self {
        match l {
            app::text::Language::English => Language::English,
            app::text::Language::Slovak => Language::Slovak,
        }
    }
}

impl From<Language> for app::text::Language {
    fn from(l: Language) -> Self {
        match l {
            Language::English => app::text::Language::English,
            Language::Slovak => app::text::Language::Slovak,
        }
    }
}

/// The texts of the screens: labels, menus, settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
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

impl From<UiText> for app::text::UiText {
    fn from(t: UiText) -> Self {
        match t {
            UiText::AppName => app::text::UiText::AppName,
            UiText::HomeTitle => app::text::UiText::HomeTitle,
            UiText::HomeNewGame => app::text::UiText::HomeNewGame,
            UiText::HomeSavedGames => app::text::UiText::HomeSavedGames,
            UiText::HomeNoGames => app::text::UiText::HomeNoGames,
            UiText::HomeSettings => app::text::UiText::HomeSettings,
            UiText::HomeDelete => app::text::UiText::HomeDelete,
            UiText::GameUndo => app::text::UiText::GameUndo,
            UiText::GameResign => app::text::UiText::GameResign,
            UiText::GameDraw => app::text::UiText::GameDraw,
            UiText::GameFlip => app::text::UiText::GameFlip,
            UiText::GameRestartMove => app::text::UiText::GameRestartMove,
            UiText::GameBack => app::text::UiText::GameBack,
            UiText::GameMoves => app::text::UiText::GameMoves,
            UiText::GameCaptured => app::text::UiText::GameCaptured,
            UiText::GamePromotionTitle => app::text::UiText::GamePromotionTitle,
            UiText::GameThinking => app::text::UiText::GameThinking,
            UiText::NewGameTitle => app::text::UiText::NewGameTitle,
            UiText::NewGameGame => app::text::UiText::NewGameGame,
            UiText::NewGameOpponent => app::text::UiText::NewGameOpponent,
            UiText::NewGameFriend => app::text::UiText::NewGameFriend,
            UiText::NewGameBot => app::text::UiText::NewGameBot,
            UiText::NewGameLevel => app::text::UiText::NewGameLevel,
            UiText::NewGameSide => app::text::UiText::NewGameSide,
            UiText::NewGameHandicap => app::text::UiText::NewGameHandicap,
            UiText::NewGameRules => app::text::UiText::NewGameRules,
            UiText::NewGameStart => app::text::UiText::NewGameStart,
            UiText::NewGameGiver => app::text::UiText::NewGameGiver,
            UiText::NewGameGiverPerson => app::text::UiText::NewGameGiverPerson,
            UiText::NewGameGiverBot => app::text::UiText::NewGameGiverBot,
            UiText::SettingsTitle => app::text::UiText::SettingsTitle,
            UiText::SettingsShowTargets => app::text::UiText::SettingsShowTargets,
            UiText::SettingsShowLastMove => app::text::UiText::SettingsShowLastMove,
            UiText::SettingsRotate => app::text::UiText::SettingsRotate,
            UiText::SettingsPieceStyle => app::text::UiText::SettingsPieceStyle,
            UiText::SettingsCharacters => app::text::UiText::SettingsCharacters,
            UiText::SettingsLetters => app::text::UiText::SettingsLetters,
            UiText::SettingsLanguage => app::text::UiText::SettingsLanguage,
            UiText::SettingsLanguageSystem => app::text::UiText::SettingsLanguageSystem,
            UiText::ErrorSetAside => app::text::UiText::ErrorSetAside,
            UiText::GameStopBot => app::text::UiText::GameStopBot,
            UiText::GameLetBotGoOn => app::text::UiText::GameLetBotGoOn,
            UiText::GameThreatened => app::text::UiText::GameThreatened,
            UiText::Dismiss => app::text::UiText::Dismiss,
            UiText::StartupOpening => app::text::UiText::StartupOpening,
            UiText::StartupFailed => app::text::UiText::StartupFailed,
            UiText::StartupTryAgain => app::text::UiText::StartupTryAgain,
            UiText::PuzzlesEntry => app::text::UiText::PuzzlesEntry,
            UiText::PuzzlesLoading => app::text::UiText::PuzzlesLoading,
            UiText::PuzzleHint => app::text::UiText::PuzzleHint,
            UiText::PuzzleShowSolution => app::text::UiText::PuzzleShowSolution,
            UiText::PuzzleNext => app::text::UiText::PuzzleNext,
            UiText::PuzzleRetry => app::text::UiText::PuzzleRetry,
            UiText::PuzzlePreviousMove => app::text::UiText::PuzzlePreviousMove,
            UiText::PuzzleNextMove => app::text::UiText::PuzzleNextMove,
            UiText::PuzzleDifficulty => app::text::UiText::PuzzleDifficulty,
            UiText::CoursesEntry => app::text::UiText::CoursesEntry,
            UiText::CoursesLoading => app::text::UiText::CoursesLoading,
            UiText::CourseHint => app::text::UiText::CourseHint,
            UiText::CourseRetry => app::text::UiText::CourseRetry,
            UiText::CourseNext => app::text::UiText::CourseNext,
            UiText::CourseContinue => app::text::UiText::CourseContinue,
            UiText::CoursePageEntry => app::text::UiText::CoursePageEntry,
        }
    }
}

/// The language for a system locale (`sk-SK` gives Slovak, anything else English).
#[uniffi::export]
pub fn language_for_locale(locale: String) -> Language {
    app::text::Language::for_locale(&locale).into()
}

/// Every language the app speaks, in the order a picker lists them.
#[uniffi::export]
pub fn languages() -> Vec<Language> {
    app::text::Language::ALL.into_iter().map(Language::from).collect()
}

/// A language's own name (`English`, `Slovenčina`).
#[uniffi::export]
pub fn language_name(language: Language) -> String {
    app::text::language_name(language.into())
}

/// A text of the screens in `language`.
#[uniffi::export]
pub fn ui_text(language: Language, text: UiText) -> String {
    app::text::ui_text(language.into(), text.into())
}

/// A game's name in `language`.
#[uniffi::export]
pub fn game_name(language: Language, variant: Variant) -> String {
    app::text::game_name(language.into(), variant.into())
}

/// A bot level's name in `language`; a level this version does not know is its id.
#[uniffi::export]
pub fn level_name(language: Language, level_id: String) -> String {
    match level_id.parse::<app::Level>() {
        Ok(level) => app::text::level_name(language.into(), level),
        Err(_) => level_id,
    }
}

/// How a game ended, as a sentence in `language`.
#[uniffi::export]
pub fn outcome_text(language: Language, variant: Variant, outcome: GameOutcome) -> String {
    app::text::outcome_text(language.into(), variant.into(), outcome.into())
}

/// A number of moves in `language` (`1 move`, `5 ťahov`).
#[uniffi::export]
pub fn move_count(language: Language, count: u32) -> String {
    app::text::move_count(language.into(), count)
}

/// A number of games in progress, in `language` (`1 game in progress`, `2 rozohrané partie`).
#[uniffi::export]
pub fn games_in_progress(language: Language, count: u32) -> String {
    app::text::games_in_progress(language.into(), count)
}

/// A handicap's description in `language` (`None`: no handicap).
#[uniffi::export]
pub fn handicap_name(language: Language, handicap: Option<crate::types::Handicap>) -> String {
    app::text::handicap_name(language.into(), handicap.map(|h| h.core()))
}

/// A Jieqi rule set's name in `language`.
#[uniffi::export]
pub fn rule_set_name(language: Language, rule_set: crate::types::RuleSet) -> String {
    app::text::rule_set_name(language.into(), rule_set.core())
}

/// A side's name as players of `variant` say it, in `language` (`Red`, `Zelený`).
#[uniffi::export]
pub fn side_name(language: Language, variant: Variant, side: crate::types::Side) -> String {
    app::text::side_name(language.into(), variant.into(), rules::Color::from(side))
}

/// Who plays a side, in `language` (`Person`, `Bot (Casual player)`).
#[uniffi::export]
pub fn player_name(language: Language, player: Player) -> String {
    app::text::player_name(language.into(), &player.into())
}

/// The text drawn on `piece` in `style` and `language`: a character (each side's own) or a
/// letter of the language's piece names; a face-down piece shows its back.
#[uniffi::export]
pub fn piece_label(language: Language, style: PieceStyle, piece: Piece) -> String {
    app::text::piece_label(language.into(), style.into(), piece.into())
}

/// A saved game as the home list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SavedGameText {
    /// `Xiangqi: Person vs Bot (Novice)`.
    pub title: String,
    /// `12 moves · in progress`.
    pub subtitle: String,
}

/// How the home list shows `game`, in `language`.
#[uniffi::export]
pub fn saved_game_text(language: Language, game: GameSummary) -> SavedGameText {
    let summary = app::GameSummary {
        id: game.id,
        variant: game.variant.into(),
        first: game.first.into(),
        second: game.second.into(),
        ply_count: game.ply_count,
        outcome: game.outcome.map(rules::Outcome::from),
        created_at_ms: game.created_at_ms,
        updated_at_ms: game.updated_at_ms,
    };
    let t = app::text::saved_game_text(language.into(), &summary);
    SavedGameText { title: t.title, subtitle: t.subtitle }
}

/// Something that went wrong, as the app tells the player: map a `RodinaError` (or a
/// failure of the app's own) to one of these. `detail` is the error's message.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
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
    /// One saved game cannot be rebuilt.
    SavedGameDamaged {
        /// What is wrong with it.
        detail: String,
    },
    /// Something this version cannot do.
    Unsupported {
        /// What.
        detail: String,
    },
    /// The device gave no randomness.
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
    /// An online call failed (`RodinaError.Network`, `SignedOut`, `Refused`): `detail` is
    /// the error's message, already the sentence to show.
    Online {
        /// The sentence.
        detail: String,
    },
}

impl From<Problem> for app::text::Problem {
    fn from(p: Problem) -> Self {
        use app::text::Problem as P;
        match p {
            Problem::Bot { detail } => P::Bot { detail },
            Problem::Save { detail } => P::Save { detail },
            Problem::InvalidInput { detail } => P::InvalidInput { detail },
            Problem::NotFound => P::NotFound,
            Problem::GameOver => P::GameOver,
            Problem::Storage { detail } => P::Storage { detail },
            Problem::DatabaseDamaged => P::DatabaseDamaged,
            Problem::DatabaseTooNew => P::DatabaseTooNew,
            Problem::SavedGameDamaged { detail } => P::SavedGameDamaged { detail },
            Problem::Unsupported { detail } => P::Unsupported { detail },
            Problem::Randomness { detail } => P::Randomness { detail },
            Problem::PuzzleDamaged { detail } => P::PuzzleDamaged { detail },
            Problem::CourseDamaged { detail } => P::CourseDamaged { detail },
            Problem::Internal { detail } => P::Internal { detail },
            Problem::Online { detail } => P::Online { detail },
        }
    }
}

/// What the app says of `problem`, in `language`.
#[uniffi::export]
pub fn problem_text(language: Language, problem: Problem) -> String {
    app::text::problem_text(language.into(), &problem.into())
}

/// Said after a damaged database was set aside as `file`.
#[uniffi::export]
pub fn set_aside_text(language: Language, file: String) -> String {
    app::text::set_aside_text(language.into(), &file)
}
