package app.rodina.state

import app.rodina.core.Difficulty
import app.rodina.core.Language
import app.rodina.core.MoveRow
import app.rodina.core.PieceKind
import app.rodina.core.Problem
import app.rodina.core.PuzzlePhase
import app.rodina.core.PuzzleProgress
import app.rodina.core.PuzzleSession
import app.rodina.core.PuzzleTapResult
import app.rodina.core.PuzzleView
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.difficulties
import app.rodina.core.difficultyName
import app.rodina.core.noPuzzleText
import app.rodina.core.problemText
import app.rodina.core.puzzleProgressText
import app.rodina.core.puzzlesTitle
import app.rodina.core.themeName
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

/** Everything the puzzle screen draws. Every text is in [language], from the core's catalog. */
data class PuzzleScreenState(
    override val variant: Variant,
    override val board: BoardKind,
    override val language: Language,
    /** "Xiangqi puzzles". */
    val title: String,
    override val orientation: Orientation,
    /** Row by row from the top of the screen; empty while no puzzle shows. */
    override val cells: List<CellUi>,
    override val hoveringPiece: PieceUi?,
    /** The opponent's bar, at the top. */
    override val topBar: BarUi?,
    /** The player's bar, at the bottom. */
    override val bottomBar: BarUi?,
    /** "Your turn: find the best move for Red", "Correct!", the result, the solution's step. */
    override val status: String,
    override val lastMove: String?,
    override val moves: List<MoveRow>,
    /** A puzzle is being chosen (or the first one read). */
    val loading: Boolean,
    /** Why no puzzle shows: none in the bank yet, or all solved; null while one shows. */
    val empty: String?,
    /** Where the puzzle stands; null while none shows. */
    val phase: PuzzlePhase?,
    /** "Solved!", "Puzzle failed", once the attempt is over. */
    val result: String?,
    /** This attempt counts for the rating (a retry never does). */
    val rated: Boolean,
    /** "Rating 1523", "Rating 1500?". */
    val rating: String,
    /** "+12", "−8", or why the attempt did not count; once it is recorded. */
    val change: String?,
    /** "Puzzle rated 1300", once the attempt is over. */
    val puzzleText: String?,
    /** The puzzle's themes by name, once the attempt is over (before, they give it away). */
    val themes: List<String>,
    /** "Hint: the move starts on b1", while the hint applies (the cell is marked too). */
    val hint: String?,
    /** Where the solution shown stands, while it is shown. */
    val solution: String?,
    val canHint: Boolean,
    val canShowSolution: Boolean,
    /** The attempt is over: try again (unrated), or go on. */
    val canRetry: Boolean,
    val canNext: Boolean,
    val canStepBack: Boolean,
    val canStepForward: Boolean,
    /** A promotion to choose now (Friendly chess). */
    override val promotion: PromotionUi?,
    /** A move of several steps is under way: offer "start the move again". */
    override val canRestartMove: Boolean,
    val difficulty: Difficulty,
    val difficulties: List<Choice<Difficulty>>,
    /** "12 puzzles solved · 15 attempts". */
    val progress: String?,
    /** Why the last tap did nothing; null when there is nothing to say. */
    val message: String?,
    /** A puzzle that could not be chosen, read or saved: it stays until dismissed. */
    val problem: String?,
) : BoardScreenState

/**
 * The puzzle screen's state holder for every game: chooses [variant]'s next puzzle (on
 * [io]), shows the position before the opponent's move and plays that move [opponentDelayMs]
 * later, forwards taps, drags and promotion choices to the core's [PuzzleSession], plays
 * each reply a moment after a right move, and writes every ended attempt to the log.
 *
 * Threads: [scope] runs on one thread (Android's main thread), and the controller's fields
 * are touched only there. The database is used only on [io]. Attempts are written in a scope
 * of the controller's own that no screen owns, so an attempt ended just before the screen
 * closes is still written; [close] returns the write under way, for the page to wait for
 * before it reads the progress again.
 */
class PuzzleController(
    val variant: Variant,
    private val storage: PuzzleStorage,
    private var settings: Settings,
    private var language: Language,
    private val scope: CoroutineScope,
    private val io: CoroutineDispatcher,
    /** How long the board shows before an opponent's move is played, ms. */
    private val opponentDelayMs: Long = 600,
) : BoardControls {
    private val saves = CoroutineScope(SupervisorJob() + io)
    private var session: PuzzleSession? = null
    private var loading = true
    private var empty: String? = null
    private var progress: PuzzleProgress? = null
    private var difficulty = Difficulty.NORMAL
    private var manualFlip = false
    private var message: String? = null
    private var problem: Problem? = null
    private var opponentJob: Job? = null
    private var saveJob: Job? = null
    private var closed = false
    private val _state = MutableStateFlow(render())

    /** What the screen draws. */
    val state: StateFlow<PuzzleScreenState> = _state.asStateFlow()

    /** The puzzle on the board, if one is (for what a screen needs beyond [state]). */
    val puzzle: PuzzleSession? get() = session

    /** Reads the difficulty and the progress, and chooses the first puzzle (on [io]). */
    fun start(after: Job? = null) {
        loading = true
        publish()
        // The last puzzle screen's writes (an attempt, a difficulty) come first.
        showChosen({ after }) {
            Chosen(storage.next(variant, null), storage.progress(variant), storage.difficulty(variant))
        }
    }

    /** A tap on a screen cell. */
    override fun tap(cell: Cell) {
        val s = session ?: return
        val point = _state.value.orientation.pointAt(cell) ?: return
        handle(s.tap(point))
    }

    /** A piece dragged from one screen cell and dropped on another. */
    override fun drag(from: Cell, to: Cell) {
        val s = session ?: return
        val (start, end) = _state.value.orientation.pointsAt(from, to) ?: return
        handle(s.drag(start, end))
    }

    /** The piece a pawn becomes, from [PuzzleScreenState.promotion]'s choices. */
    override fun choosePromotion(kind: PieceKind) {
        val s = session ?: return
        handle(s.choosePromotion(kind))
    }

    /** Starts a move of several steps again (Friendly chess chains). */
    override fun restartMove() {
        session?.restartMove()
        publish(message = null)
    }

    /** Marks where the next move starts; the attempt then counts as not solved. */
    fun hint() {
        session?.hint()
        publish(message = null)
    }

    /** Shows the solution to step through; before the end, the attempt fails (and is written). */
    fun showSolution() {
        val s = session ?: return
        val wasOver = s.phase().let { it == PuzzlePhase.SOLVED || it == PuzzlePhase.FAILED }
        opponentJob?.cancel()
        s.showSolution()
        if (!wasOver) attemptEnded(s)
        publish(message = null)
    }

    /** Steps the solution shown one move forward (or back). */
    fun stepSolution(forward: Boolean) {
        session?.solutionStep(forward)
        publish(message = null)
    }

    /** Tries the puzzle again, unrated. */
    fun retry() {
        val s = session ?: return
        try {
            if (s.retry()) {
                publish(message = null)
                playOpponentLater(s)
            }
        } catch (e: RodinaException) {
            problem = problemOf(e)
            publish()
        }
    }

    /**
     * The next puzzle, chosen on [io] after the last attempt is written: re-targeted at the
     * rating that attempt left, at the difficulty chosen, never one solved.
     */
    fun next() {
        val last = session
        opponentJob?.cancel()
        loading = true
        publish(message = null)
        showChosen({ saveJob }) {
            if (last != null && last.hasUnsavedAttempts()) storage.save(last)
            Chosen(storage.next(variant, last?.id()), storage.progress(variant))
        }
    }

    /** Chooses how hard the next puzzles are; kept in the database (on [io]). */
    fun chooseDifficulty(new: Difficulty) {
        val old = difficulty
        if (new == old) return
        difficulty = new
        publish()
        // In the chain of this screen's writes, in a scope no screen owns: leaving the screen
        // (or opening the next puzzle page) waits for it, so the choice is never lost or read
        // stale.
        val previous = saveJob
        saveJob = saves.launch {
            previous?.join()
            val failed = try {
                storage.setDifficulty(variant, new)
                null
            } catch (e: RodinaException) {
                problemOf(e) { Problem.Storage(it) }
            }
            if (failed != null) {
                scope.launch {
                    difficulty = old
                    problem = failed
                    publish()
                }.join()
            }
        }
    }

    /** Turns the board round (the player's side is at the bottom otherwise). */
    override fun flip() {
        manualFlip = !manualFlip
        publish()
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
     * Leaves the puzzles: no opponent's move is played any more. Returns the write of the
     * last attempt still under way, if any: wait for it before reading the progress.
     */
    fun close(): Job? {
        closed = true
        opponentJob?.cancel()
        opponentJob = null
        return saveJob?.takeIf { it.isActive }
    }

    /** Waits until no opponent's move is due and no attempt is being written (tests; a screen draws [state]). */
    suspend fun settle() {
        while (true) {
            val opponent = opponentJob
            val save = saveJob
            opponent?.join()
            save?.join()
            if (opponentJob === opponent && saveJob === save) return
        }
    }

    /** A puzzle chosen on [io] with what was read beside it; [difficulty] only when it was read too. */
    private class Chosen(val puzzle: PuzzleSession?, val progress: PuzzleProgress, val difficulty: Difficulty? = null)

    /**
     * Once the write [after] gives is over, chooses a puzzle with [choose] on [io] and shows
     * it; what could not be chosen or read shows as the problem, with no puzzle. [after] is
     * asked only when the coroutine runs, so a write queued in the meantime comes first too.
     */
    private fun showChosen(after: () -> Job?, choose: () -> Chosen) {
        scope.launch {
            after()?.join()
            try {
                val chosen = withContext(io) { choose() }
                progress = chosen.progress
                chosen.difficulty?.let { difficulty = it }
                show(chosen.puzzle)
            } catch (e: RodinaException) {
                loading = false
                problem = problemOf(e)
                publish()
            }
        }
    }

    private fun show(chosen: PuzzleSession?) {
        loading = false
        session = chosen
        empty = if (chosen == null) noPuzzleText(language, variant, (progress?.puzzles ?: 0u) > 0u) else null
        chosen?.setLanguage(language)
        publish(message = null)
        if (chosen != null) playOpponentLater(chosen)
    }

    /** Plays the opponent's move now due, [opponentDelayMs] later; then the next, if one is due. */
    private fun playOpponentLater(s: PuzzleSession) {
        opponentJob?.cancel()
        val phase = s.phase()
        if (closed || (phase != PuzzlePhase.OPENING && phase != PuzzlePhase.REPLYING)) return
        opponentJob = scope.launch {
            delay(opponentDelayMs)
            try {
                s.playOpponent()
            } catch (e: RodinaException) {
                problem = problemOf(e)
            }
            publish()
            if (session === s) playOpponentLater(s)
        }
    }

    private fun handle(result: PuzzleTapResult) {
        val s = session ?: return
        when (result) {
            is PuzzleTapResult.Right -> {
                if (result.solved) attemptEnded(s) else playOpponentLater(s)
                publish(message = null)
            }
            is PuzzleTapResult.Wrong -> {
                attemptEnded(s)
                publish(message = null)
            }
            is PuzzleTapResult.Refused -> publish(message = result.refusal.message)
            else -> publish(message = null)
        }
    }

    /** The attempt ended: write it (on [io], in a scope no screen owns), then show its rating change. */
    private fun attemptEnded(s: PuzzleSession) {
        val previous = saveJob
        saveJob = saves.launch {
            previous?.join()
            val failed = try {
                storage.save(s)
                null
            } catch (e: RodinaException) {
                problemOf(e) { Problem.Storage(it) }
            }
            val read = if (failed == null) runCatching { storage.progress(variant) }.getOrNull() else null
            // Back on [scope]'s thread to draw it (unless the screen is gone); the write is
            // over once that is drawn, so whoever waits for it sees the progress it left.
            scope.launch {
                if (failed != null) problem = failed
                if (read != null) progress = read
                publish()
            }.join()
        }
    }

    private fun publish(message: String? = this.message) {
        this.message = message
        _state.value = render()
    }

    private fun progressText(): String? = progress?.let {
        val t = puzzleProgressText(language, it)
        "${t.solved} · ${t.attempts}"
    }

    private fun render(): PuzzleScreenState {
        val choices = difficulties().map { Choice(it, difficultyName(language, it)) }
        val title = puzzlesTitle(language, variant)
        val view: PuzzleView? = session?.view()
        if (view == null) {
            val kind = boardKind(variant)
            val (files, ranks) = when (kind) {
                BoardKind.INTERSECTIONS -> 9 to 10
                BoardKind.SQUARES_9 -> 9 to 9
                BoardKind.SQUARES_8 -> 8 to 8
            }
            return PuzzleScreenState(
                variant = variant, board = kind, language = language, title = title,
                orientation = Orientation(files, ranks, manualFlip), cells = emptyList(),
                hoveringPiece = null, topBar = null, bottomBar = null,
                status = if (loading) uiText(language, UiText.PUZZLES_LOADING) else (empty ?: ""),
                lastMove = null, moves = emptyList(), loading = loading, empty = empty, phase = null,
                result = null, rated = false, rating = "", change = null, puzzleText = null,
                themes = emptyList(), hint = null, solution = null, canHint = false,
                canShowSolution = false, canRetry = false, canNext = !loading && empty == null,
                canStepBack = false, canStepForward = false, promotion = null, canRestartMove = false,
                difficulty = difficulty, difficulties = choices, progress = progressText(),
                message = message, problem = problem?.let { problemText(language, it) },
            )
        }
        val board = view.board
        // The player's side at the bottom, unless the board was turned round.
        val flipped = (view.solver == Side.SECOND) != manualFlip
        val orientation = Orientation(board.files.toInt(), board.ranks.toInt(), flipped)
        val boardUi = BoardUi(board, orientation, language, settings)
        val over = view.phase == PuzzlePhase.SOLVED || view.phase == PuzzlePhase.FAILED
        val step = view.solution
        return PuzzleScreenState(
            variant = view.variant,
            board = boardKind(view.variant),
            language = language,
            title = title,
            orientation = orientation,
            cells = boardUi.cells(),
            hoveringPiece = boardUi.hoveringPiece(),
            topBar = boardUi.topBar(),
            bottomBar = boardUi.bottomBar(),
            status = view.status,
            lastMove = board.lastMoveText,
            moves = board.moveRows,
            loading = loading,
            empty = null,
            phase = view.phase,
            result = view.result,
            rated = view.rated,
            rating = view.ratingText,
            change = view.changeText,
            puzzleText = view.puzzleText,
            themes = view.themes.map { themeName(language, it) },
            hint = view.hintText,
            solution = view.solutionText,
            canHint = view.canHint && !loading,
            canShowSolution = view.canShowSolution && !loading,
            canRetry = view.canRetry && !loading,
            canNext = over && !loading,
            canStepBack = step != null && step.shown > 0u,
            canStepForward = step != null && step.shown < step.length,
            promotion = boardUi.promotion(),
            canRestartMove = board.moveStarted,
            difficulty = difficulty,
            difficulties = choices,
            progress = progressText(),
            message = message,
            problem = problem?.let { problemText(language, it) },
        )
    }
}
