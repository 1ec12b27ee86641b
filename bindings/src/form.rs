//! The new-game form for the apps: the choices, which fields apply, and the game they start
//! (the core's `NewGameForm`), so that both apps offer the same choices.

use rodina_app as app;
use rodina_rules as rules;

use crate::RodinaError;
use crate::types::{Handicap, NewGame, RuleSet, Side, Variant};

/// Who gives a Xiangqi handicap against a bot; the giver plays Red and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum HandicapGiver {
    /// The person gives it and plays Red.
    Person,
    /// The bot gives it and plays Red.
    Bot,
}

/// The new-game form's choices. Choices that do not apply to the game chosen are kept (to
/// be found again) and left out of the game started.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct NewGameForm {
    /// The game.
    pub variant: Variant,
    /// The bot's level id (`BotLevel.id`); `None`: a friend on this device.
    pub bot_level: Option<String>,
    /// The side the person plays against a bot, unless a handicap decides it.
    pub person_side: Side,
    /// A handicap (Xiangqi).
    pub handicap: Option<Handicap>,
    /// Who gives the handicap against a bot.
    pub giver: HandicapGiver,
    /// The rule set (Jieqi).
    pub rule_set: RuleSet,
}

/// Which of the form's fields to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct FormFields {
    /// The bot's level.
    pub level: bool,
    /// The person's side.
    pub side: bool,
    /// The handicap.
    pub handicap: bool,
    /// Who gives the handicap.
    pub giver: bool,
    /// The rule set.
    pub rule_set: bool,
}

impl NewGameForm {
    /// The core's form; an unknown level id is bad input.
    fn core(&self) -> Result<app::NewGameForm, RodinaError> {
        let bot = match &self.bot_level {
            None => None,
            Some(id) => Some(
                id.parse::<app::Level>().map_err(|e| RodinaError::InvalidInput(e.to_string()))?,
            ),
        };
        Ok(app::NewGameForm {
            variant: self.variant.into(),
            bot,
            person_side: self.person_side.into(),
            handicap: self.handicap.map(Handicap::core),
            giver: match self.giver {
                HandicapGiver::Person => app::HandicapGiver::Person,
                HandicapGiver::Bot => app::HandicapGiver::Bot,
            },
            rule_set: self.rule_set.core(),
        })
    }
}

/// The form as it opens for `variant`: against a friend, no handicap, the default rules.
#[uniffi::export]
pub fn new_game_form(variant: Variant) -> NewGameForm {
    let core = app::NewGameForm::new(variant.into());
    NewGameForm {
        variant,
        bot_level: None,
        person_side: core.person_side.into(),
        handicap: None,
        giver: HandicapGiver::Person,
        rule_set: RuleSet::from(core.rule_set),
    }
}

/// The fields to show for `form`'s choices.
#[uniffi::export]
pub fn form_fields(form: NewGameForm) -> Result<FormFields, RodinaError> {
    let f = form.core()?.fields();
    Ok(FormFields {
        level: f.level,
        side: f.side,
        handicap: f.handicap,
        giver: f.giver,
        rule_set: f.rule_set,
    })
}

/// The side the person will play against the bot (`None` against a friend).
#[uniffi::export]
pub fn form_person_plays(form: NewGameForm) -> Result<Option<Side>, RodinaError> {
    Ok(form.core()?.person_plays().map(Side::from))
}

/// The options of the game `form` starts.
#[uniffi::export]
pub fn form_new_game(form: NewGameForm) -> Result<NewGame, RodinaError> {
    let core = form.core()?;
    let game = core.new_game();
    Ok(NewGame {
        variant: form.variant,
        // The core keeps a handicap or rule set only where it applies; the names it writes
        // are the ones read here.
        handicap: game.handicap.as_ref().and(core.handicap).map(Handicap::from),
        fen: None,
        first: game.first.into(),
        second: game.second.into(),
        bot_seed: None,
        rule_set: game.rule_set.as_ref().map(|_| RuleSet::from(core.rule_set)),
    })
}

/// Every game, in the order the form lists them.
#[uniffi::export]
pub fn variants() -> Vec<Variant> {
    rules::Variant::ALL.iter().copied().map(Variant::from).collect()
}

/// Every Xiangqi handicap, in the order the form lists them (after "no handicap").
#[uniffi::export]
pub fn handicaps() -> Vec<Handicap> {
    rules::xiangqi::Handicap::ALL.into_iter().map(Handicap::from).collect()
}

/// Every Jieqi rule set, the default first.
#[uniffi::export]
pub fn rule_sets() -> Vec<RuleSet> {
    rules::jieqi::RuleSet::ALL.into_iter().map(RuleSet::from).collect()
}
