// The generated Swift bindings themselves, below the state holders: the same checks as
// bindings/kotlin/src/test/kotlin/app/rodina/core/BindingsTest.kt, through Swift.

import Foundation
import XCTest
@testable import RodinaCore

final class BindingsTests: XCTestCase {
    private func passAndPlay(fen: String? = nil) -> NewGame {
        NewGame(variant: .xiangqi, handicap: nil, fen: fen, first: .person, second: .person)
    }

    /// The sentence a core error carries.
    private func message(_ error: Error) -> String? {
        guard let e = error as? RodinaError else { return nil }
        switch e {
        case let .InvalidInput(m), let .GameOver(m), let .Unsupported(m), let .NotFound(m),
             let .SavedGameDamaged(m), let .DatabaseDamaged(m), let .DatabaseTooNew(m),
             let .PuzzleDamaged(m), let .CourseDamaged(m), let .Storage(m), let .Internal(m):
            return m
        }
    }

    func testAWholeGameIsPlayedByTapsToCheckmate() throws {
        let s = try GameSession(options: passAndPlay())
        let moves: [((Int, Int), (Int, Int))] = [
            ((1, 2), (1, 4)), ((0, 6), (0, 5)), ((1, 4), (2, 4)), ((5, 9), (4, 8)), ((2, 4), (2, 9)),
        ]
        for (from, to) in moves {
            XCTAssertEqual(s.tap(point: point(from.0, from.1)), .selected(point: point(from.0, from.1)))
            guard case .moved = s.tap(point: point(to.0, to.1)) else { return XCTFail("no move") }
        }
        XCTAssertEqual(s.moves().map(\.notation), ["C8+2", "P1+1", "C8=7", "A6+5", "C7+5"])
        XCTAssertEqual(s.outcome(), .win(winner: .first, reason: .checkmate))
    }

    func testBadInputThrowsWithTheCoresMessage() throws {
        XCTAssertThrowsError(try GameSession(options: passAndPlay(fen: "rnbakabnr/9/1c5c1 w - - 0 1"))) {
            XCTAssertEqual(self.message($0), "bad start position: FEN board has 3 ranks, expected 10")
        }
        let s = try GameSession(options: passAndPlay())
        XCTAssertThrowsError(try s.play(text: "a1a5")) {
            XCTAssertEqual(self.message($0), "\"a1a5\" is not a legal move here: the chariot on a1 cannot move to a5")
        }
    }

    func testAGameIsSavedAndResumed() throws {
        let dir = try temporaryDirectory(for: self)
        let store = try Store.open(path: dir.appendingPathComponent("rodina.db").path)
        let s = try GameSession(options: passAndPlay())
        _ = try s.play(text: "h3e3")
        let id = try s.save(store: store)
        let back = try GameSession.resume(store: store, id: id)
        XCTAssertEqual(back.moves().map(\.coordinate), ["h3e3"])
    }

    func testAnUnreadableDatabaseIsReportedAsDamagedAndLeftAlone() throws {
        let file = try temporaryDirectory(for: self).appendingPathComponent("rodina.db")
        let junk = Data(repeating: 7, count: 4096)
        try junk.write(to: file)
        XCTAssertThrowsError(try Store.open(path: file.path)) { error in
            guard let e = error as? RodinaError, case .DatabaseDamaged = e else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try Data(contentsOf: file), junk)
    }

    func testADatabaseInAFolderThatDoesNotExistIsAStorageError() throws {
        let path = try temporaryDirectory(for: self).appendingPathComponent("missing/rodina.db").path
        XCTAssertThrowsError(try Store.open(path: path)) { error in
            guard let e = error as? RodinaError, case .Storage = e else { return XCTFail("\(error)") }
        }
    }

    func testTheBotRepliesAndAStaleReplyIsDropped() async throws {
        let s = try GameSession(options: NewGame(
            variant: .xiangqi, handicap: nil, fen: nil, first: .person, second: .bot(level: "novice"), botSeed: 3))
        let none = try await s.playBotMove(timeLimitMs: nil)
        XCTAssertNil(none, "Red, the person, is to move")
        _ = try s.play(text: "h3e3")
        let reply = try await s.playBotMove(timeLimitMs: nil)
        XCTAssertEqual(reply?.side, .second)
        XCTAssertEqual(s.moves().count, 2)
        XCTAssertTrue(s.undo())
        XCTAssertEqual(s.moves().count, 0)

        let strong = try GameSession(options: NewGame(
            variant: .xiangqi, handicap: nil, fen: nil, first: .person, second: .bot(level: "full"), botSeed: 1))
        _ = try strong.play(text: "h3e3")
        async let pending = strong.playBotMove(timeLimitMs: nil)
        while !strong.isThinking() { try await Task.sleep(nanoseconds: 1_000_000) }
        XCTAssertTrue(strong.undo())
        let dropped = try await pending
        XCTAssertNil(dropped)
        XCTAssertEqual(strong.moves().count, 0)
    }

    func testTheLevelsHaveEnglishAndSlovakNames() {
        let levels = botLevels()
        XCTAssertEqual(levels.map(\.id), ["novice", "beginner", "casual", "intermediate", "club", "full"])
        XCTAssertEqual(levelName(language: .slovak, levelId: "novice"), "Nováčik")
        XCTAssertEqual(levelName(language: .english, levelId: "novice"), "Novice")
    }

    func testTheCatalogSpeaksBothLanguages() {
        XCTAssertEqual(languages(), [.english, .slovak])
        XCTAssertEqual(languageForLocale(locale: "sk_SK"), .slovak)
        XCTAssertEqual(languageForLocale(locale: "de-DE"), .english)
        XCTAssertEqual(uiText(language: .english, text: .gameUndo), "Take back")
        XCTAssertEqual(problemText(language: .english, problem: .save(detail: "the disk is full")),
                       "The game could not be saved: the disk is full")
    }

    func testPuzzleErrorsSayWhatToDoAboutThem() throws {
        let header = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,Variant,Generator"
        XCTAssertThrowsError(try Puzzles.fromBanks(banks: [header + "\nbroken\n"])) {
            guard case .PuzzleDamaged = $0 as? RodinaError else { return XCTFail("\($0)") }
        }
        let store = try Store.inMemory()
        XCTAssertThrowsError(try Puzzles.embedded().open(store: store, variant: .xiangqi, id: "zz9")) {
            guard case .NotFound = $0 as? RodinaError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try store.puzzleDifficulty(variant: .jieqi), .normal)
    }
}
