package app.rodina.state

import app.rodina.core.CourseFailure
import app.rodina.core.CoursePhase
import app.rodina.core.Courses
import app.rodina.core.Language
import app.rodina.core.PageSectionKind
import app.rodina.core.Store
import app.rodina.core.Variant
import java.nio.file.Path
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir

private const val WAIT = 30_000L

/**
 * An exercise of each game's shipped course and its solution within par: Jeson Mor's first
 * leap, the Xiangqi chariot's two targets (the opponent passes between), a Friendly chess
 * chain, and a Jieqi face-down piece moving as the piece of its point.
 */
private val SOLUTIONS = listOf(
    Triple(Variant.JESON_MOR, "leap", listOf("e1f3")),
    Triple(Variant.XIANGQI, "chariot", listOf("a1a6", "a6h6")),
    Triple(Variant.FRIENDLY, "chain", listOf("d1d4>d5")),
    Triple(Variant.JIEQI, "hidden-chariot", listOf("a1a5")),
)

/** Opens [variant]'s course list as the player does, from the game's page; waits until it is read. */
private fun Harness.courseList(variant: Variant): CourseController {
    val c = onMain {
        app.openGameHome(variant)
        app.openCourse(variant)
        requireNotNull(app.course)
    }
    runBlocking { withTimeout(WAIT) { c.state.first { !it.loading && it.lessons.isNotEmpty() } } }
    return c
}

/** Opens exercise [id] of [variant]'s course from its list; waits until the player is to move. */
private fun Harness.exercise(variant: Variant, id: String): ExerciseController {
    courseList(variant)
    val c = onMain {
        app.openExercise(variant, id)
        requireNotNull(app.exercise)
    }
    awaitPlaying(c)
    return c
}

/** Waits until [c] shows an exercise with the player to move. */
private fun Harness.awaitPlaying(c: ExerciseController): ExerciseScreenState = runBlocking {
    withTimeout(WAIT) { c.state.first { !it.loading && it.phase == CoursePhase.PLAYING } }
}

/** Enters [text] by taps, point after point (a chain's every step), as the player taps them. */
private fun Harness.enter(c: ExerciseController, text: String) {
    for (p in pointsOf(text)) onMain { c.tap(c.state.value.orientation.cellOf(p)) }
}

/** Plays [line], each move once the player is to move again (after a reply or a pass). */
private fun Harness.play(c: ExerciseController, line: List<String>) {
    for (move in line) {
        awaitPlaying(c)
        enter(c, move)
    }
}

/** Waits until [c]'s try is over in [phase] and its score (if any) is written. */
private fun Harness.over(c: ExerciseController, phase: CoursePhase): ExerciseScreenState {
    runBlocking { withTimeout(WAIT) { c.state.first { it.phase == phase } } }
    onMain { c.settle() }
    return c.state.value
}

/** The stars the list shows for exercise [id], once they are [stars]. */
private fun CourseController.awaitStars(id: String, stars: Int): CourseListState = runBlocking {
    withTimeout(WAIT) {
        state.first { s -> !s.loading && s.lessons.flatMap { it.exercises }.any { it.id == id && it.stars.toInt() == stars } }
    }
}

class CourseTest {
    @TempDir lateinit var dir: Path

    @Test
    fun `an exercise of each game is completed by taps, and its stars show on the list and the game's page`(): Unit =
        Harness(dir).use { h ->
            h.start()
            for ((variant, id, line) in SOLUTIONS) {
                val list = h.courseList(variant)
                val card = runBlocking {
                    withTimeout(WAIT) { h.app.home.first { it.courseOf(variant)?.overview != null } }
                }.courseOf(variant)!!
                val count = card.overview!!.exercises.toInt()
                assertEquals("Rules course", card.title)
                assertEquals("0 of $count exercises solved", card.solved)
                assertTrue(count in 15..25, "$variant: $count exercises")
                assertEquals(id, list.state.value.lessons.flatMap { it.exercises }.first { it.id == id }.id)
                assertEquals("Continue", list.state.value.continueLabel)
                h.onMain { h.app.openExercise(variant, id) }
                val c = requireNotNull(h.app.exercise)
                assertEquals(Screen.Exercise(variant), h.app.navigator.current.value)
                val s = h.awaitPlaying(c)
                assertTrue(s.goal.isNotEmpty() && s.title.isNotEmpty() && s.lessonTitle.isNotEmpty())
                assertTrue(s.number.startsWith("Exercise "), s.number)
                assertTrue(s.status.startsWith("Your move"), s.status)
                assertTrue(s.bottomBar!!.title.endsWith("· You"), s.bottomBar!!.title)
                // The targets, where the exercise has any, are marked on the board.
                assertEquals(s.targetsText != null, s.cells.any { it.goal }, id)
                assertTrue(s.canHint && !s.canRetry && !s.canNext)
                h.play(c, line)
                val solved = h.over(c, CoursePhase.SOLVED)
                assertEquals("Solved!", solved.result)
                assertEquals(3, solved.stars)
                assertEquals("3 of 3 stars", solved.starsText)
                assertEquals("A new best score!", solved.bestText)
                assertTrue(solved.scoreText!!.endsWith("points"), solved.scoreText)
                assertTrue(solved.doneText!!.isNotEmpty())
                assertTrue(solved.cells.none { it.goal }, "every target collected")
                assertTrue(solved.canRetry && solved.canNext)
                // Back on the list, the exercise has its stars; back on the game's page, the course its count.
                assertTrue(h.onMain { h.app.back() })
                val after = list.awaitStars(id, 3)
                assertEquals("1 of $count exercises solved", after.solved)
                assertTrue(h.onMain { h.app.back() })
                val updated = runBlocking {
                    withTimeout(WAIT) { h.app.home.first { it.courseOf(variant)?.overview?.solved == 1u } }
                }.courseOf(variant)!!
                assertEquals("1 of $count exercises solved", updated.solved)
                assertEquals("3 of ${3 * count} stars", updated.stars)
                h.onMain { h.app.navigator.home() }
            }
            h.assertNothingOnMain()
        }

    @Test
    fun `a failure says why, an answer in check is shown, and a retry starts again`(): Unit = Harness(dir).use { h ->
        h.start()
        // The knight on e5 is left to the guard on c6: the move fails the exercise at once.
        val c = h.exercise(Variant.JESON_MOR, "clear-the-way")
        h.enter(c, "d3e5")
        val failed = h.over(c, CoursePhase.FAILED)
        assertEquals(CourseFailure.PIECE_LEFT_TO_BE_TAKEN, failed.failure)
        assertEquals("A piece of yours was left to be taken. Try again.", failed.result)
        assertEquals(failed.result, failed.status)
        assertEquals(1, failed.moves.sumOf { listOfNotNull(it.first, it.second).size }, "the move alone")
        assertEquals(0, failed.stars)
        // Tried again, or left for the next one.
        assertTrue(failed.canRetry && failed.canNext)
        h.onMain { c.retry() }
        val again = h.awaitPlaying(c)
        assertEquals("Moves: 0 · par 3", again.movesText)
        assertTrue(again.moves.isEmpty())
        // A tap that means nothing says why, and fails nothing.
        h.onMain { c.tap(c.state.value.orientation.cellOf(point(0, 0))) }
        assertNotNull(c.state.value.message)
        assertEquals(CoursePhase.PLAYING, c.state.value.phase)
        // Taking the guard first, then the centre and out: solved in par.
        h.play(c, listOf("b4c6", "d3e5", "e5f7"))
        assertEquals(3, h.over(c, CoursePhase.SOLVED).stars)
        h.onMain { h.app.back() }

        // A check where the script is silent: the general answers, shown as a reply, and the
        // chariot goes on to both targets.
        val chariot = h.exercise(Variant.XIANGQI, "chariot")
        h.play(chariot, listOf("a1a10", "a10a6", "a6h6"))
        val answered = h.over(chariot, CoursePhase.SOLVED)
        assertEquals(4, answered.moves.sumOf { listOfNotNull(it.first, it.second).size }, "three moves and the answer")
        h.onMain { h.app.back() }

        // A move that leaves the scripted line of checks ends the exercise with its reason.
        val checks = h.exercise(Variant.XIANGQI, "endless-checks")
        h.enter(checks, "e2e3")
        val off = h.over(checks, CoursePhase.FAILED)
        assertEquals(CourseFailure.OFF_SCRIPT, off.failure)
        assertTrue(off.result!!.startsWith("Your move left the line this exercise follows"), off.result)
        h.onMain { h.app.back() }

        // A try at a move the rules forbid, where the exercise teaches that rule.
        val flying = h.exercise(Variant.XIANGQI, "flying-general")
        h.enter(flying, "e5")
        val illegal = h.over(flying, CoursePhase.FAILED)
        assertEquals(CourseFailure.ILLEGAL_MOVE_TRIED, illegal.failure)
        assertEquals("The horse on e5 has no legal move.", illegal.refusalText)
        assertEquals("That move is not allowed here. Try again.", illegal.result)
        h.onMain { h.app.back() }
        val list = requireNotNull(h.app.course)
        val read = runBlocking { withTimeout(WAIT) { list.state.first { !it.loading } } }
        assertEquals(0, read.lessons.flatMap { it.exercises }.first { it.id == "flying-general" }.stars.toInt())
        h.assertNothingOnMain()
    }

    @Test
    fun `stars and the best score stay in the database across a reopen`(): Unit = Harness(dir).use { h ->
        h.start()
        val c = h.exercise(Variant.JESON_MOR, "two-leaps")
        // Three moves for a par of two: two stars.
        h.play(c, listOf("e1c2", "c2b4", "b4d3"))
        val slow = h.over(c, CoursePhase.SOLVED)
        assertEquals(2, slow.stars)
        assertEquals("2 of 3 stars", slow.starsText)
        h.onMain { h.app.back() }
        requireNotNull(h.app.course).awaitStars("two-leaps", 2)
        h.onMain { h.app.navigator.home() }
        h.waitHome()
        // Another start reads them back from the file, and a better try replaces them.
        Harness(dir).use { again ->
            again.start()
            val list = again.courseList(Variant.JESON_MOR)
            list.awaitStars("two-leaps", 2)
            val entry = list.state.value.lessons.flatMap { it.exercises }.first { it.id == "two-leaps" }
            assertEquals("400 points", entry.bestText)
            assertEquals("leap", list.state.value.next, "the first exercise is still to solve")
            again.onMain { again.app.openExercise(Variant.JESON_MOR, "two-leaps") }
            val d = requireNotNull(again.app.exercise)
            again.play(d, listOf("e1d3", "d3b4"))
            val fast = again.over(d, CoursePhase.SOLVED)
            assertEquals(3, fast.stars)
            assertEquals("A new best score!", fast.bestText)
            // A slower try after it leaves the best as it was, and says so.
            again.onMain { d.retry() }
            again.play(d, listOf("e1c2", "c2b4", "b4d3"))
            assertEquals("Best so far: 600 points", again.over(d, CoursePhase.SOLVED).bestText)
            again.onMain { again.app.back() }
            list.awaitStars("two-leaps", 3)
            again.assertNothingOnMain()
        }
        val stored = Courses.embedded().overview(Store.open(h.dbPath), Variant.JESON_MOR, Language.ENGLISH)
        assertEquals(600u, stored.lessons.flatMap { it.exercises }.first { it.id == "two-leaps" }.best?.points)
        h.assertNothingOnMain()
    }

    @Test
    fun `hints, the next exercise and the game's page, in Slovak`(): Unit = Harness(dir, locale = "sk-SK").use { h ->
        h.start()
        val c = h.exercise(Variant.JIEQI, "hidden-chariot")
        val s = c.state.value
        assertEquals(Language.SLOVAK, s.language)
        assertTrue(s.goal.startsWith("Presuňte zakrytú"), s.goal)
        assertEquals("Ste na ťahu (Červený)", s.status)
        assertTrue(s.number.startsWith("Cvičenie 1/"), s.number)
        // The face-down piece shows its back: nothing says what it is.
        assertTrue(s.cells.single { it.point == point(0, 0) }.piece!!.piece.faceDown)
        h.onMain { c.hint() }
        assertEquals(1, c.state.value.hints.size)
        assertFalse(c.state.value.canHint, "one hint, no more")
        h.play(c, listOf("a1a5"))
        val solved = h.over(c, CoursePhase.SOLVED)
        assertEquals("Vyriešené!", solved.result)
        assertEquals("Hviezdy: 3/3", solved.starsText)
        assertFalse(solved.cells.single { it.point == point(0, 4) }.piece!!.piece.faceDown, "turned up by its move")
        h.onMain { c.next() }
        val next = h.awaitPlaying(c)
        assertTrue(next.number.startsWith("Cvičenie 2/"), next.number)
        assertTrue(next.hints.isEmpty())
        assertNull(next.result)
        h.onMain { h.app.back() }
        h.onMain { h.app.back() }
        // The game's page: its entry on the game's home, its sections in Slovak.
        assertEquals("O hre", h.app.home.value.pageEntry)
        h.onMain { h.app.openGamePage(Variant.XIANGQI) }
        assertEquals(Screen.GamePage(Variant.XIANGQI), h.app.navigator.current.value)
        val page = gamePageState(Variant.XIANGQI, Language.SLOVAK)
        assertEquals("Siang-čchi: o hre", page.title)
        assertNull(page.problem)
        assertEquals(PageSectionKind.RULES, page.sections.first().kind)
        assertTrue(page.sections.all { sec -> sec.parts.isNotEmpty() && sec.parts.all { it.text.isNotEmpty() } })
        assertTrue(page.summary.isNotEmpty())
        assertEquals("About Xiangqi", gamePageState(Variant.XIANGQI, Language.ENGLISH).title)
        h.assertNothingOnMain()
    }
}
