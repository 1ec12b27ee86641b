package app.rodina.state

import app.rodina.core.GameSession
import app.rodina.core.Handicap
import app.rodina.core.NewGame
import app.rodina.core.PieceStyle
import app.rodina.core.Player
import app.rodina.core.Awaiting
import app.rodina.core.Settings
import app.rodina.core.Side
import app.rodina.core.Store
import app.rodina.core.Variant
import java.nio.file.Path
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir

// Unconfined runs the controllers' saves at once, on the test's thread, so a test sees them.
private val now = CoroutineScope(Dispatchers.Unconfined)
private val defaults = Settings(
    showLegalTargets = true,
    showLastMove = true,
    rotateBoard = false,
    pieceStyle = PieceStyle.CHARACTERS,
)

private fun newGame(first: Player = Player.Person, second: Player = Player.Person, seed: ULong? = null) =
    NewGame(variant = Variant.XIANGQI, handicap = null, fen = null, first = first, second = second, botSeed = seed)

private fun GameController.tapPoint(file: Int, rank: Int) =
    tap(state.value.orientation.cellOf(point(file, rank)))

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
        for (flipped in listOf(false, true)) {
            val o = Orientation(9, 10, flipped)
            for (f in 0 until 9) for (r in 0 until 10) {
                assertEquals(point(f, r), o.pointAt(o.cellOf(point(f, r))))
            }
            assertNull(o.pointAt(Cell(9, 0)))
            assertNull(o.pointAt(Cell(0, -1)))
        }
    }

    @Test
    fun `a touch in pixels finds its point`() {
        val o = Orientation(9, 10, flipped = false)
        // 90 x 100 px: every point is 10 x 10 px; (5, 95) is bottom-left, Red's a1.
        assertEquals(point(0, 0), o.pointAtPixel(5f, 95f, 90f, 100f))
        assertEquals(point(8, 9), o.pointAtPixel(89f, 0f, 90f, 100f))
        assertNull(o.pointAtPixel(90f, 50f, 90f, 100f))
    }
}

class GameControllerTest {
    private fun controller(
        settings: Settings = defaults,
        store: Store? = null,
        game: NewGame = newGame(),
    ) = GameController(GameSession(game), store, settings, now, Dispatchers.Unconfined)

    @Test
    fun `the board is drawn row by row from the top with labels by the settings`() {
        val c = controller()
        val s = c.state.value
        assertEquals(90, s.cells.size)
        assertEquals(Cell(0, 0), s.cells[0].cell)
        assertEquals("車", s.cells[0].label, "Black's chariot on a10, top left")
        assertEquals("俥", s.cells[81].label, "Red's chariot on a1, bottom left")
        assertEquals("Red to move", s.status)
        val letters = controller(defaults.copy(pieceStyle = PieceStyle.LETTERS)).state.value
        assertEquals("R", letters.cells[0].label)
    }

    @Test
    fun `taps select, move and explain refusals as sentences`() {
        val c = controller()
        c.tapPoint(7, 2) // the cannon on h3
        assertEquals(12, c.state.value.cells.count { it.target })
        c.tapPoint(7, 7) // Black's cannon on h8: not a target, an opponent's piece
        assertEquals("The cannon on h3 cannot move to h8", c.state.value.message)
        c.tapPoint(4, 2) // e3
        val s = c.state.value
        assertNull(s.message)
        assertEquals(listOf(MoveRow(1, "C2=5", null)), s.moves)
        assertEquals(2, s.cells.count { it.lastMove })
        assertEquals("Black to move", s.status)
        c.tapPoint(0, 0)
        assertEquals("That piece is not yours to move: black is to move", c.state.value.message)
        c.dismissMessage()
        assertNull(c.state.value.message)
    }

    @Test
    fun `settings can hide targets and last moves`() {
        val c = controller(defaults.copy(showLegalTargets = false, showLastMove = false))
        c.tapPoint(7, 2)
        assertEquals(0, c.state.value.cells.count { it.target })
        assertEquals(1, c.state.value.cells.count { it.selected })
        c.tapPoint(4, 2)
        assertEquals(0, c.state.value.cells.count { it.lastMove })
    }

    @Test
    fun `pass-and-play can turn the board to the side to move`() {
        val c = controller(defaults.copy(rotateBoard = true))
        assertFalse(c.state.value.orientation.flipped)
        c.tapPoint(7, 2)
        c.tapPoint(4, 2)
        assertTrue(c.state.value.orientation.flipped)
        c.flip()
        assertFalse(c.state.value.orientation.flipped)
    }

    @Test
    fun `a person playing Black against a bot sees Black at the bottom and the bot opens`(): Unit = runBlocking {
        // runBlocking's scope: the bot's coroutine runs on this thread once the test waits.
        val c = GameController(GameSession(newGame(first = Player.Bot("novice"), seed = 3uL)), null, defaults, this, Dispatchers.Unconfined)
        val s = c.state.value
        assertTrue(s.orientation.flipped)
        assertTrue(s.thinking)
        assertEquals("Red (bot) is thinking…", s.status)
        c.tapPoint(7, 2)
        assertEquals("It is not your turn", c.state.value.message)
        c.awaitBot()
        val after = c.state.value
        assertFalse(after.thinking)
        assertEquals("Black to move", after.status)
        assertEquals(1, after.moves.size)
        assertEquals(Side.FIRST, c.game.moves().single().side)
    }

    @Test
    fun `drags move pieces and a move list pairs the moves`() {
        val c = controller()
        val o = c.state.value.orientation
        c.drag(o.cellOf(point(7, 2)), o.cellOf(point(4, 2)))
        c.drag(o.cellOf(point(7, 9)), o.cellOf(point(6, 7)))
        c.drag(o.cellOf(point(7, 0)), o.cellOf(point(6, 2)))
        assertEquals(
            listOf(MoveRow(1, "C2=5", "H8+7"), MoveRow(2, "H2+3", null)),
            c.state.value.moves,
        )
    }

    @Test
    fun `every change is saved, and undo and resign update the saved game`(@TempDir dir: Path) {
        Store.open(dir.resolve("g.db").toString()).use { store ->
            val c = controller(store = store)
            assertNull(c.state.value.savedId)
            c.tapPoint(7, 2)
            assertNull(c.state.value.savedId, "a selection is not a change worth saving")
            c.tapPoint(4, 2)
            val id = c.state.value.savedId
            assertNotNull(id)
            assertEquals(1u, store.listGames().single().plyCount)
            c.resign() // Black, to move, resigns
            assertEquals("Red wins by resignation", c.state.value.status)
            assertTrue(c.state.value.finished)
            assertFalse(c.state.value.canResign)
            assertEquals("Red wins by resignation", Texts.outcome(Variant.XIANGQI, store.listGames().single().outcome!!))
            c.resign()
            assertEquals("The game is over", c.state.value.message)
            c.undo() // takes back the resignation
            c.undo() // and the move
            assertEquals(0u, store.listGames().single().plyCount)
            assertEquals(id, c.state.value.savedId)
            assertFalse(c.state.value.canUndo)
        }
    }

    @Test
    fun `a game that begins with Black starts its move list with an ellipsis`() {
        val fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1"
        val c = GameController(
            GameSession(NewGame(variant = Variant.XIANGQI, handicap = null, fen = fen, first = Player.Person, second = Player.Person)),
            null, defaults, now, Dispatchers.Unconfined,
        )
        assertEquals("Black to move: check", c.state.value.status)
        c.tapPoint(4, 9)
        c.tapPoint(5, 9)
        assertEquals(listOf(MoveRow(1, "…", "K5=6")), c.state.value.moves)
    }
}

class BotGameControllerTest {
    /** Plays the person's move: the first piece (in board order) that can move, to its first target. */
    private fun GameController.personMove() {
        val view = game.view()
        for (pv in view.points) {
            if (pv.piece?.side != view.toMove) continue
            tap(state.value.orientation.cellOf(pv.point))
            val to = game.view().targets.firstOrNull() ?: continue
            tap(state.value.orientation.cellOf(to))
            assertEquals(to, game.moves().last().to)
            return
        }
        throw AssertionError("the person has no move in ${game.fen()}")
    }

    @Test
    fun `the bot answers every move, each change is saved, and the game can be played to its end`(@TempDir dir: Path): Unit = runBlocking {
        Store.open(dir.resolve("bot.db").toString()).use { store ->
            val c = GameController(
                GameSession(newGame(second = Player.Bot("novice"), seed = 7uL)), store, defaults, this, Dispatchers.Unconfined,
            )
            assertFalse(c.state.value.thinking, "Red, the person, moves first")
            c.tapPoint(7, 2)
            c.tapPoint(4, 2)
            assertTrue(c.state.value.thinking)
            assertEquals("Black (bot) is thinking…", c.state.value.status)
            c.awaitBot()
            assertEquals(2, c.game.moves().size)
            assertEquals("Red to move", c.state.value.status)
            assertEquals(2u, store.listGames().single().plyCount, "the bot's move is saved too")
            while (!c.state.value.finished && c.game.moves().size < 200) {
                c.personMove()
                c.awaitBot()
                assertTrue(c.game.moves().size % 2 == 0 || c.state.value.finished)
            }
            assertTrue(c.state.value.finished, "the Novice bot beats a person who plays the first move it finds")
            assertEquals(c.game.moves().size.toUInt(), store.listGames().single().plyCount)
        }
    }

    @Test
    fun `undo while the bot thinks takes the person's move back and nothing is played`(): Unit = runBlocking {
        val c = GameController(GameSession(newGame(second = Player.Bot("full"), seed = 1uL)), null, defaults, this, Dispatchers.Unconfined)
        c.tapPoint(7, 2)
        c.tapPoint(4, 2)
        assertTrue(c.state.value.thinking)
        // Let the coroutine start the search (the full-strength bot thinks for seconds).
        withTimeout(10_000) { while (!c.game.isThinking()) delay(1) }
        c.undo()
        c.awaitBot()
        val s = c.state.value
        assertFalse(s.thinking)
        assertEquals(emptyList<MoveRow>(), s.moves)
        assertEquals("Red to move", s.status)
        assertEquals(Awaiting.Person(Side.FIRST), c.game.awaiting())
    }

    @Test
    fun `undo against a bot takes back the bot's reply and the person's move`(): Unit = runBlocking {
        val c = GameController(GameSession(newGame(second = Player.Bot("novice"), seed = 2uL)), null, defaults, this, Dispatchers.Unconfined)
        c.tapPoint(7, 2)
        c.tapPoint(4, 2)
        c.awaitBot()
        assertEquals(2, c.game.moves().size)
        c.undo()
        c.awaitBot()
        assertEquals(0, c.game.moves().size)
        assertFalse(c.state.value.canUndo)
        assertFalse(c.state.value.thinking)
    }
}

class NavigatorTest {
    @Test
    fun `screens stack up and back returns to home, then leaves`() {
        val n = Navigator()
        assertEquals(Screen.Home, n.current.value)
        n.open(Screen.NewGame)
        n.open(Screen.NewGame)
        assertEquals(listOf(Screen.Home, Screen.NewGame), n.backStack)
        n.replaceTop(Screen.Game(null))
        assertEquals(listOf(Screen.Home, Screen.Game(null)), n.backStack)
        n.open(Screen.Settings)
        assertTrue(n.back())
        assertEquals(Screen.Game(null), n.current.value)
        assertTrue(n.back())
        assertFalse(n.back())
        assertEquals(Screen.Home, n.current.value)
    }

    @Test
    fun `home clears the stack`() {
        val n = Navigator()
        n.open(Screen.Settings)
        n.open(Screen.Game(4))
        n.home()
        assertEquals(listOf(Screen.Home), n.backStack)
    }
}

class AppControllerTest {
    @Test
    fun `a new game is played, listed on home, resumed and deleted`(@TempDir dir: Path) {
        Store.open(dir.resolve("app.db").toString()).use { store ->
            val app = AppController(store, now, Dispatchers.Unconfined)
            app.refresh()
            assertEquals(emptyList<SavedGameRow>(), app.home.value.games)

            app.navigator.open(Screen.NewGame)
            app.startGame(NewGameForm(handicap = Handicap.CHARIOT))
            assertEquals(listOf(Screen.Home, Screen.Game(null)), app.navigator.backStack)
            val game = app.game!!
            game.tap(game.state.value.orientation.cellOf(point(7, 2)))
            game.tap(game.state.value.orientation.cellOf(point(4, 2)))
            assertTrue(app.back())
            assertNull(app.game)

            val row = app.home.value.games.single()
            assertEquals("Xiangqi: Person vs Person", row.title)
            assertEquals("1 move · in progress", row.subtitle)

            app.resumeGame(row.id)
            assertEquals(Screen.Game(row.id), app.navigator.current.value)
            assertEquals(listOf(MoveRow(1, "C2=5", null)), app.game!!.state.value.moves)
            app.back()
            app.deleteGame(row.id)
            assertEquals(emptyList<SavedGameRow>(), app.home.value.games)
            app.resumeGame(row.id)
            assertEquals("there is no saved game ${row.id}", app.home.value.message)
            assertEquals(Screen.Home, app.navigator.current.value)
        }
    }

    @Test
    fun `a new game the core refuses is reported on the home screen`() {
        Store.inMemory().use { store ->
            val app = AppController(store, now, Dispatchers.Unconfined)
            app.navigator.open(Screen.NewGame)
            // A handicap is Xiangqi's: Jeson Mor has none.
            app.startGame(NewGameForm(variant = Variant.JESON_MOR, handicap = Handicap.HORSE))
            assertNull(app.game)
            assertEquals(Screen.Home, app.navigator.current.value)
            assertEquals("jesonmor has no handicaps", app.home.value.message)
        }
    }

    @Test
    fun `every game of the family starts from the form`() {
        Store.inMemory().use { store ->
            for (variant in Variant.entries) {
                val app = AppController(store, now, Dispatchers.Unconfined)
                app.startGame(NewGameForm(variant = variant))
                assertNotNull(app.game, "$variant")
                assertTrue(app.navigator.current.value is Screen.Game, "$variant")
            }
        }
    }

    @Test
    fun `the new-game form seats the bot opposite the person`() {
        val red = NewGameForm(botLevel = "casual").options()
        assertEquals(Player.Person to Player.Bot("casual"), red.first to red.second)
        val black = NewGameForm(botLevel = "club", personSide = Side.SECOND).options()
        assertEquals(Player.Bot("club") to Player.Person, black.first to black.second)
        val people = NewGameForm(personSide = Side.SECOND).options()
        assertEquals(Player.Person to Player.Person, people.first to people.second)
    }

    @Test
    fun `a bot game is started from the form, left while the bot is to move and resumed`(@TempDir dir: Path): Unit = runBlocking {
        Store.open(dir.resolve("app.db").toString()).use { store ->
            val app = AppController(store, this, Dispatchers.Unconfined)
            assertEquals(listOf("novice", "beginner", "casual", "intermediate", "club", "full"), app.levels.map { it.id })
            assertEquals("Nováčik", Texts.levelName(app.levels[0], "sk"))
            app.navigator.open(Screen.NewGame)
            app.startGame(NewGameForm(botLevel = "beginner", personSide = Side.SECOND))
            val game = app.game!!
            assertTrue(game.state.value.orientation.flipped, "Black, the person, at the bottom")
            game.awaitBot()
            assertEquals(1, game.game.moves().size)
            // The person answers; leaving at once stops the bot before it replies.
            game.tap(game.state.value.orientation.cellOf(point(7, 7)))
            game.tap(game.state.value.orientation.cellOf(point(4, 7)))
            assertEquals(2, game.game.moves().size)
            assertTrue(app.back())
            game.awaitBot()
            assertEquals(2, game.game.moves().size, "a game left behind plays no bot move")

            val row = app.home.value.games.single()
            assertEquals("Xiangqi: Bot (Beginner) vs Person", row.title)
            assertEquals("2 moves · in progress", row.subtitle)
            app.resumeGame(row.id)
            val resumed = app.game!!
            assertTrue(resumed.state.value.thinking, "the bot to move thinks as soon as the game is open")
            resumed.awaitBot()
            assertEquals(3, resumed.game.moves().size)
            assertEquals(3u, store.listGames().single().plyCount)
        }
    }

    @Test
    fun `settings are saved and used by the next game`(@TempDir dir: Path) {
        Store.open(dir.resolve("app.db").toString()).use { store ->
            val app = AppController(store, now, Dispatchers.Unconfined)
            assertTrue(app.updateSettings(app.settings.copy(pieceStyle = PieceStyle.LETTERS)))
            app.startGame(NewGameForm())
            assertEquals("R", app.game!!.state.value.cells[0].label)
            assertEquals(PieceStyle.LETTERS, AppController(store, now, Dispatchers.Unconfined).settings.pieceStyle)
        }
    }
}
