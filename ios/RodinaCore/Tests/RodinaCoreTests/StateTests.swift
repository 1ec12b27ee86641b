// The state holders through the real library, as the iOS app uses them: the same checks as
// bindings/kotlin/src/test/kotlin/app/rodina/state/StateTest.kt on the JVM. Runs on a Mac
// after ios/build-xcframework.sh: `cd ios/RodinaCore && swift test`.

import Foundation
import XCTest
@testable import RodinaCore

final class OrientationTests: XCTestCase {
    func testUnflippedRedsBackRankIsTheBottomRow() {
        let o = Orientation(files: 9, ranks: 10, flipped: false)
        XCTAssertEqual(o.cell(of: point(0, 0)), Cell(column: 0, row: 9))
        XCTAssertEqual(o.cell(of: point(8, 9)), Cell(column: 8, row: 0))
        XCTAssertEqual(o.point(at: Cell(column: 4, row: 9)), point(4, 0))
    }

    func testFlippedTheBoardIsTurnedHalfRound() {
        let o = Orientation(files: 9, ranks: 10, flipped: true)
        XCTAssertEqual(o.cell(of: point(0, 0)), Cell(column: 8, row: 0))
        XCTAssertEqual(o.point(at: Cell(column: 8, row: 0)), point(0, 0))
    }

    func testCellsAndPointsMapBothWaysAndOffBoardCellsMapToNothing() {
        for (files, ranks) in [(9, 10), (9, 9), (8, 8)] {
            for flipped in [false, true] {
                let o = Orientation(files: files, ranks: ranks, flipped: flipped)
                for f in 0..<files {
                    for r in 0..<ranks {
                        XCTAssertEqual(o.point(at: o.cell(of: point(f, r))), point(f, r))
                    }
                }
                XCTAssertNil(o.point(at: Cell(column: files, row: 0)))
                XCTAssertNil(o.point(at: Cell(column: 0, row: -1)))
            }
        }
    }

    func testATouchFindsItsPoint() {
        let o = Orientation(files: 9, ranks: 10, flipped: false)
        XCTAssertEqual(o.point(atX: 5, y: 95, width: 90, height: 100), point(0, 0))
        XCTAssertEqual(o.point(atX: 89, y: 0, width: 90, height: 100), point(8, 9))
        XCTAssertNil(o.point(atX: 90, y: 50, width: 90, height: 100))
    }

    func testEachGameHasItsBoard() {
        XCTAssertEqual(boardKind(.xiangqi), .intersections)
        XCTAssertEqual(boardKind(.jieqi), .intersections)
        XCTAssertEqual(boardKind(.jesonMor), .squares9)
        XCTAssertEqual(boardKind(.friendly), .squares8)
    }
}

final class WholeGamesTests: XCTestCase {
    private let everyGame: [Variant] = [.xiangqi, .jieqi, .jesonMor, .friendly]

    @MainActor
    private func leaveAndFind(_ h: Harness, _ variant: Variant, plies: Int, finished: Bool) async throws {
        XCTAssertTrue(h.app.back())
        try await eventually("\(variant) listed on its page") {
            !h.app.home.loading && !h.app.home.savedOf(variant).isEmpty
        }
        let row = h.app.home.savedOf(variant)[0]
        XCTAssertTrue(row.subtitle.hasPrefix("\(plies) move"), "\(row.subtitle) after \(plies) plies")
        XCTAssertEqual(row.finished, finished)
    }

    @MainActor
    func testAWholeGameOfEachGameAgainstABotByTapsSavedAndListedOnItsPage() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        for (i, variant) in everyGame.enumerated() {
            let side: Side = i % 2 == 0 ? .first : .second
            let c = try h.newGame(variant, level: "novice", side: side)
            // The person's side sits at the bottom, the bot's bar on top.
            XCTAssertEqual(c.state.bottomBar?.side, side)
            let top = try XCTUnwrap(c.state.topBar)
            XCTAssertTrue(top.title.contains("Bot"), top.title)
            let plies = try await c.playToTheEnd(seed: UInt64(i))
            let s = c.state
            XCTAssertTrue(s.finished, "\(variant) ended after \(plies) plies: \(s.status)")
            XCTAssertNotNil(s.result)
            XCTAssertEqual(s.result, s.status)
            // Red always opens: a row per move number.
            XCTAssertEqual(s.moves.count, (plies + 1) / 2)
            try await leaveAndFind(h, variant, plies: plies, finished: true)
            h.app.goHome()
        }
        h.assertNothingOnMain()
    }

    @MainActor
    func testAWholeGameOfEachGameBetweenTwoPeopleOnOneDevice() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        for (i, variant) in everyGame.enumerated() {
            let c = try h.newGame(variant)
            var handOvers = 0
            // Jieqi hides pieces: every turn starts with the hand-over screen and no board.
            if variant == .jieqi {
                let s = c.state
                let handOver = try XCTUnwrap(s.handOver)
                XCTAssertTrue(s.cells.isEmpty && s.topBar == nil && s.moves.isEmpty)
                XCTAssertTrue(handOver.ready.contains("Red"), handOver.ready)
            }
            var random = SeededRandom(seed: UInt64(100 + i))
            while c.game.awaiting() != .nobody && c.game.moves().count < 1500 {
                if c.state.handOver != nil {
                    handOvers += 1
                    c.confirmHandOver()
                    XCTAssertNil(c.state.handOver)
                    XCTAssertFalse(c.state.cells.isEmpty)
                }
                let moved = c.playAMove(&random)
                XCTAssertTrue(moved, "\(variant): a move in \(c.game.fen())")
                if !moved { break }
            }
            let plies = c.game.moves().count
            XCTAssertTrue(c.state.finished, "\(variant): \(c.state.status)")
            if variant == .jieqi {
                XCTAssertEqual(handOvers, plies, "a hand-over before every move")
            } else {
                XCTAssertEqual(handOvers, 0)
            }
            try await leaveAndFind(h, variant, plies: plies, finished: true)
            h.app.goHome()
        }
        h.assertNothingOnMain()
    }
}

final class ResumeTests: XCTestCase {
    @MainActor
    func testEveryGameIsSavedResumedFromItsPageAndPlayedOnAndDeletedFromTheList() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        let games: [Variant] = [.xiangqi, .jieqi, .jesonMor, .friendly]
        for (i, variant) in games.enumerated() {
            // Against a bot that opens: the game is left with the bot to move after the
            // person's reply, and the bot moves when the game is opened again.
            let c = try h.newGame(variant, level: "beginner", side: .second)
            await c.awaitBot()
            var random = SeededRandom(seed: UInt64(i))
            // The reply, then the bot stopped before its turn can begin: both in one turn of
            // the main actor, so the bot's task (queued there) never starts thinking.
            XCTAssertTrue(c.playAMove(&random))
            c.stopBot()
            let played = c.game.moves().map(\.notation)
            XCTAssertTrue(h.app.back())
            try await eventually("\(variant) listed") { !h.app.home.loading && !h.app.home.savedOf(variant).isEmpty }
            let rows = h.app.home.savedOf(variant)
            XCTAssertEqual(rows.count, 1)
            let row = rows[0]
            XCTAssertTrue(row.subtitle.hasPrefix("\(played.count) moves"), row.subtitle)
            h.app.resumeGame(row.id)
            try await eventually("\(variant) resumed") { h.app.game != nil }
            let resumed = try XCTUnwrap(h.app.game)
            XCTAssertEqual(h.app.navigator.current, .game(savedId: row.id))
            await resumed.awaitBot()
            // The game goes on where it was left (in Jieqi from the saved truth): the moves as
            // they were, then the bot's, played on opening the game.
            let now = resumed.game.moves().map(\.notation)
            XCTAssertEqual(Array(now.dropLast()), played)
            XCTAssertEqual(now.count, played.count + 1, "the bot moved on resuming")
            XCTAssertTrue(h.app.back())
            h.app.deleteGame(row.id)
            try await eventually("\(variant) deleted") { !h.app.home.loading && h.app.home.savedOf(variant).isEmpty }
            h.app.goHome()
        }
        h.assertNothingOnMain()
    }
}

final class FriendlyEntryTests: XCTestCase {
    @MainActor
    private func controller(_ fen: String) throws -> GameController {
        let session = try GameSession(options: NewGame(variant: .friendly, fen: fen, first: .person, second: .person))
        return GameController(session: session, saver: nil, settings: AppController.defaultSettings, language: .english)
    }

    /// The screen cell of `square` ("e6") on `c`'s board as it is drawn now.
    @MainActor
    private func at(_ c: GameController, _ square: String) -> Cell {
        let file = Int(square.unicodeScalars.first!.value) - Int(("a" as Unicode.Scalar).value)
        let rank = Int(square.dropFirst())! - 1
        return c.state.orientation.cell(of: point(file, rank))
    }

    @MainActor
    func testAChainIsEnteredStepByStepStartedAgainAndFinished() throws {
        // White's knight on d4 enters the bond on e6 and releases the White pawn there.
        let c = try controller("4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1")
        c.tap(at(c, "d4"))
        let e6 = try XCTUnwrap(c.state.cells.first { $0.cell == at(c, "e6") })
        XCTAssertEqual(e6.target, .release)
        c.tap(at(c, "e6"))
        var s = c.state
        XCTAssertEqual(s.status, "The released pawn moves next")
        XCTAssertTrue(s.canRestartMove)
        let hovering = s.cells.filter { $0.hovering }
        XCTAssertEqual(hovering.count, 1)
        XCTAssertEqual(hovering.first?.cell, at(c, "e6"))
        XCTAssertNotNil(hovering.first?.partner, "the knight already stands in the bond, the pawn hovers over it")
        XCTAssertEqual(s.hoveringPiece?.piece.kind, .pawn)
        XCTAssertEqual(s.cells.filter { $0.target != nil }.map(\.cell), [at(c, "e7")])
        XCTAssertEqual(c.game.moves().count, 0)
        // Start again: the board is back as it was.
        c.restartMove()
        s = c.state
        XCTAssertFalse(s.canRestartMove)
        XCTAssertTrue(s.cells.allSatisfy { !$0.hovering && !$0.selected })
        XCTAssertNil(s.hoveringPiece)
        XCTAssertEqual(s.cells.first { $0.cell == at(c, "d4") }?.piece?.piece.kind, .knight)
        // And again, by a drag and a tap, to the end.
        c.drag(from: at(c, "d4"), to: at(c, "e6"))
        c.tap(at(c, "e7"))
        XCTAssertEqual(c.game.moves().map(\.coordinate), ["d4e6>e7"])
        XCTAssertEqual(c.state.moves.count, 1)
    }

    @MainActor
    func testAPromotionIsChosenFromThePiecesOffered() throws {
        let c = try controller("k7/4P3/8/8/8/8/8/4K3 w - - - 0 1")
        c.tap(at(c, "e7"))
        c.tap(at(c, "e8"))
        let promotion = try XCTUnwrap(c.state.promotion)
        XCTAssertEqual(promotion.title, "The pawn becomes")
        XCTAssertTrue(promotion.choices.contains { $0.piece.kind == .knight })
        c.choosePromotion(.knight)
        XCTAssertNil(c.state.promotion)
        XCTAssertEqual(c.game.moves().map(\.coordinate), ["e7e8=N"])
        XCTAssertEqual(c.state.cells.first { $0.cell == at(c, "e8") }?.piece?.label, "♘")
    }

    @MainActor
    func testAKingInDangerShowsInItsPlayersBar() throws {
        // Black's rook attacks White's king on e1.
        let c = try controller("4k3/8/8/8/8/8/8/r3K3 w - - - 0 1")
        let bottom = try XCTUnwrap(c.state.bottomBar)
        XCTAssertEqual(bottom.side, .first)
        XCTAssertTrue(bottom.threatened)
        XCTAssertEqual(c.state.topBar?.threatened, false)
    }

    @MainActor
    func testTwoPeopleAgreeADrawAndUndoTakesItBack() throws {
        let c = try controller("4k3/8/8/8/8/8/8/4K2R w - - - 0 1")
        XCTAssertTrue(c.state.canAgreeDraw)
        c.agreeDraw()
        XCTAssertTrue(c.state.finished)
        XCTAssertEqual(c.state.result, "Draw: the players agreed.")
        XCTAssertFalse(c.state.canAgreeDraw || c.state.canResign)
        c.undo()
        XCTAssertFalse(c.state.finished)
        XCTAssertTrue(c.state.canAgreeDraw)
        // Against a bot there is no draw to agree.
        let session = try GameSession(options: NewGame(
            variant: .jesonMor, fen: nil, first: .person, second: .bot(level: "novice")))
        let bot = GameController(session: session, saver: nil, settings: AppController.defaultSettings, language: .english)
        XCTAssertFalse(bot.state.canAgreeDraw)
    }
}

final class DefectsTests: XCTestCase {
    @MainActor
    func testTheDatabaseIsOpenedAndReadOffTheMainThread() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        var s = h.app.settings
        s.showLastMove = false
        h.app.updateSettings(s)
        h.app.refresh()
        try await h.waitHome()
        await h.app.flushSaves()
        h.assertNothingOnMain()
        XCTAssertEqual(h.recorder.openedOnMain.count, 1)
    }

    @MainActor
    func testTheHomeListIsReadAfterTheLastSaveOfAClosedGameLanded() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        let c = try h.newGame(.xiangqi)
        let storage = try XCTUnwrap(h.storage)
        storage.saveDelay = 0.3
        c.tapAMove()
        c.tapAMove()
        h.app.back()
        try await eventually("the list with the game") { !h.app.home.loading && !h.app.home.saved.isEmpty }
        XCTAssertEqual(h.app.home.saved.map(\.subtitle), ["2 moves · in progress"])
        h.assertNothingOnMain()
    }

    @MainActor
    func testAnOlderReadOfTheListThatComesBackLateDoesNotReplaceANewerOne() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        let storage = try XCTUnwrap(h.storage)
        // A read of the empty list, slow to come back; meanwhile a game is played and left.
        storage.slowNextList = true
        h.app.refresh()
        let c = try h.newGame(.xiangqi)
        c.tapAMove()
        h.app.back()
        try await eventually("the slow read back") { storage.slowListsReturned == 1 }
        // Its result reaches the main actor after its list came back: let it land.
        try await Task.sleep(nanoseconds: 100_000_000)
        try await eventually("the list read") { !h.app.home.loading }
        XCTAssertEqual(h.app.home.saved.map(\.subtitle), ["1 move · in progress"])
    }

    @MainActor
    func testAGameDeletedWhileItsLastSaveIsUnderWayStaysDeleted() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        let c = try h.newGame(.xiangqi)
        let storage = try XCTUnwrap(h.storage)
        c.tapAMove()
        try await eventually("the first save written") { storage.savesWritten >= 1 }
        let id = try XCTUnwrap(c.game.savedId())
        storage.saveDelay = 0.3
        c.tapAMove()
        // Left and deleted from its page at once: the second save is still being written.
        h.app.back()
        h.app.deleteGame(id)
        try await eventually("both saves written") { storage.savesWritten >= 2 }
        try await eventually("the list without the game") { !h.app.home.loading && h.app.home.saved.isEmpty }
        XCTAssertEqual(try Store.open(path: h.dbPath).listGames().count, 0)
    }

    @MainActor
    func testASaveUnderWayIsNotLostWhenTheScreensGoAway() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        var c: GameController? = try h.newGame(.jesonMor)
        let storage = try XCTUnwrap(h.storage)
        storage.saveDelay = 0.3
        // Two moves: the first save is being written, the second waits for it.
        c?.tapAMove()
        c?.tapAMove()
        // The scene is gone: every state holder with it, mid-save.
        c = nil
        h.app = nil
        try await eventually("both saves written") { storage.savesWritten >= 2 }
        let games = try Store.open(path: h.dbPath).listGames()
        XCTAssertEqual(games.map(\.plyCount), [2])
        XCTAssertNil(c)
    }

    @MainActor
    func testASaveProblemStaysUntilASaveSucceeds() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        let c = try h.newGame(.xiangqi)
        let storage = try XCTUnwrap(h.storage)
        storage.failSaves = true
        c.tapAMove()
        try await eventually("the save problem") { c.state.saveProblem != nil }
        let failed = c.state.saveProblem
        XCTAssertEqual(failed, "The game could not be saved: the disk is full")
        // The next states (a tap, a refusal) keep saying it.
        c.tap(Cell(column: 0, row: 0))
        c.tap(Cell(column: 4, row: 4))
        XCTAssertEqual(c.state.saveProblem, failed)
        // A save that succeeds clears it.
        storage.failSaves = false
        c.tapAMove()
        try await eventually("the problem cleared by a save") { c.state.saveProblem == nil && c.state.savedId != nil }
        h.assertNothingOnMain()
    }

    @MainActor
    private func againstTheFullBot(_ h: Harness) throws -> GameController {
        try h.newGame(.friendly, level: "full")
    }

    @MainActor
    func testAStoppedBotStaysStoppedUntilItIsLetGoOn() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), botTimeLimitMs: 20_000)
        try await h.start()
        let c = try againstTheFullBot(h)
        c.tapAMove()
        // Wait until the bot really thinks, then stop it.
        try await eventually("the bot thinking", stepNanoseconds: 1_000_000) { c.game.isThinking() }
        c.stopBot()
        await c.awaitBot()
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertFalse(c.game.isThinking(), "the bot does not start again by itself")
        XCTAssertTrue(c.state.botStopped)
        XCTAssertFalse(c.state.thinking)
        XCTAssertEqual(c.game.moves().count, 1)
        guard case .bot = c.game.awaiting() else { return XCTFail("the bot is still to move") }
        // Let go on, it thinks again (and is stopped again, so that the test stays quick).
        c.letBotGoOn()
        XCTAssertFalse(c.state.botStopped)
        try await eventually("the bot thinking again", stepNanoseconds: 1_000_000) { c.game.isThinking() }
        c.stopBot()
        await c.awaitBot()
        XCTAssertEqual(c.game.moves().count, 1)
    }

    @MainActor
    func testAnUndoWhileTheBotThinksDropsItsMoveAndTheBotWaits() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), botTimeLimitMs: 20_000)
        try await h.start()
        let c = try againstTheFullBot(h)
        c.tapAMove()
        try await eventually("the bot thinking", stepNanoseconds: 1_000_000) { c.game.isThinking() }
        c.undo()
        await c.awaitBot()
        // The person is to move again: the dropped reply does not make the bot think anew.
        XCTAssertEqual(c.game.moves().count, 0)
        XCTAssertEqual(c.game.awaiting(), .person(side: .first))
        XCTAssertFalse(c.game.isThinking())
        XCTAssertFalse(c.state.thinking)
        XCTAssertFalse(c.state.botStopped)
    }

    @MainActor
    func testABotLeftByAClosedScreenDoesNotThinkAgain() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self), botTimeLimitMs: 20_000)
        try await h.start()
        let c = try againstTheFullBot(h)
        c.tapAMove()
        try await eventually("the bot thinking", stepNanoseconds: 1_000_000) { c.game.isThinking() }
        XCTAssertTrue(h.app.back())
        await c.awaitBot()
        try await Task.sleep(nanoseconds: 300_000_000)
        XCTAssertFalse(c.game.isThinking())
        XCTAssertEqual(c.game.moves().count, 1)
        // Saved with the bot to move: it moves when the game is resumed.
        try await eventually("the list with the game") { !h.app.home.loading && !h.app.home.saved.isEmpty }
        XCTAssertEqual(h.app.home.saved.map(\.subtitle), ["1 move · in progress"])
        h.assertNothingOnMain()
    }

    @MainActor
    func testADamagedDatabaseIsOfferedToBeSetAsideAndIsKept() async throws {
        let dir = try temporaryDirectory(for: self)
        let h = Harness(dir: dir)
        let words = "this is not a database, but the player's file"
        try words.write(toFile: h.dbPath, atomically: true, encoding: .utf8)
        h.app.start()
        try await eventually("the failure") {
            if case .failed = h.app.startup { return true }
            return false
        }
        guard case let .failed(message, canSetAside) = h.app.startup else { return XCTFail("\(h.app.startup)") }
        XCTAssertTrue(canSetAside)
        XCTAssertTrue(message.contains("damaged"), message)
        h.app.setAsideAndStart()
        try await eventually("a new database") {
            if case .ready = h.app.startup { return true }
            return false
        }
        guard case let .ready(notice) = h.app.startup else { return XCTFail("\(h.app.startup)") }
        XCTAssertTrue(notice?.hasPrefix("The old file was kept as rodina.db") == true, notice ?? "no notice")
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("unreadable") }
        XCTAssertEqual(kept.count, 1)
        let keptWords = try String(contentsOfFile: dir.appendingPathComponent(kept[0]).path, encoding: .utf8)
        XCTAssertEqual(keptWords, words)
        h.assertNothingOnMain()
    }
}

final class LanguageTests: XCTestCase {
    @MainActor
    func testTheAppFollowsTheSystemLanguageAndThePlayersChoiceEverywhereAtOnce() async throws {
        let dir = try temporaryDirectory(for: self)
        let h = Harness(dir: dir, locale: "sk-SK")
        try await h.start()
        XCTAssertEqual(h.app.language, .slovak)
        XCTAssertEqual(h.app.home.games.first?.name, "Siang-čchi")
        let c = try h.newGame(.xiangqi, level: "novice")
        XCTAssertEqual(c.state.status, "Na ťahu je Červený")
        XCTAssertEqual(h.app.newGame.state.opponents[1].label, "Nováčik")
        // The player chooses English: the open game, the form and the home screen follow.
        var s = h.app.settings
        s.language = .english
        h.app.updateSettings(s)
        XCTAssertEqual(c.state.status, "Red to move")
        XCTAssertEqual(h.app.newGame.state.opponents[1].label, "Novice")
        XCTAssertEqual(h.app.home.games.first?.name, "Xiangqi")
        // Kept in the store: a new start reads it back (once the write has landed).
        h.app.back()
        try await h.waitHome()
        await h.app.flushSaves()
        let again = Harness(dir: dir, locale: "sk-SK")
        try await again.start()
        XCTAssertEqual(again.app.language, .english)
        // Back to following the system.
        s = h.app.settings
        s.language = nil
        h.app.updateSettings(s)
        XCTAssertEqual(h.app.language, .slovak)
        h.app.setSystemLocale("en-US")
        XCTAssertEqual(h.app.language, .english)
        h.assertNothingOnMain()
        again.assertNothingOnMain()
    }

    @MainActor
    func testLabelsFollowThePieceStyleAndTheLanguage() async throws {
        let h = Harness(dir: try temporaryDirectory(for: self))
        try await h.start()
        let c = try h.newGame(.xiangqi)
        XCTAssertEqual(c.state.cells[0].piece?.label, "車")
        var s = h.app.settings
        s.pieceStyle = .letters
        h.app.updateSettings(s)
        XCTAssertEqual(c.state.cells[0].piece?.label, "R")
        s.language = .slovak
        h.app.updateSettings(s)
        XCTAssertEqual(c.state.cells[0].piece?.label, "V", "a chariot is a voz")
    }
}

final class NewGameFormTests: XCTestCase {
    @MainActor
    func testAHandicapAgainstTheBotIsGivenByThePersonOrByTheBotWhoThenPlaysRed() throws {
        let f = NewGameController(language: .english)
        f.choose(.xiangqi)
        f.chooseOpponent("casual")
        f.chooseSide(.second)
        XCTAssertTrue(f.state.fields.side)
        f.chooseHandicap(.chariot)
        var s = f.state
        XCTAssertFalse(s.fields.side, "the handicap decides the sides")
        XCTAssertTrue(s.fields.giver)
        XCTAssertEqual(s.personPlays, .first, "the person gives it by default and plays Red")
        f.chooseGiver(.bot)
        s = f.state
        XCTAssertEqual(s.personPlays, .second)
        let game = try formNewGame(form: s.form)
        XCTAssertEqual(game.first, .bot(level: "casual"))
        XCTAssertEqual(game.handicap, .chariot)
        XCTAssertEqual(s.givers[1].label, "The bot (it plays Red)")
        // In Jieqi the handicap does not apply and the rule sets do.
        f.choose(.jieqi)
        f.chooseRuleSet(.tencent)
        s = f.state
        XCTAssertTrue(s.fields.ruleSet && s.fields.side && !s.fields.handicap)
        XCTAssertEqual(s.ruleSets.count, 5)
        let jieqi = try formNewGame(form: s.form)
        XCTAssertNil(jieqi.handicap)
        XCTAssertEqual(jieqi.ruleSet, .tencent)
    }

    @MainActor
    func testAnUnknownLevelFallsBackToAFriendAndSaysWhy() {
        let f = NewGameController(language: .english)
        f.chooseOpponent("grandmaster")
        XCTAssertNil(f.state.form.botLevel)
        XCTAssertNotNil(f.state.message)
    }
}
