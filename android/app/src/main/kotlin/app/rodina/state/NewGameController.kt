package app.rodina.state

import app.rodina.core.FormFields
import app.rodina.core.Handicap
import app.rodina.core.HandicapGiver
import app.rodina.core.Language
import app.rodina.core.NewGameForm
import app.rodina.core.Problem
import app.rodina.core.RodinaException
import app.rodina.core.RuleSet
import app.rodina.core.Side
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.botLevels
import app.rodina.core.formFields
import app.rodina.core.formPersonPlays
import app.rodina.core.gameName
import app.rodina.core.handicapName
import app.rodina.core.handicaps
import app.rodina.core.levelName
import app.rodina.core.newGameForm
import app.rodina.core.problemText
import app.rodina.core.ruleSetName
import app.rodina.core.ruleSets
import app.rodina.core.sideName
import app.rodina.core.uiText
import app.rodina.core.variants
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** One option of a picker: the value and what the player reads. */
data class Choice<T>(val value: T, val label: String)

/** What the new-game form draws: the choices made, the fields that apply, and every option. */
data class NewGameScreenState(
    val form: NewGameForm,
    /** Which fields to show for the choices made. */
    val fields: FormFields,
    /** The side the person will play against the bot (a handicap's giver plays Red). */
    val personPlays: Side?,
    val games: List<Choice<Variant>>,
    /** A friend on this device (null) or a bot of a level (its id). */
    val opponents: List<Choice<String?>>,
    val sides: List<Choice<Side>>,
    val handicaps: List<Choice<Handicap?>>,
    val givers: List<Choice<HandicapGiver>>,
    val ruleSets: List<Choice<RuleSet>>,
    /** Why the game could not start. */
    val message: String?,
)

/**
 * The new-game form's state holder. The core decides which fields apply and which game the
 * choices start (a handicap against a bot seats its giver as Red), so both apps offer the same.
 */
class NewGameController(private var language: Language) {
    private var form = newGameForm(Variant.XIANGQI)
    private var problem: Problem? = null
    private val _state = MutableStateFlow(render())

    /** What the form draws. */
    val state: StateFlow<NewGameScreenState> = _state.asStateFlow()

    /** Chooses the game, keeping the other choices (each applies only where it may). */
    fun choose(variant: Variant) = update(form.copy(variant = variant))

    /** A friend on this device (null) or a bot of level [levelId]. */
    fun chooseOpponent(levelId: String?) = update(form.copy(botLevel = levelId))

    /** The side the person plays against a bot. */
    fun chooseSide(side: Side) = update(form.copy(personSide = side))

    /** A Xiangqi handicap, or none. */
    fun chooseHandicap(handicap: Handicap?) = update(form.copy(handicap = handicap))

    /** Who gives the handicap against a bot. */
    fun chooseGiver(giver: HandicapGiver) = update(form.copy(giver = giver))

    /** The Jieqi rule set. */
    fun chooseRuleSet(ruleSet: RuleSet) = update(form.copy(ruleSet = ruleSet))

    /** The texts' language changed. */
    fun setLanguage(language: Language) {
        this.language = language
        _state.value = render()
    }

    /** The game could not start: say why. */
    fun showProblem(problem: Problem) {
        this.problem = problem
        _state.value = render()
    }

    private fun update(new: NewGameForm) {
        form = new
        problem = null
        _state.value = render()
    }

    private fun render(): NewGameScreenState {
        val l = language
        val (fields, plays) = try {
            formFields(form) to formPersonPlays(form)
        } catch (e: RodinaException) {
            // Only a level this version does not know gets here: fall back to a friend.
            problem = problemOf(e)
            form = form.copy(botLevel = null)
            formFields(form) to formPersonPlays(form)
        }
        return NewGameScreenState(
            form = form,
            fields = fields,
            personPlays = plays,
            games = variants().map { Choice(it, gameName(l, it)) },
            opponents = listOf(Choice<String?>(null, uiText(l, UiText.NEW_GAME_FRIEND))) +
                botLevels().map { Choice<String?>(it.id, levelName(l, it.id)) },
            sides = listOf(Side.FIRST, Side.SECOND).map { Choice(it, sideName(l, form.variant, it)) },
            handicaps = listOf(Choice<Handicap?>(null, handicapName(l, null))) +
                handicaps().map { Choice<Handicap?>(it, handicapName(l, it)) },
            givers = listOf(
                Choice(HandicapGiver.PERSON, uiText(l, UiText.NEW_GAME_GIVER_PERSON)),
                Choice(HandicapGiver.BOT, uiText(l, UiText.NEW_GAME_GIVER_BOT)),
            ),
            ruleSets = ruleSets().map { Choice(it, ruleSetName(l, it)) },
            message = problem?.let { problemText(l, it) },
        )
    }
}
