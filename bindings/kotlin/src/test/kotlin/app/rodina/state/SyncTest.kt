package app.rodina.state

import app.rodina.core.PieceStyle
import app.rodina.core.PuzzlePhase
import app.rodina.core.SyncState
import app.rodina.core.Variant
import java.nio.file.Files
import java.nio.file.Path
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.withTimeoutOrNull
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir

private const val SYNC_WAIT_MS = 30_000L

/**
 * Progress across devices through the shared state holders: two apps (two databases: two
 * devices) against a real `rodina serve` process. A puzzle failed on the phone and a setting
 * changed there reach the tablet that joins the phone's account by a pairing code, with the
 * same rating to the last digit; results made while the server is away wait, counted.
 */
class SyncTest {
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

    private fun device(name: String, locale: String = "en-GB", soonMs: Long = 600_000): Harness =
        Harness(dir.resolve(name).also { Files.createDirectories(it) }, locale = locale, onlineServer = server.url, syncSoonMs = soonMs)
            .start()

    private fun <T> await(flow: StateFlow<T>, what: String, ok: (T) -> Boolean): T = runBlocking {
        withTimeoutOrNull(SYNC_WAIT_MS) { flow.first(ok) } ?: fail("waited too long for $what; last: ${flow.value}")
    }

    private fun Harness.sync(): SyncController = requireNotNull(onMain { app.sync }) { "sync is not set up" }

    /** Fails the next Xiangqi puzzle by asking for its solution; returns the screen once the attempt is written. */
    private fun Harness.failAPuzzle() {
        val c = onMain {
            app.openGameHome(Variant.XIANGQI)
            app.openPuzzles(Variant.XIANGQI)
            requireNotNull(app.puzzle)
        }
        await(c.state, "a puzzle to solve") { !it.loading && it.phase == PuzzlePhase.SOLVING }
        onMain { c.showSolution() }
        await(c.state, "the attempt written") { it.phase == PuzzlePhase.FAILED && it.change != null }
        onMain { c.settle() }
        onMain { app.back() }
    }

    private fun Harness.xiangqiCard(): PuzzleCard {
        onMain { app.openGameHome(Variant.XIANGQI) }
        return await(app.home, "the puzzle card") { it.puzzlesOf(Variant.XIANGQI)?.progress != null }
            .puzzlesOf(Variant.XIANGQI)!!
    }

    @Test
    fun `a puzzle and a setting of the phone reach the tablet paired by a code, with the same rating`() {
        device("phone").use { phone ->
            device("tablet", locale = "sk-SK").use { tablet ->
                phone.failAPuzzle()
                phone.onMain { phone.app.updateSettings(phone.app.settings.value.copy(pieceStyle = PieceStyle.LETTERS)) }?.let {
                    runBlocking { it.join() }
                }
                val s = phone.sync()
                phone.onMain { s.refresh() }
                val waiting = s.state.value.status!!
                assertTrue(waiting.pending >= 2u, "the attempt and the setting wait: $waiting")
                assertEquals("${waiting.pending} results wait to be sent.", waiting.text)
                runBlocking { phone.onMain { s.syncNow() }.join() }
                val synced = await(s.state, "the phone synced") { !it.syncing && it.status?.pending == 0u }
                assertEquals("Everything is synced.", synced.status!!.text)
                assertNull(synced.problem)

                // The phone shows a code; the tablet types it (lower case, as a person might).
                phone.onMain { s.showPairingCode() }
                val shown = await(s.state, "a pairing code") { it.pairing != null || it.problem != null }
                val code = requireNotNull(shown.pairing) { shown.problem ?: "no code" }.code
                assertTrue(shown.pairing!!.text.contains(code), shown.pairing!!.text)
                val t = tablet.sync()
                tablet.onMain {
                    t.typeCode(code.lowercase())
                    assertTrue(t.state.value.canPair)
                    t.pair()
                }
                val paired = await(t.state, "the tablet paired and synced") {
                    !it.busy && !it.syncing && it.status?.state == SyncState.Idle && it.code.isEmpty()
                }
                assertNull(paired.problem)
                assertEquals("Všetko je synchronizované.", paired.status!!.text)
                assertEquals(paired.title, "Pokrok na vašich zariadeniach")

                // The same progress on both, to the last digit of the rating; the setting came along.
                val mine = phone.xiangqiCard()
                val theirs = tablet.xiangqiCard()
                assertEquals(mine.progress, theirs.progress)
                assertEquals(1u, theirs.progress!!.attempts)
                await(tablet.app.settings, "the phone's piece style") { it.pieceStyle == PieceStyle.LETTERS }
                // A code is used once.
                tablet.onMain { t.typeCode(code); t.pair() }
                val again = await(t.state, "the used code refused") { !it.busy && it.problem != null }
                assertEquals("Takýto párovací kód neexistuje alebo už bol použitý: zobrazte nový na druhom zariadení.", again.problem)
                phone.assertNothingOnMain()
                tablet.assertNothingOnMain()
            }
        }
    }

    @Test
    fun `a result syncs by itself soon after it is written, and waits while the server is away`() {
        device("phone", soonMs = 100).use { phone ->
            phone.failAPuzzle()
            val s = phone.sync()
            // No sync asked for: the one after the write sends it.
            val synced = await(s.state, "the attempt sent by itself") { !it.syncing && it.status?.lastSyncedMs != null && it.status?.pending == 0u }
            assertEquals("Everything is synced.", synced.status!!.text)
            server.close()
            phone.failAPuzzle()
            val offline = await(s.state, "the sync failing") { it.status?.state == SyncState.Offline }
            assertEquals(1u, offline.status!!.pending)
            assertEquals("No connection: one result waits to be sent.", offline.status!!.text)
            assertNotNull(offline.problem)
            phone.assertNothingOnMain()
        }
    }
}
