// The rules course's state holders through the real library: the same checks as
// bindings/kotlin/src/test/kotlin/app/rodina/state/CourseTest.kt on the JVM. Runs on a Mac
// after ios/build-xcframework.sh: `cd ios/RodinaCore && swift test`.

import Foundation
import XCTest
@testable import RodinaCore

/// An exercise of each game's shipped course and its solution within par: Jeson Mor's first
/// leap, the Xiangqi chariot's two targets (the opponent passes between), a Friendly chess
/// chain, and a Jieqi face-down piece moving as the piece of its point.
private let solutions: [(Variant, String, [String])] = [
    (.jesonMor, "leap", ["e1f3"]),
    (.xiangqi, "chariot", ["a1a6", "a6h6"]),
    (.friendly, "chain", ["d1d4>d5"]),
    (.jieqi, "hidden-chariot", ["a1a5"]),
]

/// The stars the list shows for exercise `id`.
private func stars(_ state: CourseListState, _ id: String) -> Int? {
    state.lessons.flatMap { $0.exercises }.first { $0.id == id }.map { Int($0.stars) }
}

@MainActor
extension Harness {
    /// Opens `variant`'s course list as the player does, from the game's page; waits until it
    /// is read.
    func courseList(_ variant: Variant, file: StaticString = #filePath, line: UInt = #line) async throws -> CourseController {
        app.openGameHome(variant)
        app.openCourse(variant)
        let c = try XCTUnwrap(app.course, file: file, line: line)
        try await eventually("the course read", file: file, line: line) { !c.state.loading && !c.state.lessons.isEmpty }
        return c
    }

    /// Opens exercise `id` of `variant`'s course from its list; waits until the player is to
    /// move.
    func exercise(_ variant: Variant, _ id: String, file: StaticString = #filePath, line: UInt = #line) async throws -> ExerciseController {
        _ = try await courseList(variant, file: file, line: line)
        app.openExercise(variant, id: id)
        let c = try XCTUnwrap(app.exercise, file: file, line: line)
        try await awaitPlaying(c)
        return c
    }

    /// Waits until `c` shows an exercise with the player to move.
    func awaitPlaying(_ c: ExerciseController) async throws {
        try await eventually("the player to move") { !c.state.loading && c.state.phase == .playing }
    }

    /// Enters `text` by taps, point after point (a chain's every step), as the player taps them.
    func enter(_ c: ExerciseController, _ text: String) {
        for p in pointsOf(text) { c.tap(c.state.orientation.cell(of: p)) }
    }

    /// Plays `line`, each move once the player is to move again (after a reply or a pass).
    func play(_ c: ExerciseController, _ line: [String]) async throws {
        for move in line {
            try await awaitPlaying(c)
            enter(c, move)
        }
    }

    /// Waits until `c`'s try is over in `phase` and its score (if any) is written.
    func over(_ c: ExerciseController, _ phase: CoursePhase) async throws -> ExerciseScreenState {
        try await eventually("the try over") { c.state.phase == phase }
        await c.settle()
        return c.state
    }
}

final class CourseTests: XCTestCase {
    @MainActor
    func testAnExerciseOfEachGameIsCompletedByTapsAndItsStarsShowOnTheListAndTheGamesPage() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        for (variant, id, line) in solutions {
            let list = try await h.courseList(variant)
            try await eventually("the course card") { h.app.home.courseOf(variant)?.overview != nil }
            let card = try XCTUnwrap(h.app.home.courseOf(variant))
            let count = Int(card.overview?.exercises ?? 0)
            XCTAssertEqual(card.title, "Rules course")
            XCTAssertEqual(card.solved, "0 of \(count) exercises solved")
            XCTAssertTrue((15...25).contains(count), "\(variant): \(count) exercises")
            XCTAssertEqual(stars(list.state, id), 0)
            XCTAssertEqual(list.state.continueLabel, "Continue")
            h.app.openExercise(variant, id: id)
            let c = try XCTUnwrap(h.app.exercise)
            XCTAssertEqual(h.app.navigator.current, .exercise(variant))
            try await h.awaitPlaying(c)
            let s = c.state
            XCTAssertFalse(s.goal.isEmpty || s.title.isEmpty || s.lessonTitle.isEmpty)
            XCTAssertTrue(s.number.hasPrefix("Exercise "), s.number)
            XCTAssertTrue(s.status.hasPrefix("Your move"), s.status)
            XCTAssertTrue(s.bottomBar?.title.hasSuffix("· You") ?? false)
            // The targets, where the exercise has any, are marked on the board.
            XCTAssertEqual(s.targetsText != nil, s.cells.contains { $0.goal }, id)
            XCTAssertTrue(s.canHint && !s.canRetry && !s.canNext)
            try await h.play(c, line)
            let solved = try await h.over(c, .solved)
            XCTAssertEqual(solved.result, "Solved!")
            XCTAssertEqual(solved.stars, 3)
            XCTAssertEqual(solved.starsText, "3 of 3 stars")
            XCTAssertEqual(solved.bestText, "A new best score!")
            XCTAssertTrue(solved.scoreText?.hasSuffix("points") ?? false, solved.scoreText ?? "")
            XCTAssertFalse(solved.doneText?.isEmpty ?? true)
            XCTAssertFalse(solved.cells.contains { $0.goal }, "every target collected")
            XCTAssertTrue(solved.canRetry && solved.canNext)
            // Back on the list, the exercise has its stars; back on the game's page, the course its count.
            XCTAssertTrue(h.app.back())
            try await eventually("the list's stars") { !list.state.loading && stars(list.state, id) == 3 }
            XCTAssertEqual(list.state.solved, "1 of \(count) exercises solved")
            XCTAssertTrue(h.app.back())
            try await eventually("the page's course") { h.app.home.courseOf(variant)?.overview?.solved == 1 }
            let updated = try XCTUnwrap(h.app.home.courseOf(variant))
            XCTAssertEqual(updated.solved, "1 of \(count) exercises solved")
            XCTAssertEqual(updated.stars, "3 of \(3 * count) stars")
            h.app.goHome()
        }
        h.assertNothingOnMain()
    }

    @MainActor
    func testAFailureSaysWhyAndARetryStartsAgain() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        // The knight on e5 is left to the guard on c6: the move fails the exercise at once.
        let c = try await h.exercise(.jesonMor, "clear-the-way")
        h.enter(c, "d3e5")
        let failed = try await h.over(c, .failed)
        XCTAssertEqual(failed.failure, .pieceLeftToBeTaken)
        XCTAssertEqual(failed.result, "A piece of yours was left to be taken. Try again.")
        XCTAssertEqual(failed.status, failed.result)
        XCTAssertEqual(failed.moves.reduce(0) { $0 + ($1.first == nil ? 0 : 1) + ($1.second == nil ? 0 : 1) }, 1, "the move alone")
        XCTAssertEqual(failed.stars, 0)
        // Tried again, or left for the next one.
        XCTAssertTrue(failed.canRetry && failed.canNext)
        c.retry()
        try await h.awaitPlaying(c)
        XCTAssertEqual(c.state.movesText, "Moves: 0 · par 3")
        XCTAssertTrue(c.state.moves.isEmpty)
        // A tap that means nothing says why, and fails nothing.
        c.tap(c.state.orientation.cell(of: point(0, 0)))
        XCTAssertNotNil(c.state.message)
        XCTAssertEqual(c.state.phase, .playing)
        // Taking the guard first, then the centre and out: solved in par.
        try await h.play(c, ["b4c6", "d3e5", "e5f7"])
        let solved = try await h.over(c, .solved)
        XCTAssertEqual(solved.stars, 3)
        XCTAssertTrue(h.app.back())

        // A check where the script is silent: the general answers, shown as a reply, and the
        // chariot goes on to both targets.
        let chariot = try await h.exercise(.xiangqi, "chariot")
        try await h.play(chariot, ["a1a10", "a10a6", "a6h6"])
        let answered = try await h.over(chariot, .solved)
        XCTAssertEqual(answered.moves.reduce(0) { $0 + ($1.first == nil ? 0 : 1) + ($1.second == nil ? 0 : 1) }, 4, "three moves and the answer")
        XCTAssertTrue(h.app.back())

        // A move that leaves the scripted line of checks ends the exercise with its reason.
        let checks = try await h.exercise(.xiangqi, "endless-checks")
        h.enter(checks, "e2e3")
        let off = try await h.over(checks, .failed)
        XCTAssertEqual(off.failure, .offScript)
        XCTAssertTrue(off.result?.hasPrefix("Your move left the line this exercise follows") ?? false)
        XCTAssertTrue(h.app.back())

        // A try at a move the rules forbid, where the exercise teaches that rule.
        let flying = try await h.exercise(.xiangqi, "flying-general")
        h.enter(flying, "e5")
        let illegal = try await h.over(flying, .failed)
        XCTAssertEqual(illegal.failure, .illegalMoveTried)
        XCTAssertEqual(illegal.refusalText, "The horse on e5 has no legal move.")
        XCTAssertEqual(illegal.result, "That move is not allowed here. Try again.")
        XCTAssertTrue(h.app.back())
        let list = try XCTUnwrap(h.app.course)
        try await eventually("the list read") { !list.state.loading }
        XCTAssertEqual(stars(list.state, "flying-general"), 0)
        h.assertNothingOnMain()
    }

    @MainActor
    func testStarsAndTheBestScoreStayInTheDatabaseAcrossAReopen() async throws {
        let dir = try temporaryDirectory(for: self)
        let h = Harness(dir: dir)
        try await h.start()
        let c = try await h.exercise(.jesonMor, "two-leaps")
        // Three moves for a par of two: two stars.
        try await h.play(c, ["e1c2", "c2b4", "b4d3"])
        let slow = try await h.over(c, .solved)
        XCTAssertEqual(slow.stars, 2)
        XCTAssertEqual(slow.starsText, "2 of 3 stars")
        XCTAssertTrue(h.app.back())
        let first = try XCTUnwrap(h.app.course)
        try await eventually("the list's stars") { !first.state.loading && stars(first.state, "two-leaps") == 2 }
        h.app.goHome()
        await h.app.flushSaves()
        // Another start reads them back from the file, and a better try replaces them.
        let again = Harness(dir: dir)
        try await again.start()
        let list = try await again.courseList(.jesonMor)
        try await eventually("the stars read back") { stars(list.state, "two-leaps") == 2 }
        let entry = list.state.lessons.flatMap { $0.exercises }.first { $0.id == "two-leaps" }
        XCTAssertEqual(entry?.bestText, "400 points")
        XCTAssertEqual(list.state.next, "leap", "the first exercise is still to solve")
        again.app.openExercise(.jesonMor, id: "two-leaps")
        let d = try XCTUnwrap(again.app.exercise)
        try await again.play(d, ["e1d3", "d3b4"])
        let fast = try await again.over(d, .solved)
        XCTAssertEqual(fast.stars, 3)
        XCTAssertEqual(fast.bestText, "A new best score!")
        // A slower try after it leaves the best as it was, and says so.
        d.retry()
        try await again.play(d, ["e1c2", "c2b4", "b4d3"])
        let slower = try await again.over(d, .solved)
        XCTAssertEqual(slower.bestText, "Best so far: 600 points")
        XCTAssertTrue(again.app.back())
        try await eventually("the better stars") { !list.state.loading && stars(list.state, "two-leaps") == 3 }
        await again.app.flushSaves()
        let stored = try Courses.embedded().overview(store: try Store.open(path: h.dbPath), variant: .jesonMor, language: .english)
        XCTAssertEqual(stored.lessons.flatMap { $0.exercises }.first { $0.id == "two-leaps" }?.best?.points, 600)
        again.assertNothingOnMain()
        h.assertNothingOnMain()
    }

    @MainActor
    func testHintsTheNextExerciseAndTheGamesPageInSlovak() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), locale: "sk-SK")
        try await h.start()
        let c = try await h.exercise(.jieqi, "hidden-chariot")
        let s = c.state
        XCTAssertEqual(s.language, .slovak)
        XCTAssertTrue(s.goal.hasPrefix("Presuňte zakrytú"), s.goal)
        XCTAssertEqual(s.status, "Ste na ťahu (Červený)")
        XCTAssertTrue(s.number.hasPrefix("Cvičenie 1/"), s.number)
        // The face-down piece shows its back: nothing says what it is.
        XCTAssertEqual(s.cells.first { $0.point == point(0, 0) }?.piece?.piece.faceDown, true)
        c.hint()
        XCTAssertEqual(c.state.hints.count, 1)
        XCTAssertFalse(c.state.canHint, "one hint, no more")
        try await h.play(c, ["a1a5"])
        let solved = try await h.over(c, .solved)
        XCTAssertEqual(solved.result, "Vyriešené!")
        XCTAssertEqual(solved.starsText, "Hviezdy: 3/3")
        XCTAssertEqual(solved.cells.first { $0.point == point(0, 4) }?.piece?.piece.faceDown, false, "turned up by its move")
        c.next()
        try await h.awaitPlaying(c)
        XCTAssertTrue(c.state.number.hasPrefix("Cvičenie 2/"), c.state.number)
        XCTAssertTrue(c.state.hints.isEmpty)
        XCTAssertNil(c.state.result)
        XCTAssertTrue(h.app.back())
        XCTAssertTrue(h.app.back())
        // The game's page: its entry on the game's home, its sections in Slovak.
        XCTAssertEqual(h.app.home.pageEntry, "O hre")
        h.app.openGamePage(.xiangqi)
        XCTAssertEqual(h.app.navigator.current, .gamePage(.xiangqi))
        let page = gamePageState(.xiangqi, language: .slovak)
        XCTAssertEqual(page.title, "Siang-čchi: o hre")
        XCTAssertNil(page.problem)
        XCTAssertEqual(page.sections.first?.kind, .rules)
        XCTAssertTrue(page.sections.allSatisfy { sec in !sec.parts.isEmpty && sec.parts.allSatisfy { !$0.text.isEmpty } })
        XCTAssertFalse(page.summary.isEmpty)
        XCTAssertEqual(gamePageState(.xiangqi, language: .english).title, "About Xiangqi")
        h.assertNothingOnMain()
    }
}
