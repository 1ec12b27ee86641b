// The puzzle screen's state holder through the real library: the same checks as
// bindings/kotlin/src/test/kotlin/app/rodina/state/PuzzleTest.kt on the JVM. Runs on a Mac
// after ios/build-xcframework.sh: `cd ios/RodinaCore && swift test`.

import Foundation
import XCTest
@testable import RodinaCore

private let header =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,Variant,Generator"

/// One real puzzle of every game. Xiangqi, Jeson Mor and Friendly chess come from a seeded
/// run of the project's generator (verified with two lines); the Jieqi one is posed on Red's
/// view FEN and checked by hand (the soldier point turns up a soldier, then the chariot takes
/// the face-down piece on e7 and mates: the soldiers hold d10, e9 and f10).
private let everyGame: [(Variant, String)] = [
    (.xiangqi, "x1,1n1akab2/9/4b2c1/C3p4/6p2/1c3R1Nr/P1P1P4/Nr6B/5R3/2BAKA3 b - - 3 18,b5h5 f5f10 e10e9 f2f9,1500,300,0,0,mate mateIn2 short,,,xiangqi,1"),
    (.jesonMor, "m1,1n2n2nn/9/3nnn3/6n2/9/3N2N2/3NNN3/9/1N4N1N b - - 0 9,i9h7 e3c4 e7c6 d4c6,1500,300,0,0,material short,,,jesonmor,1"),
    (.friendly, "f2,rnbqkbnr/pp1p1ppp/8/8/3(Np)pP2/1P6/P1PPP1PP/RNBQKB1R w KQkq - - 0 5,g2g4 d8h4 c2c3 h4e1,1500,300,0,0,mate mateIn2 short sako,,,friendly,1"),
    (.jieqi, "j1,4k4/3P1P3/9/x3x4/9/9/9/9/9/4RK3 b c1p1 0 1,a7a6=p e1e7x(c),1500,300,0,0,mate mateIn1 oneMove,,,jieqi,1"),
]

/// A second Xiangqi puzzle, far easier: what the easiest difficulty chooses.
private let easyXiangqi =
    "x2,rnbakabnr/9/9/p1p1p1C1p/4c4/2P6/P5c1P/1CN6/8R/R1BAKABN1 w - - 2 6,i4i5 g4e4,700,300,0,0,mate mateIn1 oneMove cannonScreen,,,xiangqi,1"

/// A Friendly chess puzzle ending in a chain: the bishop goes to f7, the knight bonds it there,
/// then the pawn enters that bond and the bishop it releases goes on to bond the king on e8.
private let chain =
    "f1,rnbqkb1r/2ppp1p1/3n2P1/ppP4p/P1B1Pp2/1P6/3P1P1P/RNBQK1NR b KQkq - - 17 9,b8c6 c4f7 d6f7 g6f7>e8,1500,300,0,0,mate mateIn2 short chain sako,,,friendly,1"

/// Banks of `lines`, one per game, as the tests give them to the app.
private func banks(_ lines: [String]) -> @Sendable () -> Puzzles {
    var byGame: [String: [String]] = [:]
    for line in lines {
        let game = line.components(separatedBy: ",,,").last?.components(separatedBy: ",").first ?? ""
        byGame[game, default: []].append(line)
    }
    let texts = byGame.values.map { header + "\n" + $0.joined(separator: "\n") + "\n" }
    return {
        do {
            return try Puzzles.fromBanks(banks: texts)
        } catch {
            XCTFail("the test banks read: \(error)")
            return Puzzles.embedded()
        }
    }
}

/// The moves of a puzzle line: the opponent's first, then the player's and the replies.
private func movesOf(_ line: String) -> [String] {
    line.components(separatedBy: ",")[2].components(separatedBy: " ")
}

/// The points a move's text names, in order (Jieqi's notes and Friendly's promotions left
/// out); the course tests enter moves with it too.
func pointsOf(_ text: String) -> [Point] {
    let move = text.components(separatedBy: ":").last ?? text
    var points: [Point] = []
    let chars = Array(move)
    var i = 0
    while i < chars.count {
        if let file = "abcdefghi".firstIndex(of: chars[i]), i + 1 < chars.count, chars[i + 1].isNumber {
            var digits = String(chars[i + 1])
            if i + 2 < chars.count, chars[i + 1] == "1", chars[i + 2] == "0" { digits = "10" }
            let f = "abcdefghi".distance(from: "abcdefghi".startIndex, to: file)
            points.append(point(f, (Int(digits) ?? 1) - 1))
            i += 1 + digits.count
        } else {
            i += 1
        }
    }
    return points
}

@MainActor
extension Harness {
    /// Opens `variant`'s puzzles from its page, as the player does.
    func puzzles(_ variant: Variant, file: StaticString = #filePath, line: UInt = #line) throws -> PuzzleController {
        app.openGameHome(variant)
        app.openPuzzles(variant)
        return try XCTUnwrap(app.puzzle, file: file, line: line)
    }

    /// Waits until `c` shows a puzzle with the player to move (the opponent's move played).
    func awaitTurn(_ c: PuzzleController) async throws {
        try await eventually("the player to move") { !c.state.loading && c.state.phase == .solving }
    }

    /// Enters `text` by taps, point after point, as the player taps them.
    func enter(_ c: PuzzleController, _ text: String) {
        for p in pointsOf(text) { c.tap(c.state.orientation.cell(of: p)) }
    }

    /// Solves `c`'s puzzle, whose line is `line`, by taps, and waits for its attempt written.
    func solve(_ c: PuzzleController, _ line: String) async throws {
        let moves = movesOf(line)
        for i in stride(from: 1, to: moves.count, by: 2) {
            try await awaitTurn(c)
            enter(c, moves[i])
        }
        try await eventually("solved and recorded") { c.state.phase == .solved && c.state.change != nil }
        await c.settle()
    }
}

final class PuzzleTests: XCTestCase {
    @MainActor
    func testAPuzzleOfEachGameIsSolvedByTapsAndItsFirstAttemptRaisesTheRating() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), puzzlesOf: banks(everyGame.map { $0.1 }))
        try await h.start()
        for (variant, line) in everyGame {
            let c = try h.puzzles(variant)
            XCTAssertEqual(h.app.navigator.current, .puzzle(variant))
            try await h.awaitTurn(c)
            let s = c.state
            // The opponent's move is played and marked; the player's side at the bottom.
            XCTAssertEqual(s.moves.reduce(0) { $0 + ($1.first == nil ? 0 : 1) + ($1.second == nil ? 0 : 1) }, 1)
            XCTAssertTrue(s.cells.contains { $0.lastMove }, "the opponent's move is marked")
            XCTAssertTrue(s.status.hasPrefix("Your turn: find the best move for"), s.status)
            XCTAssertTrue(s.bottomBar?.title.hasSuffix("· You") ?? false)
            XCTAssertTrue(s.rated && s.canHint && s.canShowSolution && !s.canNext)
            XCTAssertEqual(s.rating, "Rating 1500?")
            XCTAssertTrue(s.themes.isEmpty, "the themes would give the answer away")
            try await h.solve(c, line)
            let solved = c.state
            XCTAssertEqual(solved.result, "Solved!")
            XCTAssertTrue(solved.change?.hasPrefix("+") ?? false, solved.change ?? "")
            XCTAssertTrue(solved.canNext && solved.canRetry && !solved.canHint)
            XCTAssertFalse(solved.themes.isEmpty)
            XCTAssertEqual(solved.progress, "1 puzzle solved · 1 attempt")
            XCTAssertTrue(h.app.back())
            try await eventually("the page's progress") {
                !h.app.home.loading && h.app.home.puzzlesOf(variant)?.progress?.solved == 1
            }
            let card = try XCTUnwrap(h.app.home.puzzlesOf(variant))
            // The game's page lists the progress from the catalog.
            XCTAssertEqual(card.title, "Puzzles")
            XCTAssertEqual(card.solved, "1 puzzle solved")
            XCTAssertEqual(card.attempts, "1 attempt")
            XCTAssertTrue(card.available)
            XCTAssertGreaterThan(card.progress?.rating.rating ?? 0, 1500)
            h.app.goHome()
        }
        h.assertNothingOnMain()
    }

    @MainActor
    func testAWrongMoveFailsThePuzzleTheRetryIsUnratedAndOnlyTheFirstAttemptMovesTheRating() async throws {
        let line = everyGame[1].1
        let h = Harness(dir: try temporaryDirectory(for: self), puzzlesOf: banks([line]))
        try await h.start()
        let c = try h.puzzles(.jesonMor)
        try await h.awaitTurn(c)
        // A knight that does not take: legal, and wrong. It is not played.
        h.enter(c, "d4b5")
        try await eventually("failed and recorded") { c.state.phase == .failed && c.state.change != nil }
        await c.settle()
        let failed = c.state
        XCTAssertEqual(failed.status, "d4b5 is not the move: the puzzle is failed.")
        XCTAssertEqual(failed.result, "Puzzle failed")
        XCTAssertTrue(failed.change?.hasPrefix("−") ?? false, failed.change ?? "")
        XCTAssertNotNil(failed.cells.first { $0.point == point(3, 3) }?.piece, "the knight stays on d4")
        // Tried again: unrated, the opponent's move shown anew, solved, and the rating stays.
        c.retry()
        try await h.awaitTurn(c)
        XCTAssertFalse(c.state.rated)
        XCTAssertNil(c.state.change)
        try await h.solve(c, line)
        XCTAssertEqual(c.state.change, "Not rated: only the first attempt at a puzzle counts.")
        XCTAssertEqual(c.state.rating, failed.rating, "the rating stays where the failure left it")
        XCTAssertEqual(c.state.progress, "1 puzzle solved · 2 attempts")
        // Nothing is left in this bank but the puzzle solved: the next one says so.
        c.next()
        try await eventually("no puzzle left") { !c.state.loading && c.state.empty != nil }
        XCTAssertEqual(c.state.empty, "You have solved every Jeson Mor puzzle.")
        h.assertNothingOnMain()
    }

    @MainActor
    func testTheDifficultyIsKeptAndTheNextPuzzleFollowsIt() async throws {
        let dir = try temporaryDirectory(for: self)
        let lines = [everyGame[0].1, easyXiangqi]
        let h = Harness(dir: dir, puzzlesOf: banks(lines))
        try await h.start()
        let c = try h.puzzles(.xiangqi)
        try await h.awaitTurn(c)
        XCTAssertEqual(c.state.difficulty, .normal)
        XCTAssertEqual(c.state.difficulties.count, 5)
        XCTAssertEqual(c.state.difficulties.first?.label, "Easiest")
        XCTAssertEqual(c.puzzle?.id(), "x1", "at 1500, normal: the puzzle rated 1500")
        // The easiest, then the puzzles again (nothing was tried): 600 below the rating,
        // where the puzzle rated 700 is.
        c.chooseDifficulty(.easiest)
        XCTAssertEqual(c.state.difficulty, .easiest)
        await c.settle()
        await h.app.flushSaves()
        XCTAssertTrue(h.app.back())
        let easy = try h.puzzles(.xiangqi)
        try await h.awaitTurn(easy)
        XCTAssertEqual(easy.puzzle?.id(), "x2")
        XCTAssertEqual(easy.state.difficulty, .easiest)
        XCTAssertTrue(h.app.back())
        try await h.waitHome()
        await h.app.flushSaves()
        // Kept in the database: another start reads it back.
        let again = Harness(dir: dir, puzzlesOf: banks(lines))
        try await again.start()
        let d = try again.puzzles(.xiangqi)
        try await again.awaitTurn(d)
        XCTAssertEqual(d.state.difficulty, .easiest)
        XCTAssertEqual(d.puzzle?.id(), "x2")
        again.assertNothingOnMain()
        h.assertNothingOnMain()
    }

    @MainActor
    func testAHintMarksThePieceToMoveAndTheSolutionIsSteppedThrough() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), puzzlesOf: banks([chain]))
        try await h.start()
        let c = try h.puzzles(.friendly)
        try await h.awaitTurn(c)
        c.hint()
        XCTAssertEqual(c.state.cells.filter { $0.hint }.map { $0.point }, [point(2, 3)], "the bishop on c4")
        XCTAssertEqual(c.state.hint, "Hint: the move starts on c4")
        c.showSolution()
        try await eventually("failed and recorded") { c.state.change != nil }
        var s = c.state
        XCTAssertEqual(s.phase, .failed)
        XCTAssertFalse(s.cells.contains { $0.hint })
        XCTAssertFalse(s.canStepBack)
        XCTAssertTrue(s.canStepForward)
        XCTAssertEqual(s.solution, "The solution, 3 moves: step through it")
        for _ in 0..<3 { c.stepSolution(forward: true) }
        s = c.state
        XCTAssertEqual(s.solution, "Solution: move 3 of 3")
        XCTAssertFalse(s.canStepForward)
        XCTAssertEqual(s.lastMove, "Last move: g6f7>e8")
        c.stepSolution(forward: false)
        XCTAssertEqual(c.state.solution, "Solution: move 2 of 3")
        h.assertNothingOnMain()
    }

    @MainActor
    func testAChainIsEnteredStepByStepInAPuzzle() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), puzzlesOf: banks([chain]))
        try await h.start()
        let c = try h.puzzles(.friendly)
        try await h.awaitTurn(c)
        h.enter(c, "c4f7")
        try await h.awaitTurn(c)
        // The pawn enters the bond on f7; the bishop released there hovers and must go on.
        c.tap(c.state.orientation.cell(of: point(6, 5)))
        c.tap(c.state.orientation.cell(of: point(5, 6)))
        let mid = c.state
        XCTAssertEqual(mid.cells.filter { $0.hovering }.map { $0.point }, [point(5, 6)])
        XCTAssertNotNil(mid.hoveringPiece)
        XCTAssertTrue(mid.canRestartMove)
        XCTAssertEqual(mid.phase, .solving)
        c.tap(c.state.orientation.cell(of: point(4, 7)))
        try await eventually("solved and recorded") { c.state.phase == .solved && c.state.change != nil }
        XCTAssertEqual(c.state.result, "Solved!")
        h.assertNothingOnMain()
    }

    @MainActor
    func testAGameWithoutPuzzlesSaysSoInSlovakToo() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), locale: "sk-SK", puzzlesOf: banks([easyXiangqi]))
        try await h.start()
        let c = try h.puzzles(.jieqi)
        try await eventually("the puzzles read") { !c.state.loading }
        XCTAssertEqual(c.state.empty, "Úlohy pre hru Ťie-čchi zatiaľ nie sú.")
        XCTAssertEqual(c.state.title, "Úlohy: Ťie-čchi")
        XCTAssertFalse(c.state.canNext || c.state.canHint)
        XCTAssertEqual(c.state.language, .slovak)
        XCTAssertTrue(h.app.back())
        try await eventually("the page's progress") { !h.app.home.loading && !h.app.home.puzzles.isEmpty }
        let card = try XCTUnwrap(h.app.home.puzzlesOf(.jieqi))
        XCTAssertFalse(card.available)
        XCTAssertEqual(card.solved, "0 vyriešených úloh")
        XCTAssertEqual(card.rating, "Hodnotenie 1500?")
        h.assertNothingOnMain()
    }
}
