package app.rodina.state

import app.rodina.core.Awaiting
import app.rodina.core.CourseOverview
import app.rodina.core.CourseSession
import app.rodina.core.Courses
import app.rodina.core.Difficulty
import app.rodina.core.GameSession
import app.rodina.core.GameSummary
import app.rodina.core.Handicap
import app.rodina.core.HandicapGiver
import app.rodina.core.Language
import app.rodina.core.NewGame
import app.rodina.core.PieceKind
import app.rodina.core.PieceStyle
import app.rodina.core.Player
import app.rodina.core.PuzzleProgress
import app.rodina.core.PuzzleSession
import app.rodina.core.Puzzles
import app.rodina.core.RodinaException
import app.rodina.core.RuleSet
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.Store
import app.rodina.core.TargetKind
import app.rodina.core.Variant
import java.nio.file.Files
import java.nio.file.Path
import java.util.Collections
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import kotlin.random.Random
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExecutorCoroutineDispatcher
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.cancel
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.withTimeoutOrNull
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir

/** The name of the thread that plays Android's main thread in these tests. */
private const val MAIN = "test-main"

/** Waits are bounded: a test that hangs fails instead. */
private const val WAIT_MS = 30_000L

/**
 * Storage that checks the promise the state holders make: no database call on the main
 * thread. It can also make saves slow (to catch a list read before the last save landed, or
 * a save lost when a screen closes) or fail (to catch a save problem overwritten).
 */
class WatchedStorage(private val inner: GameStorage) : GameStorage {
    /** Database calls made on the main thread: must stay empty. */
    val onMain: MutableList<String> = Collections.synchronizedList(ArrayList())
    val savesWritten = AtomicInteger()
    @Volatile var saveDelayMs = 0L
    val failSaves = AtomicBoolean(false)

    private fun <T> call(name: String, f: () -> T): T {
        if (Thread.currentThread().name == MAIN) onMain += name
        return f()
    }

    /** The next list read takes what the file holds, then comes back late (after the latch). */
    val slowNextList = AtomicBoolean(false)
    /** Opens when a slowed list read has come back. */
    val slowListBack = java.util.concurrent.CountDownLatch(1)

    override fun listGames(): List<GameSummary> = call("listGames") {
        val slow = slowNextList.getAndSet(false)
        inner.listGames().also {
            if (slow) {
                Thread.sleep(400)
                slowListBack.countDown()
            }
        }
    }
    override fun deleteGame(id: Long): Boolean = call("deleteGame") { inner.deleteGame(id) }
    override fun settings(): Settings = call("settings") { inner.settings() }
    override fun setSettings(settings: Settings) = call("setSettings") { inner.setSettings(settings) }
    override fun resume(id: Long): GameSession = call("resume") { inner.resume(id) }
    override fun save(session: GameSession): Long = call("save") {
        if (saveDelayMs > 0) Thread.sleep(saveDelayMs)
        if (failSaves.get()) throw RodinaException.Storage("the disk is full")
        inner.save(session).also { savesWritten.incrementAndGet() }
    }
}

/** Puzzle storage that records any database call made on the main thread (there must be none). */
class WatchedPuzzleStorage(private val inner: PuzzleStorage) : PuzzleStorage {
    val onMain: MutableList<String> = Collections.synchronizedList(ArrayList())

    private fun <T> call(name: String, f: () -> T): T {
        if (Thread.currentThread().name == MAIN) onMain += name
        return f()
    }

    override fun progress(variant: Variant): PuzzleProgress = call("progress") { inner.progress(variant) }
    override fun next(variant: Variant, last: String?): PuzzleSession? = call("next") { inner.next(variant, last) }
    override fun open(variant: Variant, id: String): PuzzleSession = call("open") { inner.open(variant, id) }
    override fun save(session: PuzzleSession) = call("save") { inner.save(session) }
    override fun difficulty(variant: Variant): Difficulty = call("difficulty") { inner.difficulty(variant) }
    override fun setDifficulty(variant: Variant, difficulty: Difficulty) =
        call("setDifficulty") { inner.setDifficulty(variant, difficulty) }
}

/** Course storage that records any database call made on the main thread (there must be none). */
class WatchedCourseStorage(private val inner: CourseStorage) : CourseStorage {
    val onMain: MutableList<String> = Collections.synchronizedList(ArrayList())

    private fun <T> call(name: String, f: () -> T): T {
        if (Thread.currentThread().name == MAIN) onMain += name
        return f()
    }

    override fun overview(variant: Variant, language: Language): CourseOverview =
        call("overview") { inner.overview(variant, language) }
    override fun open(variant: Variant, id: String): CourseSession = call("open") { inner.open(variant, id) }
    override fun save(session: CourseSession) = call("save") { inner.save(session) }
}

/**
 * The app as the Android activity runs it, with real dispatchers: a main thread of its own,
 * Dispatchers.IO for the database, and the core's threads for the bots.
 */
class Harness(
    dir: Path,
    locale: String = "en-GB",
    val botTimeLimitMs: UInt? = null,
    /** The puzzle banks: the library's own unless a test gives some. */
    puzzlesOf: () -> Puzzles = { Puzzles.embedded() },
    /** The rules courses: the library's own unless a test gives some. */
    coursesOf: () -> Courses = { Courses.embedded() },
    /** The online server's address; null: no online play. */
    onlineServer: String? = null,
    /** How long after a change progress syncs by itself: long, unless a test waits for it. */
    syncSoonMs: Long = 600_000,
) : AutoCloseable {
    val mainDispatcher: ExecutorCoroutineDispatcher =
        Executors.newSingleThreadExecutor { Thread(it, MAIN).apply { isDaemon = true } }.asCoroutineDispatcher()
    val scope = CoroutineScope(SupervisorJob() + mainDispatcher)
    val dbPath: String = dir.resolve("rodina.db").toString()
    var storage: WatchedStorage? = null
    var puzzleStorage: WatchedPuzzleStorage? = null
    var courseStorage: WatchedCourseStorage? = null
    val openedOn: MutableList<String> = Collections.synchronizedList(ArrayList())
    val app = AppController(
        dbPath,
        locale,
        scope,
        Dispatchers.IO,
        storageOf = { store ->
            openedOn += Thread.currentThread().name
            WatchedStorage(StoreStorage(store)).also { storage = it }
        },
        botTimeLimitMs = botTimeLimitMs,
        puzzlesOf = puzzlesOf,
        puzzleStorageOf = { store, puzzles ->
            WatchedPuzzleStorage(StorePuzzleStorage(store, puzzles)).also { puzzleStorage = it }
        },
        // The opponent's moves at once: the tests wait for them all the same.
        opponentDelayMs = 0,
        coursesOf = coursesOf,
        courseStorageOf = { store, courses ->
            WatchedCourseStorage(StoreCourseStorage(store, courses)).also { courseStorage = it }
        },
        onlineServer = onlineServer,
        onlineDevice = dir.fileName.toString(),
        syncSoonMs = syncSoonMs,
    )

    /** Runs [f] on the main thread, as a screen's callback would. */
    fun <T> onMain(f: suspend () -> T): T = runBlocking { withTimeout(WAIT_MS) { withContext(mainDispatcher) { f() } } }

    /** Opens the database and waits until the app is ready. */
    fun start(): Harness {
        onMain { app.start() }
        runBlocking { withTimeout(WAIT_MS) { app.startup.first { it is Startup.Ready } } }
        waitHome()
        return this
    }

    /**
     * Starts a game as the player does: the game's page, its form, the opponent ([level]
     * null: a friend on this device) and side, Start. Returns the game's controller.
     */
    fun newGame(variant: Variant, level: String? = null, side: Side = Side.FIRST): GameController = onMain {
        app.openGameHome(variant)
        app.openNewGame(variant)
        app.newGame.chooseOpponent(level)
        app.newGame.chooseSide(side)
        app.startGame()
        requireNotNull(app.game)
    }

    /** Waits until the home list has been read. */
    fun waitHome(): HomeState = runBlocking { withTimeout(WAIT_MS) { app.home.first { !it.loading } } }

    /** Waits until [c]'s bot, if one is to move, has moved. */
    fun settle(c: GameController) = onMain { c.awaitBot() }

    override fun close() {
        // An online game's loop and an invitation's wait stop with their controllers.
        runCatching { onMain { app.onlineGame?.close(); app.online?.close(); app.sync?.close() } }
        scope.cancel()
        mainDispatcher.close()
    }

    /** No database call ran on the main thread, and the store was opened off it. */
    fun assertNothingOnMain() {
        assertTrue(openedOn.none { it == MAIN }, "Store.open on the main thread")
        assertEquals(emptyList<String>(), storage?.onMain?.toList() ?: emptyList<String>())
        assertEquals(emptyList<String>(), puzzleStorage?.onMain?.toList() ?: emptyList<String>())
        assertEquals(emptyList<String>(), courseStorage?.onMain?.toList() ?: emptyList<String>())
    }
}

/**
 * A player who taps: picks one of its pieces, then a target; in a chain goes on with the
 * released piece; chooses a promotion when asked; takes a winning or capturing step when it
 * sees one, so that games end.
 */
private fun GameController.playAMove(random: Random): Boolean {
    val start = state.value
    if (start.handOver != null) confirmHandOver()
    val side = (game.awaiting() as? Awaiting.Person)?.side ?: return false
    // A promotion owed (the opponent carried this side's pawn to the last rank) comes first.
    state.value.promotion?.let { p ->
        choosePromotion(p.choices.random(random).piece.kind)
        return true
    }
    // A bond holds a piece of each side: either may be the mover's.
    val own = state.value.cells.filter { it.piece?.piece?.side == side || it.partner?.piece?.side == side }
    for (from in own.shuffled(random)) {
        tap(from.cell)
        if (!state.value.cells.any { it.selected }) continue
        var steps = 0
        while (steps++ < 20) {
            val s = state.value
            if (s.promotion != null) {
                choosePromotion(s.promotion.choices.random(random).piece.kind)
                return true
            }
            val targets = s.cells.filter { it.target != null }
            if (targets.isEmpty()) break
            val best = targets.filter { it.target == TargetKind.WIN }.ifEmpty {
                targets.filter { it.target == TargetKind.CAPTURE }
            }.ifEmpty { targets }
            val plies = game.moves().size
            tap(best.random(random).cell)
            if (game.moves().size > plies) return true
        }
        if (state.value.canRestartMove) restartMove() else tap(from.cell)
    }
    return false
}

/** Plays [c] to its end: people by taps, bots by themselves; returns the plies played. */
private fun Harness.playToTheEnd(c: GameController, seed: Int, maxPlies: Int = 1500): Int {
    val random = Random(seed)
    while (c.game.moves().size < maxPlies) {
        settle(c)
        when (c.game.awaiting()) {
            is Awaiting.Nobody -> break
            is Awaiting.Bot -> continue
            else -> assertTrue(onMain { c.playAMove(random) }, "a person found a move in ${c.game.fen()}")
        }
    }
    settle(c)
    return c.game.moves().size
}

class OrientationTest {
    @Test
    fun `unflipped, Red's back rank is the bottom row`() {
        val o = Orientation(9, 10, flipped = false)
        assertEquals(Cell(0, 9), o.cellOf(point(0, 0)))
        assertEquals(Cell(8, 0), o.cellOf(point(8, 9)))
        assertEquals(point(4, 0), o.pointAt(Cell(4, 9)))
    }

    @Test
    fun `flipped, the board is turned half round`() {
        val o = Orientation(9, 10, flipped = true)
        assertEquals(Cell(8, 0), o.cellOf(point(0, 0)))
        assertEquals(point(0, 0), o.pointAt(Cell(8, 0)))
    }

    @Test
    fun `cells and points map both ways, and off-board cells map to nothing`() {
        for ((files, ranks) in listOf(9 to 10, 9 to 9, 8 to 8)) for (flipped in listOf(false, true)) {
            val o = Orientation(files, ranks, flipped)
            for (f in 0 until files) for (r in 0 until ranks) {
                assertEquals(point(f, r), o.pointAt(o.cellOf(point(f, r))))
            }
            assertNull(o.pointAt(Cell(files, 0)))
            assertNull(o.pointAt(Cell(0, -1)))
        }
    }

    @Test
    fun `a touch in pixels finds its point`() {
        val o = Orientation(9, 10, flipped = false)
        assertEquals(point(0, 0), o.pointAtPixel(5f, 95f, 90f, 100f))
        assertEquals(point(8, 9), o.pointAtPixel(89f, 0f, 90f, 100f))
        assertNull(o.pointAtPixel(90f, 50f, 90f, 100f))
    }

    @Test
    fun `each game has its board`() {
        assertEquals(BoardKind.INTERSECTIONS, boardKind(Variant.JIEQI))
        assertEquals(BoardKind.SQUARES_9, boardKind(Variant.JESON_MOR))
        assertEquals(BoardKind.SQUARES_8, boardKind(Variant.FRIENDLY))
    }
}

class WholeGamesTest {
    @TempDir lateinit var dir: Path
    private lateinit var h: Harness

    @AfterEach
    fun tearDown() {
        h.assertNothingOnMain()
        h.close()
    }

    private fun leaveAndFind(variant: Variant, plies: Int, finished: Boolean) {
        assertTrue(h.onMain { h.app.back() })
        val home = runBlocking {
            withTimeout(WAIT_MS) { h.app.home.first { s -> !s.loading && s.savedOf(variant).isNotEmpty() } }
        }
        val row = home.savedOf(variant).first()
        assertTrue(row.subtitle.startsWith("$plies move"), "${row.subtitle} after $plies plies")
        assertEquals(finished, row.finished)
    }

    @Test
    fun `a whole game of each game against a bot, by taps, saved and listed on its page`() {
        h = Harness(dir).start()
        for ((i, variant) in listOf(Variant.XIANGQI, Variant.JIEQI, Variant.JESON_MOR, Variant.FRIENDLY).withIndex()) {
            val side = if (i % 2 == 0) Side.FIRST else Side.SECOND
            val c = h.newGame(variant, "novice", side)
            // The person's side sits at the bottom, the bot's bar on top.
            assertEquals(side, c.state.value.bottomBar?.side)
            assertTrue(c.state.value.topBar!!.title.contains("Bot"), c.state.value.topBar!!.title)
            val plies = h.playToTheEnd(c, seed = i)
            val s = c.state.value
            assertTrue(s.finished, "$variant ended after $plies plies: ${s.status}")
            assertNotNull(s.result)
            assertEquals(s.result, s.status)
            // Red always opens: a row per move number.
            assertEquals((plies + 1) / 2, s.moves.size)
            leaveAndFind(variant, plies, finished = true)
            h.onMain { h.app.navigator.home() }
        }
    }

    @Test
    fun `a whole game of each game between two people on one device`() {
        h = Harness(dir).start()
        for ((i, variant) in listOf(Variant.XIANGQI, Variant.JIEQI, Variant.JESON_MOR, Variant.FRIENDLY).withIndex()) {
            val c = h.newGame(variant)
            val handOvers = AtomicInteger()
            // Jieqi hides pieces: every turn starts with the hand-over screen and no board.
            if (variant == Variant.JIEQI) {
                val s = c.state.value
                assertNotNull(s.handOver)
                assertTrue(s.cells.isEmpty() && s.topBar == null && s.moves.isEmpty())
                assertTrue(s.handOver!!.ready.contains("Red"), s.handOver!!.ready)
            }
            val random = Random(100 + i)
            while (c.game.awaiting() !is Awaiting.Nobody && c.game.moves().size < 1500) {
                if (c.state.value.handOver != null) {
                    handOvers.incrementAndGet()
                    h.onMain { c.confirmHandOver() }
                    assertNull(c.state.value.handOver)
                    assertTrue(c.state.value.cells.isNotEmpty())
                }
                assertTrue(h.onMain { c.playAMove(random) }, "$variant: a move in ${c.game.fen()}")
            }
            val plies = c.game.moves().size
            assertTrue(c.state.value.finished, "$variant: ${c.state.value.status}")
            // Two people may agree a draw until the end; then it is no longer offered.
            assertFalse(c.state.value.canAgreeDraw)
            if (variant == Variant.JIEQI) assertEquals(plies, handOvers.get(), "a hand-over before every move")
            else assertEquals(0, handOvers.get())
            leaveAndFind(variant, plies, finished = true)
            h.onMain { h.app.navigator.home() }
        }
    }
}

class ResumeTest {
    @TempDir lateinit var dir: Path

    @Test
    fun `every game is saved, resumed from its page and played on, and deleted from the list`(): Unit =
        Harness(dir).use { h ->
            h.start()
            for ((i, variant) in listOf(Variant.XIANGQI, Variant.JIEQI, Variant.JESON_MOR, Variant.FRIENDLY).withIndex()) {
                // Against a bot that opens: the game is left with the bot to move after the
                // person's reply, and the bot moves when the game is opened again.
                val c = h.newGame(variant, "beginner", Side.SECOND)
                h.settle(c)
                // The reply, then the bot stopped before its turn can begin: both on the main
                // thread in one go, so the bot's coroutine (queued there) never starts.
                assertTrue(h.onMain { c.playAMove(Random(i)).also { c.stopBot() } })
                val played = c.game.moves().map { it.notation }
                assertTrue(h.onMain { h.app.back() })
                val row = runBlocking {
                    withTimeout(WAIT_MS) { h.app.home.first { s -> !s.loading && s.savedOf(variant).isNotEmpty() } }
                }.savedOf(variant).single()
                assertTrue(row.subtitle.startsWith("${played.size} moves"), row.subtitle)
                assertEquals("1 game in progress", h.app.home.value.games.single { it.variant == variant }.inProgressText)
                h.onMain { h.app.resumeGame(row.id) }
                // The game's page opens once the game is made (in that order, on the main
                // thread): waiting for the page, not for the game, sees both.
                runBlocking { withTimeout(WAIT_MS) { h.app.navigator.current.first { it == Screen.Game(row.id) } } }
                val resumed = h.onMain { h.app.game }
                assertNotNull(resumed)
                h.settle(resumed!!)
                // The game goes on where it was left (in Jieqi from the saved truth): the moves
                // as they were, then the bot's, played on opening the game.
                val now = resumed.game.moves().map { it.notation }
                assertEquals(played, now.dropLast(1))
                assertEquals(played.size + 1, now.size, "the bot moved on resuming")
                assertTrue(h.onMain { h.app.back() })
                h.onMain { h.app.deleteGame(row.id) }
                runBlocking { withTimeout(WAIT_MS) { h.app.home.first { s -> !s.loading && s.savedOf(variant).isEmpty() } } }
                h.onMain { h.app.navigator.home() }
            }
        }
}

class FriendlyEntryTest {
    @TempDir lateinit var dir: Path

    private fun controller(h: Harness, fen: String): GameController = h.onMain {
        val session = GameSession(
            NewGame(variant = Variant.FRIENDLY, fen = fen, first = Player.Person, second = Player.Person),
        )
        GameController(session, null, AppController.DEFAULT_SETTINGS, Language.ENGLISH, h.scope)
    }

    private fun GameController.at(square: String): Cell {
        val file = square[0] - 'a'
        val rank = square.substring(1).toInt() - 1
        return state.value.orientation.cellOf(point(file, rank))
    }

    @Test
    fun `a chain is entered step by step, started again, and finished`(): Unit = Harness(dir).use { h ->
        // White's knight on d4 enters the bond on e6 and releases the White pawn there.
        val c = controller(h, "4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1")
        h.onMain { c.tap(c.at("d4")) }
        val e6 = c.state.value.cells.first { it.cell == c.at("e6") }
        assertEquals(TargetKind.RELEASE, e6.target)
        h.onMain { c.tap(c.at("e6")) }
        var s = c.state.value
        assertEquals("The released pawn moves next", s.status)
        assertTrue(s.canRestartMove)
        val hover = s.cells.single { it.hovering }
        assertEquals(c.at("e6"), hover.cell)
        assertNotNull(hover.partner, "the knight already stands in the bond, the pawn hovers over it")
        assertEquals(PieceKind.PAWN, s.hoveringPiece?.piece?.kind)
        assertEquals(listOf(c.at("e7")), s.cells.filter { it.target != null }.map { it.cell })
        assertEquals(0, c.game.moves().size)
        // Start again: the board is back as it was.
        h.onMain { c.restartMove() }
        s = c.state.value
        assertFalse(s.canRestartMove)
        assertTrue(s.cells.none { it.hovering || it.selected })
        assertNull(s.hoveringPiece)
        assertEquals(PieceKind.KNIGHT, s.cells.first { it.cell == c.at("d4") }.piece?.piece?.kind)
        // And again, by a drag and a tap, to the end.
        h.onMain { c.drag(c.at("d4"), c.at("e6")) }
        h.onMain { c.tap(c.at("e7")) }
        assertEquals("d4e6>e7", c.game.moves().single().coordinate)
        assertEquals(1, c.state.value.moves.size)
    }

    @Test
    fun `a promotion is chosen from the pieces offered`(): Unit = Harness(dir).use { h ->
        val c = controller(h, "k7/4P3/8/8/8/8/8/4K3 w - - - 0 1")
        h.onMain { c.tap(c.at("e7")); c.tap(c.at("e8")) }
        val promotion = requireNotNull(c.state.value.promotion)
        assertEquals("The pawn becomes", promotion.title)
        assertTrue(promotion.choices.any { it.piece.kind == PieceKind.KNIGHT })
        h.onMain { c.choosePromotion(PieceKind.KNIGHT) }
        assertNull(c.state.value.promotion)
        assertEquals("e7e8=N", c.game.moves().single().coordinate)
        assertEquals("♘", c.state.value.cells.first { it.cell == c.at("e8") }.piece?.label)
    }

    @Test
    fun `a king in danger shows in its player's bar`(): Unit = Harness(dir).use { h ->
        // Black's rook attacks White's king on e1.
        val c = controller(h, "4k3/8/8/8/8/8/8/r3K3 w - - - 0 1")
        val bottom = requireNotNull(c.state.value.bottomBar)
        assertEquals(Side.FIRST, bottom.side)
        assertTrue(bottom.threatened)
        assertFalse(c.state.value.topBar!!.threatened)
    }
}

class DefectsTest {
    @TempDir lateinit var dir: Path

    /** Plays the first legal move a person can tap in [c]. */
    private fun Harness.tapAMove(c: GameController) = assertTrue(onMain { c.playAMove(Random(7)) })

    @Test
    fun `the database is opened and read off the main thread`(): Unit = Harness(dir).use { h ->
        h.start()
        h.onMain { h.app.updateSettings(h.app.settings.value.copy(showLastMove = false)) }
        h.onMain { h.app.refresh() }
        h.waitHome()
        h.assertNothingOnMain()
        assertEquals(1, h.openedOn.size)
    }

    @Test
    fun `the home list is read after the last save of a closed game landed`(): Unit = Harness(dir).use { h ->
        h.start()
        val c = h.newGame(Variant.XIANGQI)
        h.storage!!.saveDelayMs = 300
        h.tapAMove(c)
        h.tapAMove(c)
        h.onMain { h.app.back() }
        val home = runBlocking { withTimeout(WAIT_MS) { h.app.home.first { !it.loading && it.saved.isNotEmpty() } } }
        assertEquals("2 moves · in progress", home.saved.single().subtitle)
        h.assertNothingOnMain()
    }

    @Test
    fun `an older read of the list that comes back late does not replace a newer one`(): Unit = Harness(dir).use { h ->
        h.start()
        // A read of the empty list, slow to come back; meanwhile a game is played and left.
        h.storage!!.slowNextList.set(true)
        h.onMain { h.app.refresh() }
        val c = h.newGame(Variant.XIANGQI)
        h.tapAMove(c)
        h.onMain { h.app.back() }
        assertTrue(h.storage!!.slowListBack.await(WAIT_MS, java.util.concurrent.TimeUnit.MILLISECONDS))
        // The slow read's result reaches the main thread after its list came back: a moment
        // for the I/O thread to hand it over, two trips through the main thread's queue to let
        // it land, then the list must still hold the game.
        Thread.sleep(100)
        h.onMain { }
        h.onMain { }
        val home = runBlocking { withTimeout(WAIT_MS) { h.app.home.first { !it.loading } } }
        assertEquals(listOf("1 move · in progress"), home.saved.map { it.subtitle })
    }

    @Test
    fun `a game deleted while its last save is under way stays deleted`(): Unit = Harness(dir).use { h ->
        h.start()
        val c = h.newGame(Variant.XIANGQI)
        h.tapAMove(c)
        runBlocking { withTimeout(WAIT_MS) { while (h.storage!!.savesWritten.get() < 1) delay(10) } }
        val id = requireNotNull(c.game.savedId())
        h.storage!!.saveDelayMs = 300
        h.tapAMove(c)
        // Left and deleted from its page at once: the second save is still being written.
        val deleting = h.onMain {
            h.app.back()
            h.app.deleteGame(id)
        }
        runBlocking { withTimeout(WAIT_MS) { while (h.storage!!.savesWritten.get() < 2) delay(10) } }
        // The delete done after every save (or, wrongly, before the last one, which then
        // writes the game anew and stays): the file holds no game.
        runBlocking { withTimeout(WAIT_MS) { deleting!!.join() } }
        assertEquals(0, Store.open(h.dbPath).listGames().size)
        runBlocking { withTimeout(WAIT_MS) { h.app.home.first { !it.loading && it.saved.isEmpty() } } }
    }

    @Test
    fun `a save under way is not lost when the screens go away`(): Unit = Harness(dir).use { h ->
        h.start()
        val c = h.newGame(Variant.JESON_MOR)
        h.storage!!.saveDelayMs = 300
        // Two moves: the first save is being written, the second waits for it.
        h.tapAMove(c)
        h.tapAMove(c)
        // The activity is gone: its scope (the view model's) is cancelled mid-save.
        h.scope.cancel()
        runBlocking { withTimeout(WAIT_MS) { while (h.storage!!.savesWritten.get() < 2) delay(10) } }
        val games = Store.open(h.dbPath).listGames()
        assertEquals(2u, games.single().plyCount)
    }

    @Test
    fun `a save problem stays until a save succeeds`(): Unit = Harness(dir).use { h ->
        h.start()
        val c = h.newGame(Variant.XIANGQI)
        h.storage!!.failSaves.set(true)
        h.tapAMove(c)
        val failed = runBlocking { withTimeout(WAIT_MS) { c.state.first { it.saveProblem != null } } }
        assertEquals("The game could not be saved: the disk is full", failed.saveProblem)
        // The next states (a tap, a refusal) keep saying it.
        h.onMain { c.tap(Cell(0, 0)) }
        h.onMain { c.tap(Cell(4, 4)) }
        assertEquals(failed.saveProblem, c.state.value.saveProblem)
        // A save that succeeds clears it.
        h.storage!!.failSaves.set(false)
        h.tapAMove(c)
        runBlocking { withTimeout(WAIT_MS) { c.state.first { it.saveProblem == null && it.savedId != null } } }
    }

    @Test
    fun `a stopped bot stays stopped until it is let go on`(): Unit = Harness(dir, botTimeLimitMs = 20_000u).use { h ->
        h.start()
        val c = h.newGame(Variant.FRIENDLY, "full")
        h.tapAMove(c)
        // Wait until the bot really thinks, then stop it.
        runBlocking { withTimeout(WAIT_MS) { while (!c.game.isThinking()) delay(1) } }
        h.onMain { c.stopBot() }
        h.settle(c)
        Thread.sleep(300)
        assertFalse(c.game.isThinking(), "the bot does not start again by itself")
        assertTrue(c.state.value.botStopped)
        assertFalse(c.state.value.thinking)
        assertEquals(1, c.game.moves().size)
        assertTrue(c.game.awaiting() is Awaiting.Bot)
        // Let go on, it thinks again (and is stopped again, so that the test stays quick).
        h.onMain { c.letBotGoOn() }
        assertFalse(c.state.value.botStopped)
        runBlocking { withTimeout(WAIT_MS) { while (!c.game.isThinking()) delay(1) } }
        h.onMain { c.stopBot() }
        h.settle(c)
        assertEquals(1, c.game.moves().size)
    }

    @Test
    fun `a damaged database is offered to be set aside and is kept`() {
        val h = Harness(dir)
        Files.writeString(Path.of(h.dbPath), "this is not a database, but the player's file")
        h.use {
            h.onMain { h.app.start() }
            val failed = runBlocking { withTimeout(WAIT_MS) { h.app.startup.first { it is Startup.Failed } } } as Startup.Failed
            assertTrue(failed.canSetAside)
            assertTrue(failed.message.contains("damaged"), failed.message)
            h.onMain { h.app.setAsideAndStart() }
            val ready = runBlocking { withTimeout(WAIT_MS) { h.app.startup.first { it is Startup.Ready } } } as Startup.Ready
            assertTrue(ready.notice!!.startsWith("The old file was kept as rodina.db"), ready.notice)
            val kept = Files.list(dir).use { s -> s.toList() }.filter { it.fileName.toString().contains("unreadable") }
            assertEquals("this is not a database, but the player's file", Files.readString(kept.single()))
            h.assertNothingOnMain()
        }
    }
}

class LanguageTest {
    @TempDir lateinit var dir: Path

    @Test
    fun `the app follows the system language and the player's choice, everywhere at once`(): Unit = Harness(dir, locale = "sk-SK").use { h ->
        h.start()
        assertEquals(Language.SLOVAK, h.app.language.value)
        assertEquals("Siang-čchi", h.app.home.value.games.first().name)
        val c = h.newGame(Variant.XIANGQI, "novice")
        assertEquals("Na ťahu je Červený", c.state.value.status)
        assertEquals("Nováčik", h.app.newGame.state.value.opponents[1].label)
        // The player chooses English: the open game, the form and the home screen follow.
        val written = h.onMain { h.app.updateSettings(h.app.settings.value.copy(language = Language.ENGLISH)) }
        assertEquals("Red to move", c.state.value.status)
        assertEquals("Novice", h.app.newGame.state.value.opponents[1].label)
        assertEquals("Xiangqi", h.app.home.value.games.first().name)
        // Kept in the store: a new start reads it back (once the write has landed).
        runBlocking { withTimeout(WAIT_MS) { written!!.join() } }
        h.onMain { h.app.back() }
        h.waitHome()
        val again = Harness(dir, locale = "sk-SK").start()
        again.use { assertEquals(Language.ENGLISH, it.app.language.value) }
        // Back to following the system.
        h.onMain { h.app.updateSettings(h.app.settings.value.copy(language = null)) }
        assertEquals(Language.SLOVAK, h.app.language.value)
        h.onMain { h.app.setSystemLocale("en-US") }
        assertEquals(Language.ENGLISH, h.app.language.value)
        h.assertNothingOnMain()
    }

    @Test
    fun `labels follow the piece style and the language`(): Unit = Harness(dir).use { h ->
        h.start()
        val c = h.newGame(Variant.XIANGQI)
        assertEquals("車", c.state.value.cells[0].piece?.label)
        h.onMain { h.app.updateSettings(h.app.settings.value.copy(pieceStyle = PieceStyle.LETTERS)) }
        assertEquals("R", c.state.value.cells[0].piece?.label)
        h.onMain { h.app.updateSettings(h.app.settings.value.copy(language = Language.SLOVAK)) }
        assertEquals("V", c.state.value.cells[0].piece?.label, "a chariot is a voz")
    }
}

class NewGameFormTest {
    @Test
    fun `a handicap against the bot is given by the person or by the bot, who then plays Red`() {
        val f = NewGameController(Language.ENGLISH)
        f.choose(Variant.XIANGQI)
        f.chooseOpponent("casual")
        f.chooseSide(Side.SECOND)
        assertTrue(f.state.value.fields.side)
        f.chooseHandicap(Handicap.CHARIOT)
        var s = f.state.value
        assertFalse(s.fields.side, "the handicap decides the sides")
        assertTrue(s.fields.giver)
        assertEquals(Side.FIRST, s.personPlays, "the person gives it by default and plays Red")
        f.chooseGiver(HandicapGiver.BOT)
        s = f.state.value
        assertEquals(Side.SECOND, s.personPlays)
        val game = app.rodina.core.formNewGame(s.form)
        assertEquals(Player.Bot("casual"), game.first)
        assertEquals(Handicap.CHARIOT, game.handicap)
        assertEquals("The bot (it plays Red)", s.givers[1].label)
        // In Jieqi the handicap does not apply and the rule sets do.
        f.choose(Variant.JIEQI)
        f.chooseRuleSet(RuleSet.TENCENT)
        s = f.state.value
        assertTrue(s.fields.ruleSet && s.fields.side && !s.fields.handicap)
        assertEquals(5, s.ruleSets.size)
        val jieqi = app.rodina.core.formNewGame(s.form)
        assertEquals(null, jieqi.handicap)
        assertEquals(RuleSet.TENCENT, jieqi.ruleSet)
    }
}

class DrawTest {
    @TempDir lateinit var dir: Path

    @Test
    fun `two people agree a draw, it is saved, and undo takes it back`(): Unit = Harness(dir).use { h ->
        h.start()
        val c = h.newGame(Variant.JESON_MOR)
        assertTrue(c.state.value.canAgreeDraw)
        h.onMain { c.agreeDraw() }
        val s = c.state.value
        assertTrue(s.finished)
        assertEquals("Draw: the players agreed.", s.result)
        assertFalse(s.canAgreeDraw || s.canResign)
        h.onMain { c.undo() }
        assertFalse(c.state.value.finished)
        // Against a bot there is no draw to agree.
        val bot = h.newGame(Variant.XIANGQI, "novice")
        assertFalse(bot.state.value.canAgreeDraw)
    }
}
