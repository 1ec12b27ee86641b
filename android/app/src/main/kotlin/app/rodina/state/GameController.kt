package app.rodina.state

import app.rodina.core.Awaiting
import app.rodina.core.GameSession
import app.rodina.core.Piece
import app.rodina.core.PieceStyle
import app.rodina.core.Player
import app.rodina.core.Point
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.Store
import app.rodina.core.TapResult
import app.rodina.core.Variant
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch

/** One row of the move list: "1. C2=5 H8+7". [first] is "…" when the game began with Black. */
data class MoveRow(val number: Int, val first: String, val second: String?)

/** One cell of the board as drawn, in screen order, with the highlights the settings allow. */
data class CellUi(
    val cell: Cell,
    val point: Point,
    val piece: Piece?,
    /** The text drawn on the piece (a character or a letter, by the settings). */
    val label: String?,
    val selected: Boolean,
    val target: Boolean,
    val capture: Boolean,
    val lastMove: Boolean,
    val check: Boolean,
)

/** Everything the game screen draws: derived from the core's view, the settings and messages. */
data class GameScreenState(
    val variant: Variant,
    val orientation: Orientation,
    /** Row by row from the top of the screen. */
    val cells: List<CellUi>,
    /** "Red to move", "Black to move: check", "Red wins by checkmate". */
    val status: String,
    /** Why the last tap did nothing, or why saving failed; null when there is nothing to say. */
    val message: String?,
    val moves: List<MoveRow>,
    val canUndo: Boolean,
    val canResign: Boolean,
    val finished: Boolean,
    /** The saved game's id once the game has been saved. */
    val savedId: Long?,
    /** A bot is thinking about its move: show it (a spinner), the board stays drawn. */
    val thinking: Boolean = false,
)

/**
 * The game screen's state holder: forwards taps and drags to the core's [GameSession], keeps a
 * [GameScreenState] for the UI to draw, and saves the game to [store] after every change, on
 * [io] (the database is a file: Android forbids touching it on the main thread).
 *
 * When a bot is to move (after a person's move, at the start of a game the bot opens, or on
 * resuming a game where it is to move), the controller lets it think in [scope] through the
 * core's suspending `playBotMove`: the search runs on the core's own background thread, so
 * [scope] may be the main thread's. [scope] must run its coroutines on one thread (Android's
 * main thread; tests use runBlocking's), as the controller's fields are not locked.
 *
 * Plain Kotlin: the JVM test project compiles and tests it against the real library; only the
 * Compose code that draws [state] is Android's.
 */
class GameController(
    private val session: GameSession,
    private val store: Store?,
    private val settings: Settings,
    private val scope: CoroutineScope,
    private val io: CoroutineDispatcher,
    /** Caps a bot's thinking time (ms) on top of its level's node budget; null: the budget alone. */
    private val botTimeLimitMs: UInt? = null,
) {
    private var manualFlip = false
    private var botJob: Job? = null
    private val _state = MutableStateFlow(render(message = null))

    init {
        letBotMove()
    }

    /** What the screen draws. */
    val state: StateFlow<GameScreenState> = _state.asStateFlow()

    /** The session (for the screens that need more than the board). */
    val game: GameSession get() = session

    /** A tap on a screen cell. */
    fun tap(cell: Cell) {
        val point = _state.value.orientation.pointAt(cell) ?: return
        handle(session.tap(point))
    }

    /** A piece dragged from one screen cell and dropped on another. */
    fun drag(from: Cell, to: Cell) {
        val orientation = _state.value.orientation
        val start = orientation.pointAt(from) ?: return
        val end = orientation.pointAt(to) ?: return
        handle(session.drag(start, end))
    }

    /** Takes back the last move (or a resignation). */
    fun undo() {
        if (session.undo()) changed() else publish(message = null)
    }

    /** Resigns for the person on this device. */
    fun resign() {
        try {
            session.resign()
            changed()
        } catch (e: RodinaException) {
            publish(message = sentence(e.message))
        }
    }

    /** Turns the board round (on top of what the settings do). */
    fun flip() {
        manualFlip = !manualFlip
        publish(message = _state.value.message)
    }

    /** Clears the message. */
    fun dismissMessage() = publish(message = null)

    /**
     * Leaves the game: a bot thinking stops and plays nothing (the game stays saved as it
     * is, with the bot to move, and the bot moves when the game is resumed).
     */
    fun close() {
        botJob?.cancel()
        botJob = null
        session.stopThinking()
    }

    /** Waits until no bot is thinking any more (tests; a screen just draws [state]). */
    suspend fun awaitBot() {
        while (true) {
            val job = botJob ?: return
            job.join()
            if (botJob === job) return
        }
    }

    /** Lets the bot to move think, unless one already does; its move is played, drawn and saved. */
    private fun letBotMove() {
        if (botJob?.isActive == true) return
        if (session.awaiting() !is Awaiting.Bot) return
        // Started lazily so that [botJob] is set before the coroutine can run and clear it.
        val job = scope.launch(start = CoroutineStart.LAZY) {
            val played = try {
                session.playBotMove(botTimeLimitMs)
            } catch (e: RodinaException) {
                botJob = null
                publish(message = "The bot could not move: ${e.message}")
                return@launch
            }
            botJob = null
            // Null: the bot was stopped or the game changed while it thought (an undo). Redraw,
            // and if a bot is (again) to move, let it think about the game as it is now.
            if (played != null) changed() else {
                publish(message = _state.value.message)
                letBotMove()
            }
        }
        botJob = job
        job.start()
        publish(message = _state.value.message)
    }

    private fun handle(result: TapResult) {
        when (result) {
            is TapResult.Moved -> changed()
            is TapResult.Refused -> publish(message = sentence(result.refusal.message))
            is TapResult.Selected, is TapResult.Deselected -> publish(message = null)
        }
    }

    private fun changed() {
        publish(message = null)
        letBotMove()
        val store = store ?: return
        scope.launch(io) {
            try {
                val id = session.save(store)
                _state.update { it.copy(savedId = id) }
            } catch (e: RodinaException) {
                _state.update { it.copy(message = "The game could not be saved: ${e.message}") }
            }
        }
    }

    private fun publish(message: String?) {
        _state.value = render(message)
    }

    private fun flipped(toMove: Side): Boolean {
        val first = session.player(Side.FIRST)
        val second = session.player(Side.SECOND)
        val auto = when {
            // Against a bot the person's side sits at the bottom.
            first is Player.Bot && second is Player.Person -> true
            first is Player.Person && second is Player.Bot -> false
            // Pass-and-play: face the side to move if the player asked for it.
            else -> settings.rotateBoard && toMove == Side.SECOND
        }
        return auto != manualFlip
    }

    private fun render(message: String?): GameScreenState {
        val view = session.view()
        val files = view.files.toInt()
        val ranks = view.ranks.toInt()
        val orientation = Orientation(files, ranks, flipped(view.toMove))
        val cells = ArrayList<CellUi>(files * ranks)
        for (row in 0 until ranks) {
            for (column in 0 until files) {
                val cell = Cell(column, row)
                val p = orientation.pointAt(cell) ?: continue
                val pv = view.at(p)
                val h = pv.highlights
                cells += CellUi(
                    cell = cell,
                    point = p,
                    piece = pv.piece,
                    label = pv.piece?.let { Texts.pieceLabel(it, settings.pieceStyle) },
                    selected = h.selected,
                    target = settings.showLegalTargets && h.target,
                    capture = settings.showLegalTargets && h.capture,
                    lastMove = settings.showLastMove && (h.lastFrom || h.lastTo),
                    check = h.check,
                )
            }
        }
        val outcome = view.outcome
        val status = when (val a = view.awaiting) {
            is Awaiting.Person -> Texts.sideName(view.variant, a.side) + " to move" +
                if (view.check != null) ": check" else ""
            is Awaiting.Bot -> Texts.sideName(view.variant, a.side) +
                if (botJob?.isActive == true) " (bot) is thinking…" else " (bot) to move"
            is Awaiting.HandOver -> "Hand the device to " + Texts.sideName(view.variant, a.side)
            is Awaiting.Nobody -> outcome?.let { Texts.outcome(view.variant, it) } ?: "Game over"
        }
        return GameScreenState(
            variant = view.variant,
            orientation = orientation,
            cells = cells,
            status = status,
            message = message,
            moves = moveRows(),
            canUndo = view.canUndo,
            canResign = outcome == null,
            finished = outcome != null,
            savedId = session.savedId(),
            thinking = botJob?.isActive == true,
        )
    }

    private fun moveRows(): List<MoveRow> {
        val rows = ArrayList<MoveRow>()
        for (m in session.moves()) {
            val last = rows.lastOrNull()
            if (m.side == Side.SECOND && last != null && last.second == null) {
                rows[rows.size - 1] = last.copy(second = m.notation)
            } else if (m.side == Side.SECOND) {
                rows += MoveRow(rows.size + 1, "…", m.notation)
            } else {
                rows += MoveRow(rows.size + 1, m.notation, null)
            }
        }
        return rows
    }

    private companion object {
        /** The core's messages are lower-case clauses; the screen shows sentences. */
        fun sentence(text: String?): String =
            (text ?: "").replaceFirstChar { it.uppercase() }
    }
}
