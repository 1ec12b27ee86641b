package app.rodina.state

import app.rodina.core.GameSession
import app.rodina.core.GameSummary
import app.rodina.core.Problem
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Store

/**
 * The device's saved games and settings, as the state holders use them. Every call touches
 * the database file, so the state holders make them only on their I/O dispatcher, never on
 * the main thread (Android's StrictMode would flag it, and a large database would stall the
 * UI). An interface so that tests can check that promise.
 */
interface GameStorage {
    /** The saved games, the latest first. */
    fun listGames(): List<GameSummary>

    /** Deletes saved game [id]; false when it was already gone. */
    fun deleteGame(id: Long): Boolean

    /** The player's settings. */
    fun settings(): Settings

    /** Saves the player's settings. */
    fun setSettings(settings: Settings)

    /** Opens saved game [id] to go on playing it. */
    fun resume(id: Long): GameSession

    /** Writes [session] (the first time as a new saved game); returns its id. */
    fun save(session: GameSession): Long
}

/** [GameStorage] on the core's [Store]. */
class StoreStorage(private val store: Store) : GameStorage {
    override fun listGames(): List<GameSummary> = store.listGames()
    override fun deleteGame(id: Long): Boolean = store.deleteGame(id)
    override fun settings(): Settings = store.settings()
    override fun setSettings(settings: Settings) = store.setSettings(settings)
    override fun resume(id: Long): GameSession = GameSession.resume(store, id)
    override fun save(session: GameSession): Long = session.save(store)
}

/**
 * The catalog's problem for a failure of the core: what the player is told. [context] is the
 * problem to report for errors that say nothing more specific (a failed save, a bot that
 * could not move).
 */
fun problemOf(e: RodinaException, context: ((String) -> Problem)? = null): Problem {
    val detail = e.message ?: ""
    return when (e) {
        is RodinaException.InvalidInput -> Problem.InvalidInput(detail)
        is RodinaException.GameOver -> Problem.GameOver
        is RodinaException.Unsupported -> Problem.Unsupported(detail)
        is RodinaException.NotFound -> Problem.NotFound
        is RodinaException.SavedGameDamaged -> Problem.SavedGameDamaged(detail)
        is RodinaException.DatabaseDamaged -> Problem.DatabaseDamaged
        is RodinaException.DatabaseTooNew -> Problem.DatabaseTooNew
        is RodinaException.Storage -> context?.invoke(detail) ?: Problem.Storage(detail)
        is RodinaException.Internal -> context?.invoke(detail) ?: Problem.Internal(detail)
    }
}
