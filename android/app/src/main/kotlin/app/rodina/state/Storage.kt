package app.rodina.state

import app.rodina.core.CourseOverview
import app.rodina.core.CourseSession
import app.rodina.core.Courses
import app.rodina.core.Difficulty
import app.rodina.core.GameSession
import app.rodina.core.GameSummary
import app.rodina.core.Language
import app.rodina.core.Problem
import app.rodina.core.PuzzleProgress
import app.rodina.core.PuzzleSession
import app.rodina.core.Puzzles
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Store
import app.rodina.core.Variant
import app.rodina.core.problemText

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
 * The device's puzzle progress, as the state holders use it: the attempt log, the next
 * puzzle chosen from it, the difficulty per game. Every call reads or writes the database,
 * so, as with [GameStorage], the state holders make them only on their I/O dispatcher.
 */
interface PuzzleStorage {
    /** The player's progress in [variant]'s puzzles, replayed from the log. */
    fun progress(variant: Variant): PuzzleProgress

    /** The next puzzle of [variant] for the player, not [last] while another is left; null when none is left. */
    fun next(variant: Variant, last: String?): PuzzleSession?

    /** Puzzle [id] of [variant]. */
    fun open(variant: Variant, id: String): PuzzleSession

    /** Writes [session]'s ended attempts to the log. */
    fun save(session: PuzzleSession)

    /** The difficulty chosen for [variant]'s puzzles. */
    fun difficulty(variant: Variant): Difficulty

    /** Keeps the difficulty chosen for [variant]'s puzzles. */
    fun setDifficulty(variant: Variant, difficulty: Difficulty)
}

/** [PuzzleStorage] on the core's [Store] and the banks of [puzzles]. */
class StorePuzzleStorage(private val store: Store, private val puzzles: Puzzles) : PuzzleStorage {
    override fun progress(variant: Variant): PuzzleProgress = puzzles.progress(store, variant)
    override fun next(variant: Variant, last: String?): PuzzleSession? = puzzles.next(store, variant, last)
    override fun open(variant: Variant, id: String): PuzzleSession = puzzles.open(store, variant, id)
    override fun save(session: PuzzleSession) = session.saveAttempts(store)
    override fun difficulty(variant: Variant): Difficulty = store.puzzleDifficulty(variant)
    override fun setDifficulty(variant: Variant, difficulty: Difficulty) = store.setPuzzleDifficulty(variant, difficulty)
}

/** [inner], telling [written] after every write (so that progress syncs soon after it). */
class SyncingPuzzleStorage(private val inner: PuzzleStorage, private val written: () -> Unit) : PuzzleStorage by inner {
    override fun save(session: PuzzleSession) = inner.save(session).also { written() }
    override fun setDifficulty(variant: Variant, difficulty: Difficulty) = inner.setDifficulty(variant, difficulty).also { written() }
}

/**
 * The device's rules courses, as the state holders use them: a game's course with the
 * player's progress, an exercise opened, its scores written. Every call reads or writes the
 * database, so, as with [GameStorage], the state holders make them only on their I/O
 * dispatcher.
 */
interface CourseStorage {
    /** [variant]'s course as its list shows it, with the player's progress, in [language]. */
    fun overview(variant: Variant, language: Language): CourseOverview

    /** Exercise [id] of [variant]'s course, knowing the player's best scores. */
    fun open(variant: Variant, id: String): CourseSession

    /** Writes [session]'s solves' scores, each kept where it beats the stored one. */
    fun save(session: CourseSession)
}

/** [CourseStorage] on the core's [Store] and the courses of [courses]. */
class StoreCourseStorage(private val store: Store, private val courses: Courses) : CourseStorage {
    override fun overview(variant: Variant, language: Language): CourseOverview = courses.overview(store, variant, language)
    override fun open(variant: Variant, id: String): CourseSession = courses.open(store, variant, id)
    override fun save(session: CourseSession) = session.saveScores(store)
}

/** [inner], telling [written] after every write (so that progress syncs soon after it). */
class SyncingCourseStorage(private val inner: CourseStorage, private val written: () -> Unit) : CourseStorage by inner {
    override fun save(session: CourseSession) = inner.save(session).also { written() }
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
        is RodinaException.PuzzleDamaged -> Problem.PuzzleDamaged(detail)
        is RodinaException.CourseDamaged -> Problem.CourseDamaged(detail)
        is RodinaException.Storage -> context?.invoke(detail) ?: Problem.Storage(detail)
        is RodinaException.Internal -> context?.invoke(detail) ?: Problem.Internal(detail)
        // Online calls' failures: their message is already the sentence to show (see
        // [onlineErrorText]); the screens of online play never make a [Problem] of them.
        is RodinaException.Network, is RodinaException.SignedOut, is RodinaException.Refused,
        is RodinaException.Unsent,
        -> context?.invoke(detail) ?: Problem.Internal(detail)
    }
}

/**
 * What the player is told of a failed online call, in the language of the [OnlinePlay] (or
 * game) that made it: the core has already written the sentence for every online failure
 * (network, signed out, refused, a code or options not of their form); a database failure
 * underneath is told as every other one is.
 */
fun onlineErrorText(language: Language, e: RodinaException): String = when (e) {
    is RodinaException.Network, is RodinaException.SignedOut, is RodinaException.Refused,
    is RodinaException.Unsent, is RodinaException.InvalidInput, is RodinaException.Unsupported,
    is RodinaException.Internal,
    -> e.message ?: problemText(language, problemOf(e))
    else -> problemText(language, problemOf(e))
}
