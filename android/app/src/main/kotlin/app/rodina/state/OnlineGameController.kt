package app.rodina.state

import app.rodina.core.ConnectionState
import app.rodina.core.DealCheck
import app.rodina.core.InvitationListener
import app.rodina.core.InvitationWatch
import app.rodina.core.Language
import app.rodina.core.MoveRow
import app.rodina.core.OnlineClock
import app.rodina.core.OnlineGame
import app.rodina.core.OnlineGameListener
import app.rodina.core.OnlineGameView
import app.rodina.core.OnlinePlay
import app.rodina.core.OnlinePlayer
import app.rodina.core.OnlineStatus
import app.rodina.core.PieceKind
import app.rodina.core.Rematch
import app.rodina.core.RodinaException
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.TapResult
import app.rodina.core.Variant
import app.rodina.core.onlineTitle
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch

/** A player's clock as drawn beside their bar. */
data class ClockUi(
    val side: Side,
    /** "4:59", "0:09.5". */
    val text: String,
    val ms: Long,
    /** This clock is counting down now. */
    val running: Boolean,
    /** Under ten seconds and counting: drawn in the warning colour. */
    val low: Boolean,
)

/**
 * Everything the online game screen draws: the board (drawn by the same composable as every
 * game's), both clocks, the connection, the offers, the result with the Jieqi deal's check,
 * the rematch. Every text is in [language], from the core's catalog.
 */
data class OnlineGameScreenState(
    override val variant: Variant,
    override val board: BoardKind,
    override val language: Language,
    /** "Xiangqi online". */
    val title: String,
    /** The game's id on the server. */
    val game: String,
    override val orientation: Orientation,
    override val cells: List<CellUi>,
    override val hoveringPiece: PieceUi?,
    override val topBar: BarUi?,
    override val bottomBar: BarUi?,
    /** Whose turn, waiting for the opponent, sending the move, the result. */
    override val status: String,
    override val lastMove: String?,
    override val moves: List<MoveRow>,
    /** Moves played so far (confirmed or on their way). */
    val plies: Int,
    override val promotion: PromotionUi?,
    override val canRestartMove: Boolean,
    /** The game is being opened (its state has not arrived). */
    val opening: Boolean,
    /** Why the game could not be opened; the screen offers only the way back. */
    val openProblem: String?,
    /** The side this device plays; null for a spectator. */
    val side: Side?,
    val onlineStatus: OnlineStatus,
    val connection: ConnectionState,
    /** The connection as said to the player ("Connection lost: trying again in 2 s…"); null while live. */
    val connectionText: String?,
    /** The clock beside the top bar; null for a game without a clock. */
    val topClock: ClockUi?,
    /** The clock beside the bottom bar. */
    val bottomClock: ClockUi?,
    /** The players, the first player's first: names, who is this device, who is connected. */
    val players: List<OnlinePlayer>,
    /** The standing draw offer as said to the player. */
    val drawText: String?,
    val canOfferDraw: Boolean,
    /** The opponent's draw offer can be accepted or declined. */
    val canAnswerDraw: Boolean,
    val canResign: Boolean,
    val canAbort: Boolean,
    val canClaimWin: Boolean,
    /** Said while the opponent is away. */
    val opponentAwayText: String?,
    val canOfferRematch: Boolean,
    /** The opponent's rematch offer can be accepted. */
    val canAcceptRematch: Boolean,
    /** The rematch offered, either way, as said to the player. */
    val rematchText: String?,
    /** A rematch is being offered or accepted. */
    val rematchBusy: Boolean,
    /** The result, once over ("Red wins: resignation."). */
    val result: String?,
    val finished: Boolean,
    /** The Jieqi deal's check; null for the other games. */
    val dealCheck: DealCheck?,
    /** The deal's check as said to the player. */
    val dealText: String?,
    /** A move is on its way to the server. */
    val movePending: Boolean,
    /** Why the last tap or action did nothing, or what went wrong last. */
    val message: String?,
) : BoardScreenState

/**
 * The online game screen's state holder: opens game [gameId] through [play], draws each view
 * the core's [OnlineGameListener] hands over (moves, offers, the connection, the end) and each
 * clock tick, and forwards taps, drags, promotion choices, offers, resignation, abort and
 * claims to the core's [OnlineGame], which sends them. The core runs the network loop; this
 * controller never polls. [close] frees the game, which stops its loop and its listener.
 *
 * A rematch offered is waited for here (its invitation watched); accepted, or joined when
 * the opponent offered it, the new game opens through [onNewGame].
 *
 * Threads: [scope] runs on one thread (Android's main thread), and the controller's fields are
 * touched only there. The listener is called on the core's threads and hops to [scope].
 */
class OnlineGameController(
    private val play: OnlinePlay,
    val gameId: String,
    private var settings: Settings,
    private var language: Language,
    private val scope: CoroutineScope,
    /** Opens the rematch's game (its id) in place of this one. */
    private val onNewGame: (String) -> Unit,
) : BoardControls {
    private var game: OnlineGame? = null
    private var view: OnlineGameView? = null
    private var clock: OnlineClock? = null
    private var openProblem: String? = null
    private var message: String? = null
    private var manualFlip = false
    private var closed = false
    private var rematchWatch: InvitationWatch? = null
    private var rematchBusy = false
    private var openJob: Job? = null
    private val _state = MutableStateFlow(render())

    /** What the screen draws. */
    val state: StateFlow<OnlineGameScreenState> = _state.asStateFlow()

    /** The game, once open (for what a screen needs beyond [state]). */
    val online: OnlineGame? get() = game

    /** Hears the game on the core's threads; everything hops to [scope]. */
    private val listener = object : OnlineGameListener {
        override fun onView(view: OnlineGameView) {
            scope.launch {
                if (closed) return@launch
                this@OnlineGameController.view = view
                clock = view.clock
                publish()
            }
        }

        override fun onClock(clock: OnlineClock) {
            scope.launch {
                if (closed) return@launch
                this@OnlineGameController.clock = clock
                publish()
            }
        }
    }

    /** Opens the game (the core connects and keeps it in step from now on). Returns the work (tests). */
    fun start(): Job {
        val job = scope.launch {
            val opened = try {
                play.openGame(gameId, listener)
            } catch (e: RodinaException) {
                openProblem = onlineErrorText(language, e)
                publish()
                return@launch
            }
            if (closed) {
                // The screen was left while the game opened: let it go at once.
                opened.close()
                return@launch
            }
            opened.setLanguage(language)
            game = opened
            refresh()
        }
        openJob = job
        return job
    }

    /** A tap on a screen cell. */
    override fun tap(cell: Cell) {
        val g = game ?: return
        val point = _state.value.orientation.pointAt(cell) ?: return
        handle(g.tap(point))
    }

    /** A piece dragged from one screen cell and dropped on another. */
    override fun drag(from: Cell, to: Cell) {
        val g = game ?: return
        val (start, end) = _state.value.orientation.pointsAt(from, to) ?: return
        handle(g.drag(start, end))
    }

    /** The piece a pawn becomes (Friendly chess). */
    override fun choosePromotion(kind: PieceKind) {
        val g = game ?: return
        handle(g.choosePromotion(kind))
    }

    /** Starts a move of several steps again (Friendly chess chains). */
    override fun restartMove() {
        game?.restartMove()
        refresh(message = null)
    }

    /** Turns the board round (this player's side is at the bottom otherwise). */
    override fun flip() {
        manualFlip = !manualFlip
        publish()
    }

    /** Offers a draw. */
    fun offerDraw() = act { it.offerDraw() }

    /** Accepts the opponent's draw offer. */
    fun acceptDraw() = act { it.acceptDraw() }

    /** Declines the opponent's draw offer. */
    fun declineDraw() = act { it.declineDraw() }

    /** Resigns. */
    fun resign() = act { it.resign() }

    /** Aborts the game (before each side has moved). */
    fun abort() = act { it.abort() }

    /** Claims the win over an opponent gone long enough. */
    fun claimWin() = act { it.claimWin() }

    /**
     * Sends an action; the core says in its view why one could not be sent (not connected,
     * nothing to answer), and the server's answer arrives through the listener.
     */
    private fun act(send: (OnlineGame) -> Boolean): Boolean {
        val g = game ?: return false
        val sent = send(g)
        refresh(message = null)
        return sent
    }

    /**
     * Offers a rematch (the game is over) and waits for the opponent to accept it; then the
     * new game opens. Returns the work (tests).
     */
    fun offerRematch(): Job? {
        val g = game ?: return null
        if (rematchBusy || rematchWatch != null) return null
        rematchBusy = true
        publish()
        return scope.launch {
            try {
                val invitation = g.offerRematch()
                if (closed) return@launch
                val heard = RematchListener()
                val watch = play.watchInvitation(invitation.code, heard)
                heard.watch = watch
                rematchWatch = watch
            } catch (e: RodinaException) {
                message = onlineErrorText(language, e)
            } finally {
                rematchBusy = false
            }
            refresh()
        }
    }

    /** Accepts the opponent's rematch: joins its invitation and opens the new game. Returns the work (tests). */
    fun acceptRematch(): Job? {
        val code = (view?.rematch as? Rematch.Received)?.code ?: return null
        if (rematchBusy) return null
        rematchBusy = true
        publish()
        return scope.launch {
            val joined = try {
                play.join(code)
            } catch (e: RodinaException) {
                rematchBusy = false
                message = onlineErrorText(language, e)
                publish()
                return@launch
            }
            rematchBusy = false
            publish()
            if (!closed) onNewGame(joined.game)
        }
    }

    /** Hears the wait for the rematch this player offered. */
    private inner class RematchListener : InvitationListener {
        @Volatile var watch: InvitationWatch? = null

        private fun onMain(f: () -> Unit) {
            scope.launch { if (!closed && watch != null && watch === rematchWatch) f() }
        }

        override fun onAccepted(game: String) = onMain {
            stopRematchWatch()
            onNewGame(game)
        }

        override fun onEnded(problem: String) = onMain {
            stopRematchWatch()
            message = problem
            publish()
        }

        override fun onProblem(problem: String) {}
    }

    private fun stopRematchWatch() {
        val w = rematchWatch ?: return
        rematchWatch = null
        w.cancel()
        w.close()
    }

    /** Clears the message. */
    fun dismissMessage() = publish(message = null)

    /** The app went to the background: the socket closes, the game shows as paused. */
    fun suspend() {
        game?.suspend()
        refresh()
    }

    /** The app came back: the game connects again and catches up. */
    fun resume() {
        game?.resume()
        refresh()
    }

    /** The network changed: connect again at once. */
    fun reconnect() {
        game?.reconnect()
        refresh()
    }

    /** The texts' language changed. */
    fun setLanguage(new: Language) {
        language = new
        game?.setLanguage(new)
        refresh()
    }

    /** The settings changed (labels, highlights). */
    fun setSettings(new: Settings) {
        settings = new
        publish()
    }

    /**
     * Leaves the game: the core's network loop stops and the listener hears nothing more (the
     * game goes on on the server; opening it again catches up).
     */
    fun close() {
        if (closed) return
        closed = true
        openJob?.cancel()
        stopRematchWatch()
        game?.close()
        game = null
    }

    private fun handle(result: TapResult) {
        when (result) {
            is TapResult.Refused -> refresh(message = result.refusal.message)
            else -> refresh(message = null)
        }
    }

    /** Takes the game's view now (after a tap or an action) and draws it. */
    private fun refresh(message: String? = this.message) {
        val g = game
        if (g != null && !closed) {
            val v = g.view()
            view = v
            clock = v.clock
        }
        publish(message)
    }

    private fun publish(message: String? = this.message) {
        this.message = message
        _state.value = render()
    }

    private fun clockUi(side: Side, c: OnlineClock): ClockUi {
        val ms = (if (side == Side.FIRST) c.firstMs else c.secondMs).toLong()
        val running = c.running == side
        return ClockUi(side, if (side == Side.FIRST) c.firstText else c.secondText, ms, running, running && ms < 10_000)
    }

    private fun render(): OnlineGameScreenState {
        val title = view?.variant?.let { onlineTitle(language, it) } ?: ""
        val v = view
        if (v == null) {
            return OnlineGameScreenState(
                variant = Variant.XIANGQI, board = BoardKind.INTERSECTIONS, language = language, title = title,
                game = gameId, orientation = Orientation(9, 10, manualFlip), cells = emptyList(),
                hoveringPiece = null, topBar = null, bottomBar = null, status = "", lastMove = null,
                moves = emptyList(), plies = 0, promotion = null, canRestartMove = false,
                opening = openProblem == null, openProblem = openProblem, side = null,
                onlineStatus = OnlineStatus.WAITING, connection = ConnectionState.Connecting,
                connectionText = null, topClock = null, bottomClock = null, players = emptyList(),
                drawText = null, canOfferDraw = false, canAnswerDraw = false, canResign = false,
                canAbort = false, canClaimWin = false, opponentAwayText = null, canOfferRematch = false,
                canAcceptRematch = false, rematchText = null, rematchBusy = false, result = null,
                finished = false, dealCheck = null, dealText = null, movePending = false, message = message,
            )
        }
        val board = v.board
        // This player's side at the bottom (a spectator sees the first player's), unless turned round.
        val flipped = (v.side == Side.SECOND) != manualFlip
        val orientation = Orientation(board.files.toInt(), board.ranks.toInt(), flipped)
        val boardUi = BoardUi(board, orientation, language, settings)
        val bottomSide = if (flipped) Side.SECOND else Side.FIRST
        val topSide = if (flipped) Side.FIRST else Side.SECOND
        val c = clock
        val over = v.status == OnlineStatus.ENDED || v.status == OnlineStatus.ABORTED
        return OnlineGameScreenState(
            variant = v.variant,
            board = boardKind(v.variant),
            language = language,
            title = onlineTitle(language, v.variant),
            game = v.game,
            orientation = orientation,
            cells = boardUi.cells(),
            hoveringPiece = boardUi.hoveringPiece(),
            topBar = boardUi.topBar(),
            bottomBar = boardUi.bottomBar(),
            status = board.status,
            lastMove = board.lastMoveText,
            moves = board.moveRows,
            plies = board.plyCount.toInt(),
            promotion = boardUi.promotion(),
            canRestartMove = board.moveStarted,
            opening = false,
            openProblem = null,
            side = v.side,
            onlineStatus = v.status,
            connection = v.connection,
            connectionText = v.connectionText,
            topClock = c?.let { clockUi(topSide, it) },
            bottomClock = c?.let { clockUi(bottomSide, it) },
            players = v.players,
            drawText = v.drawText,
            canOfferDraw = v.canOfferDraw,
            canAnswerDraw = v.canAnswerDraw,
            canResign = v.canResign,
            canAbort = v.canAbort,
            canClaimWin = v.canClaimWin,
            opponentAwayText = v.opponentAwayText,
            canOfferRematch = v.canOfferRematch && !rematchBusy && rematchWatch == null,
            canAcceptRematch = v.rematch is Rematch.Received && !rematchBusy,
            rematchText = v.rematchText,
            rematchBusy = rematchBusy,
            result = v.result,
            finished = over,
            dealCheck = v.dealCheck,
            dealText = v.dealText,
            movePending = v.movePending,
            message = message ?: v.message,
        )
    }
}
