package app.rodina.state

import app.rodina.core.BotLevel
import app.rodina.core.GameSession
import app.rodina.core.Handicap
import app.rodina.core.NewGame
import app.rodina.core.Player
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.Store
import app.rodina.core.Variant
import app.rodina.core.botLevels
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow

/** One saved game in the home screen's list. */
data class SavedGameRow(val id: Long, val title: String, val subtitle: String)

/** What the home screen draws. */
data class HomeState(val games: List<SavedGameRow>, val message: String?)

/**
 * The new-game form: the game, for Xiangqi a handicap Red gives, and the opponent: another
 * person on this device ([botLevel] null) or a bot of level [botLevel] (a [BotLevel.id]), with
 * the person playing [personSide].
 */
data class NewGameForm(
    val variant: Variant = Variant.XIANGQI,
    val handicap: Handicap? = null,
    val botLevel: String? = null,
    val personSide: Side = Side.FIRST,
) {
    /** The core's options for this form. */
    fun options(): NewGame {
        val bot = botLevel?.let { Player.Bot(it) }
        val first = if (bot != null && personSide == Side.SECOND) bot else Player.Person
        val second = if (bot != null && personSide == Side.FIRST) bot else Player.Person
        return NewGame(variant = variant, handicap = handicap, fen = null, first = first, second = second)
    }
}

/**
 * The app's state below the screens: the [Store], the [Navigator], the saved-games list and
 * the game in play. Screens call it; it owns the one [GameController] alive at a time.
 */
class AppController(
    private val store: Store,
    private val scope: CoroutineScope,
    private val io: CoroutineDispatcher,
    /** Caps a bot's thinking time (ms) in every game; null: each level's node budget alone. */
    private val botTimeLimitMs: UInt? = null,
) {
    /** Where the player is. */
    val navigator = Navigator()

    /** The bot levels for the new-game form, weakest first. */
    val levels: List<BotLevel> = botLevels()

    private val _home = MutableStateFlow(HomeState(emptyList(), null))

    /** The home screen's state. */
    val home: StateFlow<HomeState> = _home.asStateFlow()

    /** The game in play, if a game screen is open. */
    var game: GameController? = null
        private set

    /** The player's settings, as last loaded or saved. */
    var settings: Settings = store.settings()
        private set

    /** Reloads the saved games. */
    fun refresh() {
        _home.value = try {
            HomeState(store.listGames().map(::row), null)
        } catch (e: RodinaException) {
            HomeState(emptyList(), e.message)
        }
    }

    /** Starts a new game from the form and opens it in place of the form. */
    fun startGame(form: NewGameForm) {
        try {
            val session = GameSession(form.options())
            open(session)
            navigator.replaceTop(Screen.Game(savedId = null))
        } catch (e: RodinaException) {
            _home.value = _home.value.copy(message = e.message)
            navigator.home()
        }
    }

    /** Opens saved game [id]; a game that cannot be read is reported on the home screen. */
    fun resumeGame(id: Long) {
        try {
            val session = GameSession.resume(store, id)
            open(session)
            navigator.open(Screen.Game(savedId = id))
        } catch (e: RodinaException) {
            _home.value = _home.value.copy(message = e.message)
        }
    }

    /** Makes [session] the game in play; a game left behind stops its bot. */
    private fun open(session: GameSession) {
        game?.close()
        game = GameController(session, store, settings, scope, io, botTimeLimitMs)
    }

    /** Deletes saved game [id] and refreshes the list. */
    fun deleteGame(id: Long) {
        try {
            store.deleteGame(id)
            refresh()
        } catch (e: RodinaException) {
            _home.value = _home.value.copy(message = e.message)
        }
    }

    /** Saves new settings; the next game screen uses them. Returns false if they could not be saved. */
    fun updateSettings(new: Settings): Boolean = try {
        store.setSettings(new)
        settings = new
        true
    } catch (e: RodinaException) {
        _home.value = _home.value.copy(message = e.message)
        false
    }

    /** Leaves the screen on top (the system back gesture). Returns false on the home screen. */
    fun back(): Boolean {
        val left = navigator.current.value
        val moved = navigator.back()
        if (moved && left is Screen.Game) {
            game?.close()
            game = null
            refresh()
        }
        return moved
    }

    private fun row(g: app.rodina.core.GameSummary): SavedGameRow = SavedGameRow(
        id = g.id,
        title = "${Texts.variantName(g.variant)}: ${Texts.player(g.first)} vs ${Texts.player(g.second)}",
        subtitle = Texts.summaryLine(g),
    )
}
