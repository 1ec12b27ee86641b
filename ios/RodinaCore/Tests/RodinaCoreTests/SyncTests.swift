// Progress across devices through the state holders, as two devices use it, against a real
// `rodina serve` process on this Mac. The twin of
// bindings/kotlin/src/test/kotlin/app/rodina/state/SyncTest.kt: keep the two telling the
// same story. The server binary comes from RODINA_SERVER_BIN (see OnlineTests.swift).

#if os(macOS)
import Foundation
import XCTest
@testable import RodinaCore

@MainActor
final class SyncTests: XCTestCase {
    private var dir: URL!
    private var server: ServerProcess!

    override func setUp() async throws {
        dir = try temporaryDirectory(for: self)
        server = try ServerProcess.start(dir: dir.appendingPathComponent("server"))
    }

    override func tearDown() async throws {
        server?.stop()
        server = nil
    }

    private func device(_ name: String, locale: String = "en-GB") async throws -> Harness {
        let folder = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let h = Harness(dir: folder, locale: locale, onlineServer: server.url)
        try await h.start()
        return h
    }

    /// Fails the next Xiangqi puzzle by asking for its solution, and leaves the screen once
    /// the attempt is written.
    private func failAPuzzle(_ h: Harness) async throws {
        h.app.openGameHome(.xiangqi)
        h.app.openPuzzles(.xiangqi)
        let c = try XCTUnwrap(h.app.puzzle)
        try await eventually("a puzzle to solve") { !c.state.loading && c.state.phase == .solving }
        c.showSolution()
        try await eventually("the attempt written") { c.state.phase == .failed && c.state.change != nil }
        await c.settle()
        _ = h.app.back()
    }

    private func xiangqiCard(_ h: Harness) async throws -> PuzzleCard {
        h.app.openGameHome(.xiangqi)
        try await eventually("the puzzle card") { h.app.home.puzzlesOf(.xiangqi)?.progress != nil }
        return try XCTUnwrap(h.app.home.puzzlesOf(.xiangqi))
    }

    func testAPuzzleAndASettingOfThePhoneReachTheTabletPairedByACodeWithTheSameRating() async throws {
        let phone = try await device("phone")
        let tablet = try await device("tablet", locale: "sk-SK")
        try await failAPuzzle(phone)
        var settings = phone.app.settings
        settings.pieceStyle = .letters
        phone.app.updateSettings(settings)
        let sync = try XCTUnwrap(phone.app.sync)
        try await eventually("the writes waiting") { sync.refresh(); return (sync.state.status?.pending ?? 0) >= 2 }
        await sync.syncNow().value
        XCTAssertEqual(sync.state.status?.pending, 0)
        XCTAssertEqual(sync.state.status?.text, "Everything is synced.")

        sync.showPairingCode()
        try await eventually("a pairing code") { sync.state.pairing != nil || sync.state.problem != nil }
        let code = try XCTUnwrap(sync.state.pairing?.code, sync.state.problem ?? "")
        let other = try XCTUnwrap(tablet.app.sync)
        other.typeCode(code.lowercased())
        XCTAssertTrue(other.state.canPair)
        other.pair()
        try await eventually("the tablet paired and synced") {
            !other.state.busy && !other.state.syncing && other.state.status?.state == .idle && other.state.code.isEmpty
        }
        XCTAssertNil(other.state.problem)
        XCTAssertEqual(other.state.status?.text, "Všetko je synchronizované.")

        let mine = try await xiangqiCard(phone)
        let theirs = try await xiangqiCard(tablet)
        XCTAssertEqual(mine.progress, theirs.progress)
        try await eventually("the phone's piece style") { tablet.app.settings.pieceStyle == .letters }
        other.typeCode(code)
        other.pair()
        try await eventually("the used code refused") { !other.state.busy && other.state.problem != nil }
        XCTAssertEqual(other.state.problem, "Takýto párovací kód neexistuje alebo už bol použitý: zobrazte nový na druhom zariadení.")
    }
}
#endif
