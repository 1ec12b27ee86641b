package app.rodina.state

import app.rodina.core.CourseFailure
import app.rodina.core.CourseOverview
import app.rodina.core.CoursePhase
import app.rodina.core.CourseSession
import app.rodina.core.CourseTapResult
import app.rodina.core.CourseView
import app.rodina.core.Language
import app.rodina.core.LessonEntry
import app.rodina.core.MoveRow
import app.rodina.core.PageSection
import app.rodina.core.PieceKind
import app.rodina.core.Problem
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.courseTitle
import app.rodina.core.gameName
import app.rodina.core.gamePage
import app.rodina.core.problemText
import app.rodina.core.uiText
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/** One game's rules course as its list draws it. Every text is in [language], from the core's catalog. */
data class CourseListState(
    val variant: Variant,
    val language: Language,
    /** "Xiangqi: rules course". */
    val title: String,
    /** The course and the player's progress are being read. */
    val loading: Boolean,
    /** The lessons, each with its exercises, their best scores and stars. */
    val lessons: List<LessonEntry>,
    /** "5 of 17 exercises solved"; empty until read. */
    val solved: String,
    /** "12 of 51 stars"; empty until read. */
    val stars: String,
    /** Said once every exercise is solved. */
    val allSolved: String?,
    /** The first exercise not solved yet, which "Continue" opens; null when none is left. */
    val next: String?,
    /** "Continue". */
    val continueLabel: String,
    /** A course or a progress that could not be read: it stays until dismissed. */
    val problem: String?,
)

/**
 * The course list's state holder: reads [variant]'s course with the player's progress (on
 * [io]) and reads it again when an exercise was left, after that exercise's scores are
 * written. Its fields are touched only on [scope]'s one thread.
 */
class CourseController(
    val variant: Variant,
    private val storage: CourseStorage,
    private var language: Language,
    private val scope: CoroutineScope,
    private val io: CoroutineDispatcher,
) {
    private var overview: CourseOverview? = null
    private var loading = true
    private var problem: Problem? = null

    /** How many reads were asked for: only the last one is shown. */
    private var reads = 0
    private val _state = MutableStateFlow(render())

    /** What the list draws. */
    val state: StateFlow<CourseListState> = _state.asStateFlow()

    /**
     * Reads the course and the progress again (on [io]), once [after] (the writes of the
     * exercise just left) is over, so the list never shows stars from before a solve.
     */
    fun refresh(after: Job? = null) {
        val read = ++reads
        loading = true
        publish()
        val asked = language
        scope.launch {
            after?.join()
            val (found, failed) = try {
                withContext(io) { storage.overview(variant, asked) } to null
            } catch (e: RodinaException) {
                null to problemOf(e)
            }
            if (read != reads) return@launch
            loading = false
            if (found != null) overview = found
            problem = failed
            publish()
        }
    }

    /** The texts' language changed: the list is read again in it. */
    fun setLanguage(new: Language) {
        if (new == language) return
        language = new
        refresh()
    }

    /** Clears the problem. */
    fun dismissProblem() {
        problem = null
        publish()
    }

    private fun publish() {
        _state.value = render()
    }

    private fun render(): CourseListState {
        val o = overview
        return CourseListState(
            variant = variant,
            language = language,
            title = o?.title ?: courseTitle(language, variant),
            loading = loading,
            lessons = o?.lessons ?: emptyList(),
            solved = o?.solvedText ?: "",
            stars = o?.starsText ?: "",
            allSolved = o?.allSolvedText,
            next = o?.next,
            continueLabel = uiText(language, UiText.COURSE_CONTINUE),
            problem = problem?.let { problemText(language, it) },
        )
    }
}

/** Everything the exercise screen draws. Every text is in [language], from the core's catalog. */
data class ExerciseScreenState(
    override val variant: Variant,
    override val board: BoardKind,
    override val language: Language,
    /** The exercise's title ("The leap"); the course's while it opens. */
    val title: String,
    /** The lesson's title. */
    val lessonTitle: String,
    /** "Exercise 3 of 17". */
    val number: String,
    /** What to do. */
    val goal: String,
    override val orientation: Orientation,
    /** Row by row from the top of the screen; empty while no exercise shows. */
    override val cells: List<CellUi>,
    override val hoveringPiece: PieceUi?,
    /** The opponent's bar, at the top. */
    override val topBar: BarUi?,
    /** The player's bar, at the bottom. */
    override val bottomBar: BarUi?,
    /** "Your move (Red)", "Green replies…", the result. */
    override val status: String,
    override val lastMove: String?,
    override val moves: List<MoveRow>,
    /** The exercise is being opened. */
    val loading: Boolean,
    /** Where the exercise stands; null while none shows. */
    val phase: CoursePhase?,
    /** "Moves: 1 · par 2". */
    val movesText: String,
    /** "Targets: 1 of 2", for an exercise with targets (marked on the board too). */
    val targetsText: String?,
    /** The hints shown so far. */
    val hints: List<String>,
    val canHint: Boolean,
    /** "Solved!", or why the exercise failed, once the try is over. */
    val result: String?,
    /** Why the exercise failed, once it has. */
    val failure: CourseFailure?,
    /** The exercise's words on success. */
    val doneText: String?,
    /** Why the rules forbid the move tried, when that failed the exercise. */
    val refusalText: String?,
    /** The stars of this try: 0 until solved, then 1 to 3. */
    val stars: Int,
    /** "600 points", once solved. */
    val scoreText: String?,
    /** "3 of 3 stars", once solved (a screen reader says it for the stars drawn). */
    val starsText: String?,
    /** "A new best score!" or "Best so far: 550 points", once solved. */
    val bestText: String?,
    val canRetry: Boolean,
    /** The try is over and the course has an exercise after this one. */
    val canNext: Boolean,
    /** A promotion to choose now (Friendly chess). */
    override val promotion: PromotionUi?,
    /** A move of several steps is under way: offer "start the move again". */
    override val canRestartMove: Boolean,
    /** Why the last tap did nothing; null when there is nothing to say. */
    val message: String?,
    /** An exercise that could not be opened, or a score that could not be written: it stays until dismissed. */
    val problem: String?,
) : BoardScreenState

/**
 * The exercise screen's state holder for every game: opens an exercise of [variant]'s course
 * (on [io]), forwards taps, drags and promotion choices to the core's [CourseSession], plays
 * the scripted reply [opponentDelayMs] after the player's move, and writes every solve's
 * score to the database.
 *
 * Threads: [scope] runs on one thread (Android's main thread), and the controller's fields are
 * touched only there. The database is used only on [io]. Scores are written in a scope of the
 * controller's own that no screen owns, so a solve just before the screen closes is still
 * written; [close] returns the write under way, for the course list to wait for before it
 * reads the progress again.
 */
class ExerciseController(
    val variant: Variant,
    private val storage: CourseStorage,
    private var settings: Settings,
    private var language: Language,
    private val scope: CoroutineScope,
    private val io: CoroutineDispatcher,
    /** How long the board shows the player's move before the scripted reply is played, ms. */
    private val opponentDelayMs: Long = 600,
) : BoardControls {
    private val saves = CoroutineScope(SupervisorJob() + io)
    private var session: CourseSession? = null
    private var loading = true
    private var manualFlip = false
    private var message: String? = null
    private var problem: Problem? = null
    private var opponentJob: Job? = null
    private var saveJob: Job? = null
    private var closed = false
    private val _state = MutableStateFlow(render())

    /** What the screen draws. */
    val state: StateFlow<ExerciseScreenState> = _state.asStateFlow()

    /** The exercise on the board, if one is. */
    val exercise: CourseSession? get() = session

    /** Opens exercise [id] (on [io]) once [after] (the last exercise screen's writes) is over. */
    fun start(id: String, after: Job? = null) {
        loading = true
        publish()
        scope.launch {
            after?.join()
            try {
                val opened = withContext(io) { storage.open(variant, id) }
                opened.setLanguage(language)
                session = opened
            } catch (e: RodinaException) {
                problem = problemOf(e)
            }
            loading = false
            publish(message = null)
        }
    }

    /** A tap on a screen cell. */
    override fun tap(cell: Cell) {
        val s = session ?: return
        val point = _state.value.orientation.pointAt(cell) ?: return
        handle(s, s.tap(point))
    }

    /** A piece dragged from one screen cell and dropped on another. */
    override fun drag(from: Cell, to: Cell) {
        val s = session ?: return
        val (start, end) = _state.value.orientation.pointsAt(from, to) ?: return
        handle(s, s.drag(start, end))
    }

    /** The piece a pawn becomes, from [ExerciseScreenState.promotion]'s choices. */
    override fun choosePromotion(kind: PieceKind) {
        val s = session ?: return
        handle(s, s.choosePromotion(kind))
    }

    /** Starts a move of several steps again (Friendly chess chains). */
    override fun restartMove() {
        session?.restartMove()
        publish(message = null)
    }

    /** Turns the board round (the player's side is at the bottom otherwise). */
    override fun flip() {
        manualFlip = !manualFlip
        publish()
    }

    /** Shows the exercise's next hint. */
    fun hint() {
        session?.hint()
        publish(message = null)
    }

    /** Starts the exercise again (a reply still due is not played). */
    fun retry() {
        val s = session ?: return
        opponentJob?.cancel()
        s.retry()
        publish(message = null)
    }

    /** Goes on to the course's next exercise. */
    fun next() {
        val s = session ?: return
        opponentJob?.cancel()
        s.nextExercise()
        publish(message = null)
    }

    /** Clears the tap message and the problem. */
    fun dismissMessage() {
        problem = null
        publish(message = null)
    }

    /** The texts' language changed. */
    fun setLanguage(new: Language) {
        language = new
        session?.setLanguage(new)
        publish()
    }

    /** The settings changed (labels, highlights). */
    fun setSettings(new: Settings) {
        settings = new
        publish()
    }

    /**
     * Leaves the exercise: no reply is played any more. Returns the write of the last score
     * still under way, if any: wait for it before reading the progress.
     */
    fun close(): Job? {
        closed = true
        opponentJob?.cancel()
        opponentJob = null
        return saveJob?.takeIf { it.isActive }
    }

    /** Waits until no reply is due and no score is being written (tests; a screen draws [state]). */
    suspend fun settle() {
        while (true) {
            val opponent = opponentJob
            val save = saveJob
            opponent?.join()
            save?.join()
            if (opponentJob === opponent && saveJob === save) return
        }
    }

    private fun handle(s: CourseSession, result: CourseTapResult) {
        when (result) {
            is CourseTapResult.Played -> {
                playOpponentLater(s)
                saveScores(s)
                publish(message = null)
            }
            // The view says why the exercise failed.
            is CourseTapResult.Illegal -> publish(message = null)
            is CourseTapResult.Refused -> publish(message = result.refusal.message)
            else -> publish(message = null)
        }
    }

    /** Plays the scripted reply now due, [opponentDelayMs] later. */
    private fun playOpponentLater(s: CourseSession) {
        opponentJob?.cancel()
        if (closed || s.phase() != CoursePhase.REPLYING) return
        opponentJob = scope.launch {
            delay(opponentDelayMs)
            s.playOpponent()
            publish()
        }
    }

    /** A solve's score waits to be written: write it (on [io], in a scope no screen owns). */
    private fun saveScores(s: CourseSession) {
        if (!s.hasUnsavedScores()) return
        val previous = saveJob
        saveJob = saves.launch {
            previous?.join()
            val failed = try {
                storage.save(s)
                null
            } catch (e: RodinaException) {
                problemOf(e) { Problem.Storage(it) }
            }
            if (failed != null) {
                scope.launch {
                    problem = failed
                    publish()
                }.join()
            }
        }
    }

    private fun publish(message: String? = this.message) {
        this.message = message
        _state.value = render()
    }

    private fun render(): ExerciseScreenState {
        val view: CourseView? = session?.view()
        if (view == null) {
            val kind = boardKind(variant)
            val (files, ranks) = when (kind) {
                BoardKind.INTERSECTIONS -> 9 to 10
                BoardKind.SQUARES_9 -> 9 to 9
                BoardKind.SQUARES_8 -> 8 to 8
            }
            return ExerciseScreenState(
                variant = variant, board = kind, language = language, title = courseTitle(language, variant),
                lessonTitle = "", number = "", goal = "", orientation = Orientation(files, ranks, manualFlip),
                cells = emptyList(), hoveringPiece = null, topBar = null, bottomBar = null,
                status = if (loading) uiText(language, UiText.COURSES_LOADING) else "", lastMove = null,
                moves = emptyList(), loading = loading, phase = null, movesText = "", targetsText = null,
                hints = emptyList(), canHint = false, result = null, failure = null, doneText = null,
                refusalText = null, stars = 0, scoreText = null, starsText = null, bestText = null,
                canRetry = false, canNext = false, promotion = null, canRestartMove = false,
                message = message, problem = problem?.let { problemText(language, it) },
            )
        }
        val board = view.board
        // The player's side at the bottom, unless the board was turned round.
        val flipped = (view.player == Side.SECOND) != manualFlip
        val orientation = Orientation(board.files.toInt(), board.ranks.toInt(), flipped)
        val boardUi = BoardUi(board, orientation, language, settings)
        val over = view.phase == CoursePhase.SOLVED || view.phase == CoursePhase.FAILED
        return ExerciseScreenState(
            variant = view.variant,
            board = boardKind(view.variant),
            language = language,
            title = view.title,
            lessonTitle = view.lessonTitle,
            number = view.numberText,
            goal = view.goal,
            orientation = orientation,
            cells = boardUi.cells(),
            hoveringPiece = boardUi.hoveringPiece(),
            topBar = boardUi.topBar(),
            bottomBar = boardUi.bottomBar(),
            status = view.status,
            lastMove = board.lastMoveText,
            moves = board.moveRows,
            loading = loading,
            phase = view.phase,
            movesText = view.movesText,
            targetsText = view.targetsText,
            hints = view.hints,
            canHint = view.canHint,
            result = view.result,
            failure = view.failure,
            doneText = view.doneText,
            refusalText = view.refusalText,
            stars = view.score?.stars?.toInt() ?: 0,
            scoreText = view.scoreText,
            starsText = view.starsText,
            bestText = view.bestText,
            canRetry = view.canRetry,
            canNext = over && view.next != null,
            promotion = boardUi.promotion(),
            canRestartMove = board.moveStarted,
            message = message,
            problem = problem?.let { problemText(language, it) },
        )
    }
}

/** A game's page as its screen draws it: how it is played, its story, its pieces' names and the sources. */
data class GamePageState(
    val variant: Variant,
    val language: Language,
    /** "About Xiangqi"; the game's name when the page cannot be read. */
    val title: String,
    /** The page's one-line summary. */
    val summary: String,
    /** Its sections, each a heading and its parts. */
    val sections: List<PageSection>,
    /** Why the page cannot be shown, if it cannot. */
    val problem: String?,
)

/**
 * [variant]'s page in [language], from the core (quick, no database: fine on the main thread).
 * A page that cannot be read (a build defect) says so rather than failing.
 */
fun gamePageState(variant: Variant, language: Language): GamePageState = try {
    val page = gamePage(variant, language)
    GamePageState(variant, language, page.title, page.summary, page.sections, problem = null)
} catch (e: RodinaException) {
    GamePageState(variant, language, gameName(language, variant), "", emptyList(), problemText(language, problemOf(e)))
}
