package app.rodina.state

import app.rodina.core.ConnectionState
import app.rodina.core.DealCheck
import app.rodina.core.Language
import app.rodina.core.OnlineLabel
import app.rodina.core.OnlineStatus
import app.rodina.core.Point
import app.rodina.core.SideChoice
import app.rodina.core.Side
import app.rodina.core.TimeControl
import app.rodina.core.Variant
import app.rodina.core.onlineLabel
import app.rodina.core.timeControls
import java.io.BufferedReader
import java.io.InputStreamReader
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeoutOrNull
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir

/** Waits for the server and the network are bounded: a test that hangs fails instead. */
private const val ONLINE_WAIT_MS = 30_000L

/**
 * A real `rodina serve` process on a free port of this machine, with its database in [dir].
 * The binary is the system property `rodina.server.bin` (the pom passes it, by default the
 * workspace's target/debug/rodina), built by `cargo build -p rodina`.
 */
class ServerProcess private constructor(private val process: Process, val url: String, private val output: StringBuffer) :
    AutoCloseable {
    /** Stops the server at once (as a crash or a pulled cable would), and waits until it is gone. */
    override fun close() {
        if (!process.isAlive) return
        process.destroyForcibly()
        if (!process.waitFor(10, TimeUnit.SECONDS)) fail<Unit>("the server did not stop: ${output.takeLast(2000)}")
    }

    companion object {
        private val READY = Regex("""rodina serve: listening on (\S+:\d+)""")

        /** The server binary, or a failure that says how to get one. */
        fun binary(): Path {
            val given = System.getProperty("rodina.server.bin")?.takeIf { it.isNotBlank() && !it.startsWith("\${") }
            val path = (given?.let { Paths.get(it) } ?: Paths.get("../../target/debug/rodina")).toAbsolutePath().normalize()
            if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
                fail<Unit>(
                    "No server binary at $path: build it with `cargo build -p rodina`, or give its path with " +
                        "-Drodina.server.bin=/path/to/rodina",
                )
            }
            return path
        }

        /** Starts a server with its database in [dir]; returns once it says it is listening. */
        fun start(dir: Path): ServerProcess {
            Files.createDirectories(dir)
            val process = ProcessBuilder(
                binary().toString(), "serve",
                "--addr", "127.0.0.1:0",
                "--db", dir.resolve("server.db").toString(),
                // The tests move without thinking: the default rate (10 a second) is a person's.
                "--socket-rate", "100",
            ).redirectErrorStream(true).start()
            val lines = LinkedBlockingQueue<String>()
            val output = StringBuffer()
            // Reads the server's output to its end, so that it never blocks on a full pipe.
            Thread({
                BufferedReader(InputStreamReader(process.inputStream)).useLines { all ->
                    all.forEach {
                        output.append(it).append('\n')
                        lines.put(it)
                    }
                }
            }, "rodina-serve-output").apply { isDaemon = true }.start()
            val deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ONLINE_WAIT_MS)
            while (true) {
                val left = deadline - System.nanoTime()
                val line = if (left > 0) lines.poll(left, TimeUnit.NANOSECONDS) else null
                if (line == null) {
                    process.destroyForcibly()
                    fail<Unit>("the server did not say it was listening within $ONLINE_WAIT_MS ms; it said:\n$output")
                    error("unreachable")
                }
                val found = READY.find(line) ?: continue
                return ServerProcess(process, "http://${found.groupValues[1]}", output)
            }
        }
    }
}

/**
 * Online play through the shared state holders, as two phones use it: two apps (two
 * AppControllers with a database each: two devices) against a real server process, on real
 * dispatchers. Each test has a server of its own: the server limits how many accounts one
 * address makes (10 in 6 minutes), and every phone here is a new device with a new account.
 */
class OnlineTest {
    @TempDir
    lateinit var dir: Path

    private lateinit var server: ServerProcess

    @BeforeEach
    fun startServer() {
        server = ServerProcess.start(dir.resolve("server"))
    }

    @AfterEach
    fun stopServer() {
        if (::server.isInitialized) server.close()
    }

    /** A phone: an app with its own database, on [url]'s server, speaking [locale]'s language. */
    private fun phone(name: String, locale: String = "en-GB", url: String = server.url): Harness =
        Harness(dir.resolve(name).also { Files.createDirectories(it) }, locale = locale, onlineServer = url).start()

    /** Waits until [flow] holds a value [ok] accepts; fails with the last value after the bounded wait. */
    private fun <T> awaitState(flow: StateFlow<T>, what: String, ok: (T) -> Boolean): T = runBlocking {
        withTimeoutOrNull(ONLINE_WAIT_MS) { flow.first(ok) } ?: fail("waited too long for $what; last: ${flow.value}")
    }

    private fun Harness.online(): OnlineController = requireNotNull(onMain { app.online }) { "online play is not set up" }

    /** The online game on this phone's screen, once it is open and live. */
    private fun Harness.liveGame(): OnlineGameController {
        awaitState(app.navigator.current, "an online game on the screen") { it is Screen.OnlineGame }
        val game = requireNotNull(onMain { app.onlineGame })
        awaitState(game.state, "the game live") {
            it.connection == ConnectionState.Live && it.onlineStatus == OnlineStatus.STARTED
        }
        return game
    }

    /**
     * Ann invites Bob to [variant] (Ann plays first, with [clock]); Bob opens the link Ann
     * shares, sees who invites him, and joins. Both phones end on the game's screen, live.
     */
    private fun invitedGame(
        ann: Harness,
        bob: Harness,
        variant: Variant,
        clock: TimeControl? = null,
    ): Pair<OnlineGameController, OnlineGameController> {
        val annOnline = ann.online()
        ann.onMain {
            ann.app.openGameHome(variant)
            ann.app.openInvite(variant)
            annOnline.chooseSide(SideChoice.FIRST)
            annOnline.chooseClock(clock)
            annOnline.createInvitation()
        }
        val invite = awaitState(annOnline.invite, "the invitation made") { it.invitation != null || it.problem != null }
        assertNull(invite.problem)
        val invitation = requireNotNull(invite.invitation)
        assertTrue(invite.waiting, "ann waits for her friend")
        assertEquals("rodina://join/${invitation.code}", invitation.link)
        assertTrue(invitation.shareText.contains(invitation.link) && invitation.shareText.contains(invitation.code), invitation.shareText)
        assertEquals(Screen.Invite(variant), ann.app.navigator.current.value)

        // Bob's phone opens the link (as the system hands it to the activity).
        assertTrue(bob.onMain { bob.app.openLink(invitation.link) })
        assertEquals(Screen.Join, bob.app.navigator.current.value)
        val bobOnline = bob.online()
        val seen = awaitState(bobOnline.join, "the invitation looked up") { it.invitation != null || it.problem != null }
        assertNull(seen.problem)
        assertEquals(invitation.code, seen.code)
        assertFalse(seen.invitation!!.mine)
        bob.onMain { bobOnline.joinGame() }
        val a = ann.liveGame()
        val b = bob.liveGame()
        assertEquals(a.gameId, b.gameId)
        // The invite screen gave way to the game: back leads to the game's page.
        assertEquals(listOf(Screen.Home, Screen.GameHome(variant), Screen.OnlineGame(a.gameId)), ann.app.navigator.backStack)
        assertFalse(annOnline.invite.value.waiting, "the wait ended")
        assertEquals(Side.FIRST, a.state.value.side)
        assertEquals(Side.SECOND, b.state.value.side)
        return a to b
    }

    /** [c]'s player moves [from]-[to] by two taps; waits until both phones have [plies] moves. */
    private fun move(h: Harness, c: OnlineGameController, from: Point, to: Point, other: OnlineGameController, plies: Int) {
        h.onMain {
            c.tap(c.state.value.orientation.cellOf(from))
            assertTrue(c.state.value.cells.any { it.selected }, "picked up at $from: ${c.state.value.message}")
            c.tap(c.state.value.orientation.cellOf(to))
        }
        awaitPlies(c, other, plies)
    }

    private fun awaitPlies(a: OnlineGameController, b: OnlineGameController, plies: Int) {
        for (c in listOf(a, b)) awaitState(c.state, "$plies plies") { it.plies == plies && !it.movePending }
    }

    /**
     * [c]'s player makes some legal move by taps, as a person would: a piece of its own that
     * has targets, then the first of them. Waits until both phones have [plies] moves.
     */
    private fun anyMove(h: Harness, c: OnlineGameController, other: OnlineGameController, plies: Int) {
        h.onMain {
            val side = requireNotNull(c.state.value.side)
            val own = c.state.value.cells.filter { it.piece?.piece?.side == side }
            for (cell in own) {
                c.tap(cell.cell)
                val target = c.state.value.cells.firstOrNull { it.target != null }
                if (target == null) {
                    if (c.state.value.cells.any { it.selected }) c.tap(cell.cell)
                    continue
                }
                c.tap(target.cell)
                return@onMain
            }
            fail<Unit>("no move for $side")
        }
        awaitPlies(c, other, plies)
    }

    private fun awaitEnd(c: OnlineGameController): OnlineGameScreenState =
        awaitState(c.state, "the end") { it.onlineStatus == OnlineStatus.ENDED && it.result != null }

    @Test
    fun `a friend joins by the link, both clocks count, and a Xiangqi game ends in resignation, in each phone's language`(): Unit =
        phone("ann").use { ann ->
            phone("bob", locale = "sk-SK").use { bob ->
                val fivePlusThree = timeControls()[2]
                assertEquals("5+3", ann.online().invite.value.clocks.first { it.value == fivePlusThree }.label)
                val (a, b) = invitedGame(ann, bob, Variant.XIANGQI, fivePlusThree)
                // Bob's phone speaks Slovak: who invited him, the title, the clocks.
                assertTrue(bob.online().join.value.invitation!!.invitedBy.startsWith("Hosť vás pozýva"), bob.online().join.value.invitation!!.invitedBy)
                assertEquals("Xiangqi online", a.state.value.title)
                // The clocks come with the game's first state from the server, which may reach
                // a phone just after the game is live there.
                awaitState(a.state, "Ann's clocks") { it.bottomClock != null }
                awaitState(b.state, "Bob's clocks") { it.bottomClock != null }
                assertEquals("5:00", a.state.value.bottomClock!!.text)
                assertEquals(Side.FIRST, a.state.value.bottomClock!!.side)
                assertEquals(Side.SECOND, b.state.value.bottomClock!!.side, "each phone has its own side at the bottom")
                assertTrue(a.state.value.canAbort && a.state.value.canResign)
                // Bob may not move first: the refusal is the core's sentence.
                bob.onMain { b.tap(b.state.value.orientation.cellOf(point(7, 7))) }
                assertNotNull(b.state.value.message)
                // Cannons to the centre (C2=5 and its answer).
                move(ann, a, point(7, 2), point(4, 2), b, 1)
                move(bob, b, point(7, 7), point(4, 7), a, 2)
                // Red's clock runs again: its shown time counts down from 5:03 (the increment).
                awaitState(a.state, "Red's clock running") { it.bottomClock?.running == true }
                val before = a.state.value.bottomClock!!.ms
                awaitState(a.state, "Red's clock counting down") { (it.bottomClock?.ms ?: Long.MAX_VALUE) < before }
                assertFalse(a.state.value.topClock!!.running)
                bob.onMain { assertTrue(b.resign()) }
                assertEquals("Red wins: resignation.", awaitEnd(a).result)
                assertEquals("Vyhráva Červený: súper sa vzdal.", awaitEnd(b).result)
                assertTrue(a.state.value.finished && !a.state.value.canResign && a.state.value.canOfferRematch)
                assertNull(a.state.value.dealCheck, "no deal to check outside Jieqi")
            }
        }

    @Test
    fun `a Friendly chess game is played by taps to the bond with the king, and a rematch is offered and accepted`(): Unit =
        phone("ann").use { ann ->
            phone("bob").use { bob ->
                val (a, b) = invitedGame(ann, bob, Variant.FRIENDLY)
                move(ann, a, point(4, 1), point(4, 2), b, 1) // e2-e3
                move(bob, b, point(5, 6), point(5, 5), a, 2) // f7-f6
                move(ann, a, point(3, 0), point(7, 4), b, 3) // Qd1-h5
                move(bob, b, point(0, 6), point(0, 5), a, 4) // a7-a6
                move(ann, a, point(7, 4), point(4, 7), b, 5) // Qh5-e8: the queen bonds with the king
                for (c in listOf(a, b)) assertEquals("White wins: a piece bonded with the king.", awaitEnd(c).result)
                // Bob offers a rematch; Ann is told, accepts it, and both phones open the new game.
                awaitState(b.state, "a rematch can be offered") { it.canOfferRematch }
                bob.onMain { b.offerRematch() }
                val offered = awaitState(a.state, "ann hears of the rematch") { it.canAcceptRematch }
                assertEquals("Your opponent offers a rematch.", offered.rematchText)
                ann.onMain { a.acceptRematch() }
                awaitState(ann.app.navigator.current, "ann's new game") { it is Screen.OnlineGame && it.game != a.gameId }
                awaitState(bob.app.navigator.current, "bob's new game") { it is Screen.OnlineGame && it.game != a.gameId }
                val a2 = ann.liveGame()
                val b2 = bob.liveGame()
                assertEquals(a2.gameId, b2.gameId)
                assertEquals(Side.SECOND, a2.state.value.side, "colours swap: Bob plays first")
                assertEquals(Side.FIRST, b2.state.value.side)
                // The new game took the old one's place on the stack.
                assertEquals(Screen.OnlineGame(a2.gameId), ann.app.navigator.backStack.last())
                assertEquals(3, ann.app.navigator.backStack.size)
            }
        }

    @Test
    fun `a draw offered in Jeson Mor is declined, then offered again and accepted`(): Unit =
        phone("ann").use { ann ->
            phone("bob").use { bob ->
                val (a, b) = invitedGame(ann, bob, Variant.JESON_MOR)
                anyMove(ann, a, b, 1)
                anyMove(bob, b, a, 2)
                ann.onMain { assertTrue(a.offerDraw()) }
                awaitState(a.state, "ann's offer shown") { it.drawText == "You offered a draw." }
                val offered = awaitState(b.state, "bob hears the offer") { it.canAnswerDraw }
                assertEquals("Your opponent offers a draw.", offered.drawText)
                bob.onMain { assertTrue(b.declineDraw()) }
                // Bob's phone shows the offer until the server confirms the answer: without this
                // wait, the first offer's state could pass for the second one below.
                awaitState(b.state, "bob's answer taken") { !it.canAnswerDraw }
                awaitState(a.state, "the offer declined") { it.drawText == null && it.canOfferDraw }
                ann.onMain { assertTrue(a.offerDraw()) }
                awaitState(b.state, "bob hears the offer again") { it.canAnswerDraw }
                bob.onMain { assertTrue(b.acceptDraw()) }
                for (c in listOf(a, b)) assertEquals("Draw: the players agreed.", awaitEnd(c).result)
            }
        }

    @Test
    fun `a Jieqi game ends in resignation with the deal checked, and a phone that leaves stops its game`(): Unit =
        phone("ann").use { ann ->
            phone("bob").use { bob ->
                val (a, b) = invitedGame(ann, bob, Variant.JIEQI)
                for (c in listOf(a, b)) {
                    assertTrue(c.state.value.dealCheck is DealCheck.Pending)
                    assertEquals("The deal is checked when the game ends.", c.state.value.dealText)
                }
                anyMove(ann, a, b, 1)
                anyMove(bob, b, a, 2)
                anyMove(ann, a, b, 3)
                ann.onMain { assertTrue(a.resign()) }
                for (c in listOf(a, b)) {
                    val end = awaitState(c.state, "the end and the deal's check") {
                        it.onlineStatus == OnlineStatus.ENDED && it.dealCheck != null && it.dealCheck !is DealCheck.Pending
                    }
                    assertEquals("Black wins: resignation.", end.result)
                    assertTrue(end.dealCheck is DealCheck.Verified, "${end.dealCheck}")
                    assertEquals("The deal was checked: it was not changed during the game.", end.dealText)
                }
                // Ann leaves the game: its loop stops (the server sees her go), and her
                // controller hears nothing more.
                assertTrue(ann.onMain { ann.app.back() })
                assertNull(ann.onMain { ann.app.onlineGame })
                awaitState(b.state, "bob sees ann gone") { s -> s.players.any { !it.you && !it.online } }
                val left = a.state.value
                Thread.sleep(300)
                assertEquals(left, a.state.value, "a closed controller draws nothing more")
            }
        }

    @Test
    fun `a stopped server shows the game reconnecting, then offline`(): Unit =
        server.let { own ->
            phone("ann").use { ann ->
                phone("bob").use { bob ->
                    val (a, b) = invitedGame(ann, bob, Variant.XIANGQI)
                    assertNull(a.state.value.connectionText, "nothing to say while live")
                    own.close()
                    for (c in listOf(a, b)) {
                        val lost = awaitState(c.state, "the connection lost") {
                            it.connection is ConnectionState.Reconnecting || it.connection is ConnectionState.Offline
                        }
                        val text = requireNotNull(lost.connectionText)
                        assertTrue(text.startsWith("Connection lost") || text.startsWith("Offline"), text)
                    }
                    // An action while away is not sent, and the core says why.
                    assertFalse(ann.onMain { a.offerDraw() }, "nothing is sent while not connected")
                    assertEquals("Not connected: try again once the game is back online.", a.state.value.message)
                }
            }
        }

    @Test
    fun `an unknown code is refused with the core's sentence, in English and in Slovak`(): Unit =
        phone("ann").use { ann ->
            phone("bob", locale = "sk-SK").use { bob ->
                assertFalse(ann.onMain { ann.app.openLink("https://example.com/nothing") }, "no code, no join screen")
                for ((phone, expected) in listOf(
                    ann to "There is no such invitation or game.",
                    bob to "Takáto pozvánka ani partia neexistuje.",
                )) {
                    val online = phone.online()
                    phone.onMain { phone.app.openJoin() }
                    assertEquals(Screen.Join, phone.app.navigator.current.value)
                    phone.onMain {
                        online.setCode("zzzz-2222")
                        assertTrue(online.join.value.canJoin)
                        online.joinGame()
                    }
                    val refused = awaitState(online.join, "the refusal") { !it.busy && it.problem != null }
                    assertEquals(expected, refused.problem)
                    assertEquals(Screen.Join, phone.app.navigator.current.value, "no game opened")
                    // Text that holds no code cannot be sent.
                    phone.onMain { online.setCode("hello") }
                    assertFalse(online.join.value.canJoin)
                }
                assertEquals("Pripojiť sa", onlineLabel(Language.SLOVAK, OnlineLabel.JOIN_BUTTON))
                assertEquals("Pozvať priateľa", bob.online().invite.value.title)
                assertEquals("Bez hodín", bob.online().invite.value.clocks.first().label)
                assertNotEquals(ann.online().invite.value.title, bob.online().invite.value.title)
            }
        }

    @Test
    fun `a link that comes before the database is open is opened once it is`(@TempDir own: Path): Unit =
        phone("ann").use { ann ->
            val annOnline = ann.online()
            ann.onMain {
                ann.app.openInvite(Variant.JESON_MOR)
                annOnline.createInvitation()
            }
            val invitation = requireNotNull(awaitState(annOnline.invite, "the invitation") { it.invitation != null }.invitation)
            Harness(own, onlineServer = server.url).use { h ->
                assertTrue(h.onMain { h.app.openLink(invitation.link) })
                h.start()
                awaitState(h.app.navigator.current, "the join screen") { it == Screen.Join }
                assertEquals(invitation.code, h.app.online!!.join.value.code)
                val seen = awaitState(h.app.online!!.join, "the lookup") { !it.busy && (it.invitation != null || it.problem != null) }
                assertEquals("Guest invites you: Jeson Mor · No clock · sides drawn at random", seen.invitation?.invitedBy)
            }
        }
}
