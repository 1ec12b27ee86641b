package app.rodina.state

import app.rodina.core.Awaiting
import app.rodina.core.BoardView
import app.rodina.core.GameSession
import app.rodina.core.HandOverText
import app.rodina.core.Language
import app.rodina.core.MoveRow
import app.rodina.core.PieceKind
import app.rodina.core.Player
import app.rodina.core.Problem
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.TapResult
import app.rodina.core.UiText
import app.rodina.core.Variant
import app.rodina.core.problemText
import app.rodina.core.uiText
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch

/** Everything the game screen draws. Every text is in [language], from the core's catalog. */
data class GameScreenState(
    override val variant: Variant,
    override val board: BoardKind,
    override val language: Language,
    override val orientation: Orientation,
    /** Row by row from the top of the screen; empty while the device is handed over. */
    override val cells: List<CellUi>,
    override val hoveringPiece: PieceUi?,
    /** The bar at the top of the screen (the opponent of the side at the bottom). */
    override val topBar: BarUi?,
    /** The bar at the bottom of the screen. */
    override val bottomBar: BarUi?,
    /** Whose turn, check, the piece that moves next in a chain, the hand-over, the result. */
    override val status: String,
    /** The result as a sentence once the game is over. */
    val result: String?,
    /** "Last move: C2=5", for the board's accessible description. */
    override val lastMove: String?,
    override val moves: List<MoveRow>,
    /** While the device waits to be handed to the next player: the hand-over screen instead of the board. */
    val handOver: HandOverText?,
    /** A promotion to choose now. */
    override val promotion: PromotionUi?,
    /** A move of several steps is under way: offer "start the move again". */
    override val canRestartMove: Boolean,
    val canUndo: Boolean,
    val canResign: Boolean,
    /** Two people on this device may end the game in a draw they agree to. */
    val canAgreeDraw: Boolean,
    val finished: Boolean,
    /** A bot is thinking: show it; the board stays drawn. */
    val thinking: Boolean,
    /** The bot was stopped and waits to be let go on. */
    val botStopped: Boolean,
    /** Why the last tap did nothing; null when there is nothing to say. */
    val message: String?,
    /** Why the last save failed; it stays until a save succeeds or it is dismissed. */
    val saveProblem: String?,
    /** The saved game's id once the game has been saved. */
    val savedId: Long?,
) : BoardScreenState

/**
 * The game screen's state holder for every game: forwards taps, drags, promotion choices,
 * hand-overs and take-backs to the core's [GameSession], keeps a [GameScreenState] for the UI
 * to draw, lets the bot move, and saves the game after every change.
 *
 * Threads: [scope] runs on one thread (Android's main thread), and the controller's fields
 * are touched only there. The bot thinks through the core's suspending `playBotMove`, whose
 * search runs on the core's own threads. Saves go through [saver], whose coroutines outlive
 * this controller and its screen: a save started is never cancelled, and [close] waits for it.
 *
 * Plain Kotlin: the JVM test project compiles and tests it against the real library; only the
 * Compose code that draws [state] is Android's.
 */
class GameController(
    private val session: GameSession,
    private val saver: Saver?,
    private var settings: Settings,
    language: Language,
    private val scope: CoroutineScope,
    /** Caps a bot's thinking time (ms) on top of its level's node budget; null: the budget alone. */
    private val botTimeLimitMs: UInt? = null,
) : BoardControls {
    private var manualFlip = false
    private var botJob: Job? = null
    private var botStopped = false
    private var closed = false
    private var message: String? = null
    private var saveProblem: Problem? = null
    private val _state: MutableStateFlow<GameScreenState>

    init {
        session.setLanguage(language)
        _state = MutableStateFlow(render())
        letBotMove()
    }

    /** What the screen draws. */
    val state: StateFlow<GameScreenState> = _state.asStateFlow()

    /** The session (for what the screens need beyond the board). */
    val game: GameSession get() = session

    /** A tap on a screen cell. */
    override fun tap(cell: Cell) {
        val point = _state.value.orientation.pointAt(cell) ?: return
        handle(session.tap(point))
    }

    /** A piece dragged from one screen cell and dropped on another. */
    override fun drag(from: Cell, to: Cell) {
        val (start, end) = _state.value.orientation.pointsAt(from, to) ?: return
        handle(session.drag(start, end))
    }

    /** The piece a pawn becomes, from [GameScreenState.promotion]'s choices. */
    override fun choosePromotion(kind: PieceKind) = handle(session.choosePromotion(kind))

    /** Starts a move of several steps again (Friendly chess chains). */
    override fun restartMove() {
        session.restartMove()
        publish(message = null)
    }

    /** The next player has the device: show the board. */
    fun confirmHandOver() {
        if (session.confirmHandOver()) publish(message = null)
    }

    /** Takes back the last move (or a resignation); a bot thinking stops. */
    fun undo() {
        if (session.undo()) changed() else publish(message = null)
    }

    /** Resigns for the person on this device (in pass-and-play: the side to move). */
    fun resign() {
        try {
            session.resign()
            changed()
        } catch (e: RodinaException) {
            publish(message = problemText(language, problemOf(e)))
        }
    }

    /** Ends the game in a draw both people at the board agree to; undo takes it back. */
    fun agreeDraw() {
        try {
            session.agreeDraw()
            changed()
        } catch (e: RodinaException) {
            publish(message = problemText(language, problemOf(e)))
        }
    }

    /** Turns the board round (on top of what the settings do). */
    override fun flip() {
        manualFlip = !manualFlip
        publish()
    }

    /** Stops the bot thinking; it plays nothing until [letBotGoOn]. */
    fun stopBot() {
        botStopped = true
        botJob?.cancel()
        botJob = null
        session.stopThinking()
        publish()
    }

    /** Lets a stopped bot think again. */
    fun letBotGoOn() {
        botStopped = false
        letBotMove()
        publish()
    }

    /** Clears the tap message and the save problem. */
    fun dismissMessage() {
        saveProblem = null
        publish(message = null)
    }

    /** The texts' language changed. */
    fun setLanguage(language: Language) {
        session.setLanguage(language)
        publish()
    }

    /** The settings changed (labels, highlights, turning the board). */
    fun setSettings(new: Settings) {
        settings = new
        publish()
    }

    /**
     * Leaves the game: a bot thinking stops and plays nothing (the game stays saved with the
     * bot to move; it moves when the game is resumed). Returns the save still being written,
     * if any: wait for it before reading the saved games.
     */
    fun close(): Job? {
        closed = true
        botJob?.cancel()
        botJob = null
        session.stopThinking()
        return saver?.pending(session)
    }

    /** Waits until no bot is thinking any more (tests; a screen just draws [state]). */
    suspend fun awaitBot() {
        while (true) {
            val job = botJob ?: return
            job.join()
            if (botJob === job) return
        }
    }

    private val language: Language get() = session.language()

    /** Lets the bot to move think, unless one already does or it was stopped. */
    private fun letBotMove() {
        if (closed || botStopped || botJob?.isActive == true) return
        if (session.awaiting() !is Awaiting.Bot) return
        // Started lazily so that [botJob] is set before the coroutine can run and clear it.
        val job = scope.launch(start = CoroutineStart.LAZY) {
            val played = try {
                session.playBotMove(botTimeLimitMs)
            } catch (e: RodinaException) {
                botJob = null
                publish(message = problemText(language, problemOf(e) { Problem.Bot(it) }))
                return@launch
            }
            botJob = null
            // Null: the bot was stopped or the game changed while it thought (an undo). Redraw,
            // and if a bot is to move in the game as it is now, let it think (unless it was
            // stopped on purpose or the screen closed: [letBotMove] checks).
            if (played != null) changed() else {
                publish()
                letBotMove()
            }
        }
        botJob = job
        job.start()
    }

    private fun handle(result: TapResult) {
        when (result) {
            is TapResult.Moved -> changed()
            is TapResult.Refused -> publish(message = result.refusal.message)
            else -> publish(message = null)
        }
    }

    /** The game changed: redraw, let a bot move, save. */
    private fun changed() {
        message = null
        letBotMove()
        publish()
        saver?.save(session) { outcome ->
            // Back on [scope]'s thread: a save's result is drawn unless the screen is gone.
            scope.launch {
                saveProblem = outcome.problem
                publish()
            }
        }
    }

    private fun publish(message: String? = this.message) {
        this.message = message
        _state.value = render()
    }

    private fun flipped(view: BoardView): Boolean {
        val first = session.player(Side.FIRST)
        val second = session.player(Side.SECOND)
        val auto = when {
            // Against a bot the person's side sits at the bottom.
            first is Player.Bot && second is Player.Person -> true
            first is Player.Person && second is Player.Bot -> false
            // Pass-and-play: face the side to move if the player asked for it.
            else -> settings.rotateBoard && view.toMove == Side.SECOND
        }
        return auto != manualFlip
    }

    private fun render(): GameScreenState {
        val view = session.view()
        val files = view.files.toInt()
        val ranks = view.ranks.toInt()
        val orientation = Orientation(files, ranks, flipped(view))
        val hidden = view.handOver != null
        val boardUi = BoardUi(view, orientation, language, settings)
        val outcome = view.outcome
        val thinking = botJob?.isActive == true
        val status = when {
            thinking && view.awaiting is Awaiting.Bot -> "${view.status} · ${uiText(language, UiText.GAME_THINKING)}"
            else -> view.status
        }
        return GameScreenState(
            variant = view.variant,
            board = boardKind(view.variant),
            language = language,
            orientation = orientation,
            cells = if (hidden) emptyList() else boardUi.cells(),
            hoveringPiece = if (hidden) null else boardUi.hoveringPiece(),
            topBar = boardUi.topBar(),
            bottomBar = boardUi.bottomBar(),
            status = status,
            result = view.result,
            lastMove = view.lastMoveText,
            moves = view.moveRows,
            handOver = view.handOver,
            promotion = boardUi.promotion(),
            canRestartMove = view.moveStarted,
            canUndo = view.canUndo,
            canResign = outcome == null && !hidden,
            canAgreeDraw = view.canAgreeDraw,
            finished = outcome != null,
            thinking = thinking,
            botStopped = botStopped && view.awaiting is Awaiting.Bot,
            message = message,
            saveProblem = saveProblem?.let { problemText(language, it) },
            savedId = session.savedId(),
        )
    }
}
