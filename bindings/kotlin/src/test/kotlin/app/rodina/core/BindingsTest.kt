package app.rodina.core

import app.rodina.state.point
import java.io.RandomAccessFile
import java.nio.file.Files
import java.nio.file.Path
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout

/** The Rust core through the generated bindings, on the JVM, as the Android app uses it. */
class BindingsTest {
    private fun passAndPlay(fen: String? = null, handicap: Handicap? = null) = NewGame(
        variant = Variant.XIANGQI,
        handicap = handicap,
        fen = fen,
        first = Player.Person,
        second = Player.Person,
    )

    private fun againstBot(level: String, seed: ULong, personSide: Side = Side.FIRST) = NewGame(
        variant = Variant.XIANGQI,
        handicap = null,
        fen = null,
        first = if (personSide == Side.FIRST) Player.Person else Player.Bot(level),
        second = if (personSide == Side.SECOND) Player.Person else Player.Bot(level),
        botSeed = seed,
    )

    /** The person's move: the first piece in board order that can move, to its first target. */
    private fun personMove(s: GameSession): MoveRecord {
        val view = s.view()
        for (pv in view.points) {
            if (pv.piece?.side != view.toMove) continue
            if (s.tap(pv.point) !is TapResult.Selected) continue
            val to = s.view().targets.first().point
            val moved = s.tap(to)
            assertTrue(moved is TapResult.Moved, "$moved")
            return (moved as TapResult.Moved).record
        }
        throw AssertionError("no move for the person in ${s.fen()}")
    }

    /** "b10" -> the point; the core's coordinate text, files a..i, ranks 1..10. */
    private fun pt(text: String) = point(text[0] - 'a', text.substring(1).toInt() - 1)

    /** Plays coordinate moves ("b3b5") by tapping the piece, then its destination. */
    private fun tapMove(s: GameSession, move: String): MoveRecord {
        val split = 1 + move.substring(1).indexOfFirst { it.isLetter() }
        val from = pt(move.substring(0, split))
        val to = pt(move.substring(split))
        assertEquals(TapResult.Selected(from), s.tap(from), "selecting for $move")
        val result = s.tap(to)
        assertTrue(result is TapResult.Moved, "playing $move gave $result")
        return (result as TapResult.Moved).record
    }

    @Test
    fun `a whole game is played by taps to checkmate`() {
        GameSession(passAndPlay()).use { s ->
            val start = s.view()
            assertEquals(90, start.points.size)
            assertEquals(32, start.points.count { it.piece != null })
            assertEquals(Awaiting.Person(Side.FIRST), start.awaiting)

            val played = listOf("b3b5", "a7a6", "b5c5", "f10e9", "c5c10").map { tapMove(s, it) }
            assertEquals(listOf("C8+2", "P1+1", "C8=7", "A6+5", "C7+5"), played.map { it.notation })
            assertEquals(listOf("C8+2", "P1+1", "C8=7", "A6+5", "C7+5"), s.moves().map { it.notation })

            val mate = GameOutcome.Win(Side.FIRST, WinReason.CHECKMATE)
            assertEquals(mate, s.outcome())
            val end = s.view()
            assertEquals(Awaiting.Nobody, end.awaiting)
            assertEquals(pt("e10"), end.check)
            assertEquals(pt("c10"), end.lastMove?.to)
            val refused = s.tap(pt("e10")) as TapResult.Refused
            assertEquals(RefusalKind.GAME_OVER, refused.refusal.kind)
            assertEquals("The game is over.", refused.refusal.message)
        }
    }

    @Test
    fun `selection shows targets and refusals say why`() {
        GameSession(passAndPlay()).use { s ->
            s.tap(pt("h3"))
            val view = s.view()
            assertEquals(pt("h3"), view.selected)
            assertEquals(12, view.targets.size)
            val h10 = view.points[9 * 9 + 7]
            assertEquals(pt("h10"), h10.point)
            assertTrue(h10.highlights.capture)

            val capture = s.tap(pt("h8")) as TapResult.Refused
            assertEquals(RefusalKind.ILLEGAL_MOVE, capture.refusal.kind)
            assertEquals("The cannon on h3 cannot move to h8.", capture.refusal.message)
            assertEquals(TapResult.Deselected, s.tap(pt("h3")))
            val theirs = s.tap(pt("h8")) as TapResult.Refused
            assertEquals(RefusalKind.OPPONENT_PIECE, theirs.refusal.kind)
            s.tap(pt("b1"))
            val blocked = s.tap(pt("b2")) as TapResult.Refused
            assertEquals(RefusalKind.ILLEGAL_MOVE, blocked.refusal.kind)
            assertEquals("The horse on b1 cannot move to b2.", blocked.refusal.message)
            // The typed reason, for a message catalog in the player's language.
            assertEquals(
                RefusalReason.IllegalMove(
                    IllegalMoveReason.CannotReach(PieceKind.HORSE, false, pt("b1"), pt("b2")),
                ),
                blocked.refusal.reason,
            )
            assertEquals(
                RefusalReason.OpponentPiece(Variant.XIANGQI, Side.FIRST),
                theirs.refusal.reason,
            )

            val dragged = s.drag(pt("b1"), pt("c3")) as TapResult.Moved
            assertEquals("H8+7", dragged.record.notation)
            assertTrue(s.undo())
            assertFalse(s.undo())
        }
    }

    @Test
    fun `a game is saved, resumed from another store handle and continued`(@TempDir dir: Path) {
        val path = dir.resolve("rodina.db").toString()
        val (id, fen) = Store.open(path).use { store ->
            GameSession(passAndPlay(handicap = Handicap.HORSE)).use { s ->
                s.play("h3e3")
                s.play("H8+7")
                val id = s.save(store)
                assertEquals(id, s.savedId())
                id to s.fen()
            }
        }
        Store.open(path).use { store ->
            val games = store.listGames()
            assertEquals(1, games.size)
            assertEquals(2u, games[0].plyCount)
            assertNull(games[0].outcome)
            GameSession.resume(store, id).use { s ->
                assertEquals(fen, s.fen())
                assertEquals(listOf("h3e3", "h10g8"), s.moves().map { it.coordinate })
                assertNull(s.view().points[1].piece, "the horse given on b1 stays away")
                s.play("e3e7")
                // Pass-and-play: the side to move (Black) resigns.
                assertEquals(GameOutcome.Win(Side.FIRST, WinReason.RESIGNATION), s.resign())
                assertEquals(id, s.save(store))
            }
            val after = store.listGames().single()
            assertEquals(3u, after.plyCount)
            assertEquals(GameOutcome.Win(Side.FIRST, WinReason.RESIGNATION), after.outcome)
            assertTrue(store.deleteGame(id))
            assertThrows<RodinaException.NotFound> { GameSession.resume(store, id) }
        }
    }

    @Test
    fun `settings are kept in the store`(@TempDir dir: Path) {
        val path = dir.resolve("settings.db").toString()
        Store.open(path).use { store ->
            val defaults = store.settings()
            assertEquals(Settings(true, true, false, PieceStyle.CHARACTERS), defaults)
            store.setSettings(defaults.copy(rotateBoard = true, pieceStyle = PieceStyle.LETTERS))
        }
        Store.open(path).use { store ->
            assertEquals(Settings(true, true, true, PieceStyle.LETTERS), store.settings())
        }
    }

    @Test
    fun `a malformed FEN is an InvalidInput exception with the reason`() {
        val e = assertThrows<RodinaException.InvalidInput> {
            GameSession(passAndPlay(fen = "rnbakabnr/9/1c5c1 w - - 0 1"))
        }
        assertEquals("bad start position: FEN board has 3 ranks, expected 10", e.message)
        val e2 = assertThrows<RodinaException.InvalidInput> {
            GameSession(passAndPlay(fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"))
        }
        assertEquals(
            "bad start position: impossible position: the side that just moved has left its king attacked",
            e2.message,
        )
    }

    @Test
    fun `an illegal or unreadable move is an InvalidInput exception with the reason`() {
        GameSession(passAndPlay()).use { s ->
            val illegal = assertThrows<RodinaException.InvalidInput> { s.play("a1a5") }
            assertEquals("\"a1a5\" is not a legal move here: the chariot on a1 cannot move to a5", illegal.message)
            val nonsense = assertThrows<RodinaException.InvalidInput> { s.play("castle") }
            assertEquals("\"castle\" is not a move", nonsense.message)
            assertEquals(0, s.moves().size)
            s.resign()
            // A game that is over is an error of its own: the screen redraws the result.
            assertThrows<RodinaException.GameOver> { s.play("h3e3") }
        }
    }

    @Test
    fun `an unreadable database is a DatabaseDamaged exception and the file is left alone`(@TempDir dir: Path) {
        val file = dir.resolve("rodina.db")
        val junk = "not a database, only some words ".repeat(200).toByteArray()
        Files.write(file, junk)
        val e = assertThrows<RodinaException.DatabaseDamaged> { Store.open(file.toString()) }
        assertTrue(e.message!!.contains("is damaged or is not a database"), e.message)
        assertTrue(e.message!!.contains(file.toString()), e.message)
        assertArrayEquals(junk, Files.readAllBytes(file))
    }

    @Test
    fun `a database from a newer app version is a DatabaseTooNew exception`(@TempDir dir: Path) {
        val file = dir.resolve("rodina.db")
        Store.open(file.toString()).close()
        // SQLite keeps user_version, the schema version, at byte 60 of the header (big endian).
        RandomAccessFile(file.toFile(), "rw").use { f ->
            f.seek(60)
            f.writeInt(99)
        }
        val e = assertThrows<RodinaException.DatabaseTooNew> { Store.open(file.toString()) }
        assertTrue(e.message!!.contains("update the app"), e.message)
    }

    @Test
    fun `a database in a folder that does not exist is a Storage exception`(@TempDir dir: Path) {
        val e = assertThrows<RodinaException.Storage> {
            Store.open(dir.resolve("missing").resolve("rodina.db").toString())
        }
        assertTrue(e.message!!.contains("missing"), e.message)
    }

    @Test
    fun `a whole game against the Novice bot is played through the bindings`(): Unit = runBlocking {
        GameSession(againstBot("novice", 21uL)).use { s ->
            assertNull(s.playBotMove(), "Red, the person, is to move: the bot plays nothing")
            while (s.outcome() == null && s.moves().size < 300) {
                val mine = personMove(s)
                assertEquals(Side.FIRST, mine.side)
                if (s.outcome() != null) break
                assertEquals(Awaiting.Bot(Side.SECOND), s.view().awaiting)
                val reply = s.playBotMove()
                assertEquals(Side.SECOND, reply?.side)
                assertEquals(reply, s.moves().last())
            }
            val outcome = s.outcome()
            assertTrue(outcome is GameOutcome.Win && outcome.winner == Side.SECOND, "$outcome after ${s.moves().size} plies")
            assertEquals(Awaiting.Nobody, s.view().awaiting)
            assertNull(s.playBotMove())
        }
    }

    @Test
    fun `a game saved with the bot to move is resumed and the bot moves as it would have`(@TempDir dir: Path): Unit = runBlocking {
        val path = dir.resolve("bot.db").toString()
        Store.open(path).use { store ->
            GameSession(againstBot("casual", 5uL, personSide = Side.SECOND)).use { s ->
                assertEquals(5uL, s.botSeed())
                repeat(3) {
                    s.playBotMove()
                    personMove(s)
                }
                assertEquals(Awaiting.Bot(Side.FIRST), s.view().awaiting)
                val id = s.save(store)
                GameSession.resume(Store.open(path), id).use { back ->
                    assertEquals(5uL, back.botSeed())
                    assertEquals(Awaiting.Bot(Side.FIRST), back.view().awaiting)
                    val resumed = back.playBotMove(timeLimitMs = 10_000u)
                    assertEquals(7u, resumed?.ply)
                    assertEquals(s.playBotMove(), resumed, "the same game, level and seed give the same move")
                }
            }
        }
    }

    @Test
    fun `undo against the bot takes back its reply with the person's move`(): Unit = runBlocking {
        GameSession(againstBot("beginner", 9uL)).use { s ->
            personMove(s)
            s.playBotMove()
            personMove(s)
            s.playBotMove()
            assertEquals(4, s.moves().size)
            assertTrue(s.undo())
            assertEquals(2, s.moves().size)
            assertEquals(Awaiting.Person(Side.FIRST), s.view().awaiting)
        }
    }

    @Test
    fun `a reply the game no longer wants is dropped without an error`(): Unit = runBlocking {
        GameSession(againstBot("full", 4uL)).use { s ->
            s.play("h3e3")
            // The full-strength bot thinks for seconds; take the move back meanwhile.
            val pending = async(Dispatchers.Default) { s.playBotMove() }
            withTimeout(10_000) { while (!s.isThinking()) delay(1) }
            assertTrue(s.undo())
            assertNull(pending.await(), "the stale reply is not played")
            assertEquals(0, s.moves().size)
            assertFalse(s.isThinking())

            // stopThinking abandons the turn; the bot is still to move and can think again.
            s.play("h3e3")
            val stopped = async(Dispatchers.Default) { s.playBotMove() }
            withTimeout(10_000) { while (!s.isThinking()) delay(1) }
            s.stopThinking()
            assertNull(stopped.await())
            assertEquals(Awaiting.Bot(Side.SECOND), s.view().awaiting)
            val cut = s.playBotMove(timeLimitMs = 50u)
            assertEquals(Side.SECOND, cut?.side)
        }
    }

    @Test
    fun `the bot levels come with English and Slovak names, and an unknown level is refused`() {
        val levels = botLevels()
        assertEquals(listOf("novice", "beginner", "casual", "intermediate", "club", "full"), levels.map { it.id })
        assertEquals(BotLevel("casual", "Casual player", "Rekreačný hráč"), levels[2])
        val e = assertThrows<RodinaException.InvalidInput> { GameSession(againstBot("grandmaster", 1uL)) }
        assertTrue(e.message!!.startsWith("unknown level \"grandmaster\""), e.message)
    }

    @Test
    fun `the library and the bindings come from the same build`() {
        assertTrue(coreVersion().matches(Regex("""\d+\.\d+\.\d+.*""")), coreVersion())
    }

    @Test
    fun `puzzle errors say what to do about them, and the Store keeps the difficulty`() {
        val header = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,Variant,Generator"
        val damaged = assertThrows<RodinaException.PuzzleDamaged> { Puzzles.fromBanks(listOf("$header\nbroken\n")) }
        assertTrue(damaged.message!!.startsWith("a puzzle bank cannot be read"), damaged.message)
        val store = Store.inMemory()
        assertThrows<RodinaException.NotFound> { Puzzles.embedded().open(store, Variant.XIANGQI, "zz9") }
        assertEquals(Difficulty.NORMAL, store.puzzleDifficulty(Variant.JIEQI))
        store.setPuzzleDifficulty(Variant.JIEQI, Difficulty.HARDER)
        assertEquals(Difficulty.HARDER, store.puzzleDifficulty(Variant.JIEQI))
        assertEquals("Ťažšie", difficultyName(Language.SLOVAK, Difficulty.HARDER))
    }
}
