package app.rodina.state

import app.rodina.core.CourseOverview
import app.rodina.core.Courses
import app.rodina.core.GameSession
import app.rodina.core.OnlinePlay
import app.rodina.core.Language
import app.rodina.core.PieceStyle
import app.rodina.core.Problem
import app.rodina.core.PuzzleProgress
import app.rodina.core.Puzzles
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Store
import app.rodina.core.Variant
import app.rodina.core.formNewGame
import app.rodina.core.gameName
import app.rodina.core.gamesInProgress
import app.rodina.core.invitationCode
import app.rodina.core.languageForLocale
import app.rodina.core.problemText
import app.rodina.core.puzzleProgressText
import app.rodina.core.savedGameText
import app.rodina.core.setAsideDatabase
import app.rodina.core.setAsideText
import app.rodina.core.UiText
import app.rodina.core.uiText
import app.rodina.core.variants
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/** Whether the app's database is open. */
sealed interface Startup {
    /** Opening it (on the I/O dispatcher: a large database must not stall the first frame). */
    data object Opening : Startup

    /** Open: the screens can be used. [notice] says where an old file was set aside, if it was. */
    data class Ready(val notice: String?) : Startup

    /**
     * It could not be opened, and was left exactly as it was. [canSetAside]: offer to move
     * it aside and start a new one (damaged, another app's, or a newer version's file).
     */
    data class Failed(val message: String, val canSetAside: Boolean) : Startup
}

/** One saved game in a list. */
data class SavedGameRow(
    val id: Long,
    val variant: Variant,
    val title: String,
    val subtitle: String,
    val finished: Boolean,
)

/**
 * One game on the home screen: its name and how many of its games are in progress, as a
 * number and as the catalog says it ("2 rozohrané partie"; null when there is none).
 */
data class GameCard(val variant: Variant, val name: String, val inProgress: Int, val inProgressText: String?)

/**
 * One game's puzzles on its page: the entry's title and the player's progress as the catalog
 * says it ("Rating 1500?", "3 puzzles solved", "4 attempts"), or why its puzzles cannot be
 * used. [available]: the game's bank has puzzles.
 */
data class PuzzleCard(
    val variant: Variant,
    val title: String,
    val rating: String,
    val solved: String,
    val attempts: String,
    val available: Boolean,
    val progress: PuzzleProgress?,
    val problem: String?,
)

/**
 * One game's rules course on its page: the entry's title and the player's progress as the
 * catalog says it ("5 of 17 exercises solved", "12 of 51 stars"), or why the course cannot be
 * used.
 */
data class CourseCard(
    val variant: Variant,
    val title: String,
    val solved: String,
    val stars: String,
    val overview: CourseOverview?,
    val problem: String?,
)

/** What the home screens draw: the four games, and the saved games (each game's page shows its own). */
data class HomeState(
    val games: List<GameCard>,
    val saved: List<SavedGameRow>,
    /** A problem to tell (a saved game that could not be opened or deleted). */
    val message: String?,
    val loading: Boolean,
    /** The puzzles of each game whose page was opened, once read. */
    val puzzles: Map<Variant, PuzzleCard> = emptyMap(),
    /** The rules course of each game whose page was opened, once read. */
    val courses: Map<Variant, CourseCard> = emptyMap(),
    /** "About the game": the entry of each game's page of rules and story. */
    val pageEntry: String = "",
    /** Online play is offered (the app has a server and its account could be set up). */
    val online: Boolean = false,
) {
    /** The saved games of [variant], the latest first. */
    fun savedOf(variant: Variant): List<SavedGameRow> = saved.filter { it.variant == variant }

    /** [variant]'s puzzles, once read. */
    fun puzzlesOf(variant: Variant): PuzzleCard? = puzzles[variant]

    /** [variant]'s rules course, once read. */
    fun courseOf(variant: Variant): CourseCard? = courses[variant]
}

/**
 * The app's state below the screens: the database, the [Navigator], the home screens' list,
 * the new-game form, the settings and the game in play. Screens call it from the main thread
 * ([scope]'s one thread); every database call runs on [io] and its result is published back
 * on [scope].
 *
 * Saves go through one [Saver] whose scope no screen owns, so a move played just before the
 * game screen closes is still written, and the home list is read only after that write.
 */
class AppController(
    private val databasePath: String,
    systemLocale: String,
    private val scope: CoroutineScope,
    private val io: CoroutineDispatcher,
    /** How the database is used: the core's store; tests wrap it to watch the threads. */
    private val storageOf: (Store) -> GameStorage = ::StoreStorage,
    /** Caps a bot's thinking time (ms) in every game; null: each level's node budget alone. */
    private val botTimeLimitMs: UInt? = null,
    /** The puzzle banks, read on [io] when the database opens; tests give banks of their own. */
    private val puzzlesOf: () -> Puzzles = { Puzzles.embedded() },
    /** How the puzzle progress is used: the core's; tests wrap it to watch the threads. */
    private val puzzleStorageOf: (Store, Puzzles) -> PuzzleStorage = ::StorePuzzleStorage,
    /** How long a puzzle's (or an exercise's) board shows before the opponent's move is played, ms. */
    private val opponentDelayMs: Long = 600,
    /** The rules courses, read on [io] when the database opens; tests give courses of their own. */
    private val coursesOf: () -> Courses = { Courses.embedded() },
    /** How the course progress is used: the core's; tests wrap it to watch the threads. */
    private val courseStorageOf: (Store, Courses) -> CourseStorage = ::StoreCourseStorage,
    /** The online server's address (`https://...`); null: no online play. */
    private val onlineServer: String? = null,
    /** This device's name in the online account's sessions. */
    private val onlineDevice: String = "phone",
    /** How long after a change written on this device its progress syncs, ms. */
    private val syncSoonMs: Long = 2_000,
) {
    private var storage: GameStorage? = null
    private var puzzleStorage: PuzzleStorage? = null
    private var courseStorage: CourseStorage? = null
    private var puzzleProgress: Map<Variant, Result<PuzzleProgress>> = emptyMap()
    private var courseProgress: Map<Variant, Result<CourseOverview>> = emptyMap()
    private var saver: Saver? = null

    /** The writes of the puzzle screen last left, which the next one waits for. */
    private var lastPuzzleWrites: Job? = null

    /** The writes of the exercise screen last left, which the next one (and the course list) waits for. */
    private var lastExerciseWrites: Job? = null
    private var systemLanguage = languageForLocale(systemLocale)
    private var homeProblem: Problem? = null
    private var summaries: List<app.rodina.core.GameSummary> = emptyList()
    private var loading = true
    /** How many reads of the saved games were asked for: the last one is the one shown. */
    private var reads = 0

    /** Where the player is. */
    val navigator = Navigator()

    private val _startup = MutableStateFlow<Startup>(Startup.Opening)

    /** Whether the database is open; the screens show only once it is [Startup.Ready]. */
    val startup: StateFlow<Startup> = _startup.asStateFlow()

    private val _settings = MutableStateFlow(DEFAULT_SETTINGS)

    /** The player's settings, as last loaded or saved. */
    val settings: StateFlow<Settings> = _settings.asStateFlow()

    private val _language = MutableStateFlow(systemLanguage)

    /** The language of every text: the player's choice, or the system's. */
    val language: StateFlow<Language> = _language.asStateFlow()

    private val _home = MutableStateFlow(renderHome())

    /** The home screens' state. */
    val home: StateFlow<HomeState> = _home.asStateFlow()

    /** The new-game form. */
    val newGame = NewGameController(_language.value)

    /** The game in play, if a game screen is open. */
    var game: GameController? = null
        private set

    /** The puzzles being solved, if a puzzle screen is open. */
    var puzzle: PuzzleController? = null
        private set

    /** The rules course whose list is open, if one is. */
    var course: CourseController? = null
        private set

    /** The exercise being tried, if an exercise screen is open. */
    var exercise: ExerciseController? = null
        private set

    /** Online play (the account, invitations), once the database is open, if the app has a server. */
    var online: OnlineController? = null
        private set

    /** The online game in play, if an online game screen is open. */
    var onlineGame: OnlineGameController? = null
        private set

    /** Progress sync through the online account, once the database is open, if the app has a server. */
    var sync: SyncController? = null
        private set

    /** The invitation code of a `rodina://join/CODE` link that came before the database was open. */
    private var pendingJoin: String? = null

    /** Opens the database (on [io]) and reads the settings and the saved games. */
    fun start() {
        _startup.value = Startup.Opening
        scope.launch { open(notice = null) }
    }

    /**
     * Moves the database that could not be opened aside (kept beside it, never deleted) and
     * starts with a new one; only on the player's word.
     */
    fun setAsideAndStart() {
        _startup.value = Startup.Opening
        scope.launch {
            val kept = try {
                withContext(io) { setAsideDatabase(databasePath, "unreadable") }
            } catch (e: RodinaException) {
                _startup.value = Startup.Failed(problemText(_language.value, problemOf(e)), canSetAside = false)
                return@launch
            }
            open(notice = kept?.let { setAsideText(_language.value, it.substringAfterLast('/')) })
        }
    }

    private suspend fun open(notice: String?) {
        try {
            val opened = withContext(io) {
                val store = Store.open(databasePath)
                val s = storageOf(store)
                // Online play needs no network to set up: the account is read (or made) when
                // it is first used. A server address that cannot be used leaves it out.
                val play = onlineServer?.let { runCatching { OnlinePlay(it, store, onlineDevice) }.getOrNull() }
                Opened(s, s.settings(), puzzleStorageOf(store, puzzlesOf()), courseStorageOf(store, coursesOf()), play)
            }
            storage = opened.games
            // Every write of progress is followed by a sync soon (the player never waits for it).
            val written = { scope.launch { sync?.syncSoon() }; Unit }
            puzzleStorage = SyncingPuzzleStorage(opened.puzzles, written)
            courseStorage = SyncingCourseStorage(opened.courses, written)
            saver = Saver(opened.games, io)
            online?.close()
            online = opened.online?.let { play ->
                OnlineController(play, _language.value, scope, onGame = { game -> openOnlineGame(game, replace = true) })
            }
            sync?.close()
            sync = opened.online?.let { play ->
                SyncController(play, _language.value, scope, syncSoonMs, onTakenIn = { takenIn() })
            }
            applySettings(opened.settings)
            // The list's read is under way before the app says it is ready, so nobody takes
            // the empty list from before the database was open for the saved games.
            refresh()
            _startup.value = Startup.Ready(notice)
            pendingJoin?.let {
                pendingJoin = null
                openJoin(it)
            }
            // What the account's other devices did meanwhile comes in soon after the start.
            sync?.syncSoon()
        } catch (e: RodinaException) {
            val canSetAside = e is RodinaException.DatabaseDamaged || e is RodinaException.DatabaseTooNew
            _startup.value = Startup.Failed(problemText(_language.value, problemOf(e)), canSetAside)
        }
    }

    /** The system's language changed (the player may follow it). */
    fun setSystemLocale(locale: String) {
        systemLanguage = languageForLocale(locale)
        applySettings(_settings.value)
    }

    /**
     * Reads the saved games again (on [io]). Reads may overlap (leaving a game, then deleting
     * one): only the one asked for last is shown, so an older list that comes back late never
     * replaces a newer one, and the list stays loading until that last read is in.
     */
    fun refresh() {
        val storage = storage ?: return
        val read = ++reads
        loading = true
        _home.value = renderHome()
        scope.launch {
            val (listed, problem) = try {
                withContext(io) { storage.listGames() } to null
            } catch (e: RodinaException) {
                null to problemOf(e)
            }
            if (read != reads) return@launch
            if (listed != null) summaries = listed
            homeProblem = problem
            loading = false
            _home.value = renderHome()
        }
    }

    /**
     * Reads [variant]'s puzzle progress again (on [io]), for its page. Only the game whose page
     * opens: the progress is replayed from the log, and the home screen does not show it.
     */
    private fun refreshPuzzles(variant: Variant) {
        val puzzles = puzzleStorage ?: return
        scope.launch {
            // One game's puzzles that cannot be used say so on its page alone.
            val read = withContext(io) {
                try {
                    Result.success(puzzles.progress(variant))
                } catch (e: RodinaException) {
                    Result.failure(e)
                }
            }
            puzzleProgress = puzzleProgress + (variant to read)
            _home.value = renderHome()
        }
    }

    /**
     * Reads [variant]'s course with the player's progress again (on [io]), for its page, once
     * [after] (the writes of the exercise screen left last) is over.
     */
    private fun refreshCourse(variant: Variant, after: Job? = null) {
        val courses = courseStorage ?: return
        val language = _language.value
        scope.launch {
            after?.join()
            // One game's course that cannot be used says so on its page alone.
            val read = withContext(io) {
                try {
                    Result.success(courses.overview(variant, language))
                } catch (e: RodinaException) {
                    Result.failure(e)
                }
            }
            courseProgress = courseProgress + (variant to read)
            _home.value = renderHome()
        }
    }

    /**
     * Opens [variant]'s page: its puzzles and its rules course with the player's progress, its
     * story, its saved games and the way to a new one.
     */
    fun openGameHome(variant: Variant) {
        navigator.open(Screen.GameHome(variant))
        refreshPuzzles(variant)
        refreshCourse(variant, lastExerciseWrites?.takeIf { it.isActive })
    }

    /** Opens [variant]'s rules course: its lessons and exercises with the player's stars, read on [io]. */
    fun openCourse(variant: Variant) {
        val storage = courseStorage ?: return
        val controller = CourseController(variant, storage, _language.value, scope, io)
        course = controller
        navigator.open(Screen.Course(variant))
        controller.refresh(after = lastExerciseWrites?.takeIf { it.isActive })
    }

    /** Opens exercise [id] of [variant]'s course on the board (read on [io]). */
    fun openExercise(variant: Variant, id: String) {
        val storage = courseStorage ?: return
        val pending = exercise?.close() ?: lastExerciseWrites
        val controller = ExerciseController(variant, storage, _settings.value, _language.value, scope, io, opponentDelayMs)
        exercise = controller
        navigator.open(Screen.Exercise(variant))
        controller.start(id, after = pending?.takeIf { it.isActive })
    }

    /** Opens [variant]'s page of rules and story. */
    fun openGamePage(variant: Variant) = navigator.open(Screen.GamePage(variant))

    /** Opens the new-game form for [variant]. */
    fun openNewGame(variant: Variant) {
        newGame.choose(variant)
        navigator.open(Screen.NewGame(variant))
    }

    /** Opens the settings. */
    fun openSettings() = navigator.open(Screen.Settings)

    /** Opens progress sync: its status, a pairing code to show, one to type. */
    fun openSync() {
        val sync = sync ?: return
        sync.refresh()
        navigator.open(Screen.Sync)
    }

    /**
     * Another device's progress came in: the settings are read again, and the puzzle cards
     * and course lists shown are read again.
     */
    private fun takenIn() {
        val storage = storage ?: return
        scope.launch {
            val settings = runCatching { withContext(io) { storage.settings() } }.getOrNull()
            if (settings != null && settings != _settings.value) applySettings(settings)
            for (variant in puzzleProgress.keys) refreshPuzzles(variant)
            for (variant in courseProgress.keys) refreshCourse(variant)
        }
    }

    /** Opens the invite form for an online game of [variant] with a friend. */
    fun openInvite(variant: Variant) {
        val online = online ?: return
        online.startInvite(variant)
        navigator.open(Screen.Invite(variant))
    }

    /**
     * Opens the join form, with [codeOrLink] (a code, or a `rodina://join/CODE` link) filled
     * in and looked up; null: an empty form.
     */
    fun openJoin(codeOrLink: String? = null) {
        val online = online ?: return
        online.startJoin(codeOrLink)
        if (navigator.current.value == Screen.Join) return
        navigator.open(Screen.Join)
    }

    /**
     * Opens a link the system handed the app (`rodina://join/CODE`): the join form with its
     * code. Returns false for a link that holds no invitation. A link that comes before the
     * database is open is kept and opened once it is.
     */
    fun openLink(link: String): Boolean {
        val code = invitationCode(link) ?: return false
        if (_startup.value !is Startup.Ready) {
            pendingJoin = code
            return true
        }
        openJoin(code)
        return true
    }

    /**
     * Opens online game [game]: in place of the invite or join screen that led to it (or of
     * the game whose rematch it is) when [replace], else on top.
     */
    fun openOnlineGame(game: String, replace: Boolean = false) {
        val online = online ?: return
        onlineGame?.close()
        val controller = OnlineGameController(
            online.play, game, _settings.value, _language.value, scope,
            onNewGame = { next -> openOnlineGame(next, replace = true) },
        )
        onlineGame = controller
        val top = navigator.current.value
        if (replace && (top is Screen.Invite || top == Screen.Join || top is Screen.OnlineGame)) {
            if (top is Screen.Invite) online.cancelInvite()
            navigator.replaceTop(Screen.OnlineGame(game))
        } else {
            navigator.open(Screen.OnlineGame(game))
        }
        controller.start()
    }

    /** The app went to the background: an online game lets its socket go (and shows as paused). */
    fun suspendOnline() {
        onlineGame?.suspend()
    }

    /** The app came back: an online game connects again and catches up, and progress syncs. */
    fun resumeOnline() {
        onlineGame?.resume()
        sync?.syncSoon()
    }

    /** Opens [variant]'s puzzles: the next puzzle for the player, chosen on [io]. */
    fun openPuzzles(variant: Variant) {
        val storage = puzzleStorage ?: return
        val pending = puzzle?.close() ?: lastPuzzleWrites
        val controller = PuzzleController(variant, storage, _settings.value, _language.value, scope, io, opponentDelayMs)
        puzzle = controller
        navigator.open(Screen.Puzzle(variant))
        controller.start(after = pending?.takeIf { it.isActive })
    }

    /** Starts a game from the form and opens it in place of the form. */
    fun startGame() {
        try {
            val session = GameSession(formNewGame(newGame.state.value.form))
            open(session)
            navigator.replaceTop(Screen.Game(savedId = null))
        } catch (e: RodinaException) {
            newGame.showProblem(problemOf(e))
        }
    }

    /** Opens saved game [id] (read on [io]); a game that cannot be read is reported on the home screen. */
    fun resumeGame(id: Long) {
        val storage = storage ?: return
        scope.launch {
            try {
                val session = withContext(io) { storage.resume(id) }
                open(session)
                navigator.open(Screen.Game(savedId = id))
            } catch (e: RodinaException) {
                homeProblem = problemOf(e)
                _home.value = renderHome()
                if (e is RodinaException.NotFound) refresh()
            }
        }
    }

    /** Makes [session] the game in play; a game left behind stops its bot. */
    private fun open(session: GameSession) {
        game?.close()
        game = GameController(session, saver, _settings.value, _language.value, scope, botTimeLimitMs)
    }

    /** Deletes saved game [id] (on [io]) and reads the list again; returns that work, to wait for (tests). */
    fun deleteGame(id: Long): Job? {
        val storage = storage ?: return null
        return scope.launch {
            // The game's last save may still be under way (its screen was just left): it
            // would write the game anew after the delete, so the delete waits for it.
            saver?.flush()
            try {
                withContext(io) { storage.deleteGame(id) }
            } catch (e: RodinaException) {
                homeProblem = problemOf(e)
            }
            refresh()
        }
    }

    /** Clears the home screen's problem. */
    fun dismissHomeMessage() {
        homeProblem = null
        _home.value = renderHome()
    }

    /**
     * Saves new settings (on [io]); the screens follow them at once. If they cannot be saved
     * the home screen says so and the old ones stay. Returns the write, to wait for (tests).
     */
    fun updateSettings(new: Settings): Job? {
        val storage = storage ?: return null
        val old = _settings.value
        applySettings(new)
        return scope.launch {
            try {
                withContext(io) { storage.setSettings(new) }
                sync?.syncSoon()
            } catch (e: RodinaException) {
                applySettings(old)
                homeProblem = problemOf(e) { Problem.Storage(it) }
                _home.value = renderHome()
            }
        }
    }

    private fun applySettings(new: Settings) {
        _settings.value = new
        val language = new.language ?: systemLanguage
        val changed = language != _language.value
        _language.value = language
        newGame.setLanguage(language)
        game?.setLanguage(language)
        game?.setSettings(new)
        puzzle?.setLanguage(language)
        puzzle?.setSettings(new)
        course?.setLanguage(language)
        online?.setLanguage(language)
        sync?.setLanguage(language)
        onlineGame?.setLanguage(language)
        onlineGame?.setSettings(new)
        exercise?.setLanguage(language)
        exercise?.setSettings(new)
        // The course cards' texts were read in the old language.
        if (changed) courseProgress.keys.forEach { refreshCourse(it) }
        _home.value = renderHome()
    }

    /**
     * Leaves the screen on top (the system back gesture); returns false on the home screen.
     * Leaving a game waits for its last save before the list is read again.
     */
    fun back(): Boolean {
        val left = navigator.current.value
        val moved = navigator.back()
        if (moved && left is Screen.Game) {
            val pending = game?.close()
            game = null
            scope.launch {
                pending?.join()
                refresh()
            }
        }
        if (moved && left is Screen.Puzzle) {
            // The page's progress is read once the last attempt is in the log.
            val pending = puzzle?.close()
            lastPuzzleWrites = pending
            puzzle = null
            scope.launch {
                pending?.join()
                refreshPuzzles(left.variant)
            }
        }
        if (moved && left is Screen.Exercise) {
            // The list shows the stars once the last solve is written.
            val pending = exercise?.close()
            lastExerciseWrites = pending
            exercise = null
            course?.refresh(after = pending)
        }
        if (moved && left is Screen.Invite) online?.cancelInvite()
        if (moved && left is Screen.OnlineGame) {
            onlineGame?.close()
            onlineGame = null
        }
        if (moved && left is Screen.Course) {
            course = null
            refreshCourse(left.variant, lastExerciseWrites?.takeIf { it.isActive })
        }
        return moved
    }

    /** Waits for every save asked for so far (the app going to the background). */
    suspend fun flushSaves() {
        saver?.flush()
    }

    private fun renderHome(): HomeState {
        val language = _language.value
        val rows = summaries.map { g ->
            val t = savedGameText(language, g)
            SavedGameRow(g.id, g.variant, t.title, t.subtitle, g.outcome != null)
        }
        val cards = variants().map { v ->
            val open = rows.count { it.variant == v && !it.finished }
            GameCard(v, gameName(language, v), open, if (open > 0) gamesInProgress(language, open.toUInt()) else null)
        }
        val puzzles = puzzleProgress.mapValues { (v, result) ->
            val progress = result.getOrNull()
            val t = progress?.let { puzzleProgressText(language, it) }
            PuzzleCard(
                variant = v,
                title = uiText(language, UiText.PUZZLES_ENTRY),
                rating = t?.rating ?: "",
                solved = t?.solved ?: "",
                attempts = t?.attempts ?: "",
                available = (progress?.puzzles ?: 0u) > 0u,
                progress = progress,
                problem = (result.exceptionOrNull() as? RodinaException)?.let { problemText(language, problemOf(it)) },
            )
        }
        val courses = courseProgress.mapValues { (v, result) ->
            val overview = result.getOrNull()
            CourseCard(
                variant = v,
                title = uiText(language, UiText.COURSES_ENTRY),
                solved = overview?.solvedText ?: "",
                stars = overview?.starsText ?: "",
                overview = overview,
                problem = (result.exceptionOrNull() as? RodinaException)?.let { problemText(language, problemOf(it)) },
            )
        }
        return HomeState(
            cards, rows, homeProblem?.let { problemText(language, it) }, loading, puzzles, courses,
            pageEntry = uiText(language, UiText.COURSE_PAGE_ENTRY),
            online = online != null,
        )
    }

    /** What opening the database read, on [io]. */
    private class Opened(
        val games: GameStorage,
        val settings: Settings,
        val puzzles: PuzzleStorage,
        val courses: CourseStorage,
        val online: OnlinePlay?,
    )

    companion object {
        /** The settings of a new database (the core's defaults), until the real ones are read. */
        val DEFAULT_SETTINGS = Settings(
            showLegalTargets = true,
            showLastMove = true,
            rotateBoard = false,
            pieceStyle = PieceStyle.CHARACTERS,
            language = null,
        )
    }
}
